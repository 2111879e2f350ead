#include "app/replay_run.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include "app/worker_pool.hpp"
#include "app/worlds.hpp"
#include "sim/meadow.hpp"
#include "sim/state_hash.hpp"
#include "store/recovery.hpp"
#include "store/replay.hpp"
#include "store/state_store.hpp"

namespace meadow::app {

std::vector<WorldRegistration> recording_worlds(const std::string& snapshot, const WorldOptions& options) {
  return standard_worlds(recording_options(snapshot, options));
}

Recording load_recording(const std::filesystem::path& dir, std::optional<std::int64_t> from) {
  if (!std::filesystem::is_regular_file(dir / "meadow.db")) {
    throw std::runtime_error("no recording in " + dir.string() + " (meadow.db missing)");
  }
  store::StateStore store(dir);
  const std::vector<store::SnapshotInfo> snapshots = store.snapshots();  // newest first
  if (snapshots.empty()) throw std::runtime_error("the recording in " + dir.string() + " has no snapshot");
  const store::SnapshotInfo* start = nullptr;
  for (const store::SnapshotInfo& s : snapshots) {
    if (from ? s.id == *from : s.timeline == snapshots.front().timeline) start = &s;
  }
  if (start == nullptr) throw std::runtime_error("no snapshot " + std::to_string(*from) + " in " + dir.string());
  Recording recording;
  recording.seed = store.seed().value_or(0);
  recording.start = *start;
  recording.snapshot = store.snapshot_data(start->id);
  recording.journal = store::read_journal(store, start->timeline, start->tick);
  return recording;
}

ReplayResult replay_recording(const ReplayOptions& options,
                              const std::function<void(std::uint64_t tick, std::uint64_t hash)>& report) {
  const auto started = std::chrono::steady_clock::now();
  const Recording recording = load_recording(options.state_dir, options.from_snapshot);
  const store::SnapshotInfo& from = recording.start;
  const store::JournalRead& journal = recording.journal;
  // The CPU engines: bit for bit.
  WorldOptions engines;
  engines.use_cpu_engines();
  const std::vector<WorldRegistration> worlds = recording_worlds(recording.snapshot, engines);
  sim::Meadow meadow(recording.seed, makers_of(worlds));
  const std::vector<stream::WorldSnapshotMapping> mappings = snapshot_mappings_of(worlds);
  for (const std::string& problem : meadow.restore(store::read_snapshot(recording.snapshot, mappings))) {
    throw std::runtime_error("the snapshot does not restore: " + problem);
  }
  if (options.to_tick && *options.to_tick > journal.until) {
    throw std::runtime_error("the recording reaches tick " + std::to_string(journal.until) + ", not " +
                             std::to_string(*options.to_tick));
  }
  if (options.to_tick && *options.to_tick < from.tick) {
    throw std::runtime_error("tick " + std::to_string(*options.to_tick) + " is before the snapshot's (" +
                             std::to_string(from.tick) + "): choose an older one with --from");
  }
  const std::uint64_t until = options.to_tick.value_or(journal.until);

  WorkerPool pool(options.threads);
  store::Replayer replayer(meadow, pool, journal.entries);
  ReplayResult result;
  result.snapshot_id = from.id;
  result.from_tick = from.tick;
  result.journal_cut = journal.cut;
  result.actions = replayer.run(until, [&](std::uint64_t tick) {
    if (options.every != 0 && tick % options.every == 0 && tick != until) report(tick, sim::meadow_state_hash(meadow));
  });
  result.to_tick = meadow.tick();
  result.hash = sim::meadow_state_hash(meadow);
  report(result.to_tick, result.hash);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return result;
}

}  // namespace meadow::app
