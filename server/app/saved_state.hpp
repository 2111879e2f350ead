#pragma once
// The meadow's saved state at start (docs/durability.md): the store in --state-dir is
// opened before the meadow is made (the meadow takes the store's seed), the meadow is restored and
// its journal replayed, and then the store's writer takes over. A store that cannot be opened
// leaves the meadow fresh and running, and says so; the writer keeps trying the folder.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <vector>

#include "sim/meadow.hpp"
#include "sim/parallel_for.hpp"
#include "store/state_store.hpp"
#include "store/store_writer.hpp"
#include "stream/world_snapshot.hpp"

namespace meadow::app {

class SavedState {
 public:
  // Opens STATE_DIR/meadow.db (a failure is logged, not thrown).
  SavedState(std::filesystem::path dir, std::uint64_t seed, std::uint64_t max_bytes = 0);

  // The meadow's seed: the store's when it keeps a meadow, else the one given.
  [[nodiscard]] std::uint64_t seed() const { return seed_; }
  // Restores `meadow` (made with seed()) from the newest snapshot that reads back and replays its
  // journal; logs what it did and what it passed over.
  void recover(sim::Meadow& meadow, sim::ParallelFor& parallel, const std::vector<stream::WorldSnapshotMapping>& worlds);
  // The writer that saves the meadow from now on (it takes the store).
  [[nodiscard]] std::unique_ptr<store::StoreWriter> start_writer(std::vector<stream::WorldSnapshotMapping> worlds,
                                                                 store::Retention retention);

 private:
  std::filesystem::path dir_;
  std::uint64_t seed_;
  std::unique_ptr<store::StateStore> store_;
};

}  // namespace meadow::app
