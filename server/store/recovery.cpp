#include "store/recovery.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include "store/replay.hpp"
#include "stream/snapshot_mapping.hpp"

namespace meadow::store {

sim::MeadowState read_snapshot(const std::string& data, std::span<const stream::WorldSnapshotMapping> worlds) {
  v1::SavedMeadow saved;
  if (!saved.ParseFromString(data)) throw std::invalid_argument("the snapshot does not parse");
  return stream::from_proto(saved, worlds);
}

JournalRead read_journal(StateStore& store, std::int64_t timeline, std::uint64_t from_tick) {
  JournalRead read;
  read.until = std::max(from_tick, store.reached(timeline).value_or(from_tick));
  for (const JournalRow& row : store.journal(timeline, from_tick)) {
    v1::JournalRecord record;
    try {
      if (!record.ParseFromString(row.record)) throw std::invalid_argument("it does not parse");
      stream::JournalEntry entry = stream::from_proto(record);
      if (entry.tick != row.tick) throw std::invalid_argument("its tick is not its row's");
      read.entries.push_back(std::move(entry));
    } catch (const std::invalid_argument& e) {
      read.cut = true;
      read.problem = "journal record " + std::to_string(row.seq) + " (tick " + std::to_string(row.tick) +
                     ") does not read back: " + e.what() + "; the replay stops before its tick";
      read.until = std::min(read.until, row.tick);
      while (!read.entries.empty() && read.entries.back().tick >= row.tick) read.entries.pop_back();
      break;
    }
  }
  return read;
}

Recovery recover(StateStore& store, sim::Meadow& meadow, sim::ParallelFor& parallel,
                 std::span<const stream::WorldSnapshotMapping> worlds) {
  const auto started = std::chrono::steady_clock::now();
  Recovery recovery;
  for (const SnapshotInfo& info : store.snapshots()) {
    try {
      const sim::MeadowState state = read_snapshot(store.snapshot_data(info.id), worlds);
      for (std::string& problem : meadow.restore(state)) recovery.problems.push_back(std::move(problem));
      recovery.restored = true;
      recovery.snapshot = info;
      break;
    } catch (const std::exception& e) {
      ++recovery.snapshots_skipped;
      recovery.problems.push_back("snapshot " + std::to_string(info.id) + " (tick " + std::to_string(info.tick) +
                                  ") does not read back: " + e.what() + "; trying the one before");
    }
  }
  if (recovery.restored) {
    JournalRead journal = read_journal(store, recovery.snapshot.timeline, recovery.snapshot.tick);
    if (journal.cut) {
      recovery.journal_cut = true;
      recovery.problems.push_back(journal.problem);
    }
    Replayer replayer(meadow, parallel, journal.entries);
    recovery.actions_replayed = replayer.run(journal.until);
  }
  recovery.reached_tick = meadow.tick();
  recovery.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return recovery;
}

}  // namespace meadow::store
