#include "app/saved_state.hpp"

#include <spdlog/spdlog.h>

#include <utility>

#include "sim/state_hash.hpp"
#include "store/recovery.hpp"

namespace meadow::app {

namespace {
std::shared_ptr<spdlog::logger> store_log() {
  auto log = spdlog::get("store");
  return log ? log : spdlog::default_logger();
}
}  // namespace

SavedState::SavedState(std::filesystem::path dir, std::uint64_t seed, std::uint64_t max_bytes)
    : dir_(std::move(dir)), seed_(seed) {
  try {
    store_ = std::make_unique<store::StateStore>(dir_, max_bytes);
    if (const auto saved = store_->seed()) {
      if (*saved != seed_) {
        store_log()->info("{} keeps the meadow of seed {}: it goes on with that seed, not {}", store_->file().string(),
                          *saved, seed_);
      }
      seed_ = *saved;
    }
  } catch (const std::exception& e) {
    store_.reset();
    store_log()->error("cannot open the saved meadow: {}; the meadow starts fresh and is not saved until the folder "
                       "works (retried every few seconds)",
                       e.what());
  }
}

void SavedState::recover(sim::Meadow& meadow, sim::ParallelFor& parallel,
                         const std::vector<stream::WorldSnapshotMapping>& worlds) {
  if (!store_) return;
  try {
    const store::Recovery r = store::recover(*store_, meadow, parallel, worlds);
    for (const std::string& problem : r.problems) store_log()->warn("{}", problem);
    if (!r.restored) {
      store_log()->info("no saved meadow in {}: a new one begins", dir_.string());
      return;
    }
    store_log()->info("meadow restored from snapshot {} (tick {}), {} actions replayed to tick {} in {:.2f} s "
                      "(state hash {:016x})",
                      r.snapshot.id, r.snapshot.tick, r.actions_replayed, r.reached_tick, r.seconds,
                      sim::meadow_state_hash(meadow));
  } catch (const std::exception& e) {
    store_log()->error("cannot read the saved meadow: {}; the meadow starts as it was made", e.what());
  }
}

std::unique_ptr<store::StoreWriter> SavedState::start_writer(std::vector<stream::WorldSnapshotMapping> worlds,
                                                             store::Retention retention) {
  if (store_) return std::make_unique<store::StoreWriter>(std::move(store_), dir_, seed_, std::move(worlds), retention);
  return std::make_unique<store::StoreWriter>(dir_, seed_, std::move(worlds), retention);
}

}  // namespace meadow::app
