#include "app/replay/past_meadow.hpp"

#include <stdexcept>

#include "app/replay_run.hpp"
#include "app/worlds.hpp"
#include "store/recovery.hpp"

namespace meadow::app {

namespace {

// Ticks run between two looks at the stop flag: a world's few steps, well under a frame.
constexpr std::uint64_t kTicksBetweenStopLooks = 16;

}  // namespace

PastMeadow::PastMeadow(std::uint64_t seed, const std::string& snapshot, std::vector<stream::JournalEntry> journal,
                       std::optional<sim::WorldKind> only)
    : journal_(std::move(journal)) {
  WorldOptions engines;
  engines.use_cpu_engines();  // bit for bit, and no device taken from the live meadow
  const std::vector<WorldRegistration> all = recording_worlds(snapshot, engines);
  // One world alone is made alone: the others' states (and their memory, and the time to make
  // them) are not needed to show it, and their actions are refused as "not here".
  for (const WorldRegistration& w : all) {
    if (!only || w.kind == *only) worlds_.push_back(w);
  }
  if (worlds_.empty()) throw std::runtime_error("the recording has no such world");
  meadow_ = std::make_unique<sim::Meadow>(seed, makers_of(worlds_));
  sim::MeadowState state;
  try {
    // Only the worlds made are read back: a world's state not mapped is passed over, unparsed.
    state = store::read_snapshot(snapshot, snapshot_mappings_of(worlds_));
  } catch (const std::exception& e) {
    throw std::runtime_error(std::string("the snapshot does not read back: ") + e.what());
  }
  for (const std::string& problem : meadow_->restore(state)) {
    throw std::runtime_error("the snapshot does not restore: " + problem);
  }
  start_tick_ = meadow_->tick();
  replayer_ = std::make_unique<store::Replayer>(*meadow_, pool_, journal_);
}

void PastMeadow::continue_with(std::vector<stream::JournalEntry> journal) {
  journal_ = std::move(journal);
  replayer_->continue_with(journal_);
}

std::vector<std::unique_ptr<stream::WorldStream>> PastMeadow::streams() const { return streams_of(worlds_); }

std::uint64_t PastMeadow::run_to(std::uint64_t until, const std::function<bool()>& interrupted) {
  std::uint64_t since_look = 0;
  while (meadow_->tick() < until) {
    if (interrupted && ++since_look == kTicksBetweenStopLooks) {
      since_look = 0;
      if (interrupted()) break;
    }
    (void)replayer_->tick();
  }
  return meadow_->tick();
}

}  // namespace meadow::app
