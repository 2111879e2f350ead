#pragma once
// A copy of the meadow in the past, run on from a snapshot through the journal after it, off the
// sim thread (docs/gallery.md "Tonight so far" and "Moderation · Rewind"). On the CPU engines, as
// every replay: with every world stepped it is the recorded meadow bit for bit
// (store/replay.hpp); a viewer's replay steps only the world it shows (the others' actions are
// applied, their steps skipped), which shows that world exactly, for a fraction of the work.
#include <functional>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/world_registration.hpp"
#include "app/worker_pool.hpp"
#include "sim/meadow.hpp"
#include "store/replay.hpp"
#include "stream/snapshot_mapping.hpp"

namespace meadow::app {

class PastMeadow {
 public:
  // The meadow of seed `seed` as snapshot `snapshot` (a serialised SavedMeadow) has it, and the
  // journal after it. Throws std::runtime_error with a message for people when it does not read back.
  PastMeadow(std::uint64_t seed, const std::string& snapshot, std::vector<stream::JournalEntry> journal,
             std::optional<sim::WorldKind> only);

  [[nodiscard]] sim::Meadow& meadow() { return *meadow_; }
  [[nodiscard]] const sim::Meadow& meadow() const { return *meadow_; }
  [[nodiscard]] std::uint64_t tick() const { return meadow_->tick(); }
  // The snapshot's tick (where it started).
  [[nodiscard]] std::uint64_t start_tick() const { return start_tick_; }
  // The journal read further on (from a tick at or before this meadow's own).
  void continue_with(std::vector<stream::JournalEntry> journal);

  // Runs ticks up to `until` (not past it), stopping early once `interrupted` (may be empty)
  // says so (asked every few ticks). Returns the tick reached.
  std::uint64_t run_to(std::uint64_t until, const std::function<bool()>& interrupted = {});
  // A fresh stream of each world, to build this meadow's frames.
  [[nodiscard]] std::vector<std::unique_ptr<stream::WorldStream>> streams() const;

 private:
  std::vector<WorldRegistration> worlds_;
  std::vector<stream::JournalEntry> journal_;
  std::unique_ptr<sim::Meadow> meadow_;
  WorkerPool pool_{1};
  std::unique_ptr<store::Replayer> replayer_;
  std::uint64_t start_tick_ = 0;
};

}  // namespace meadow::app
