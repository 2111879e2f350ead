#pragma once
// What a replay or a rewind reads of the meadow's history, through a reader of the store of its own
// (store::StateStore::Reader), on its own thread: the writer's thread (which the live meadow's
// journal goes through) does none of that work.
#include <cstdint>
#include <string>
#include <vector>

#include "app/replay/night_clock.hpp"
#include "store/recovery.hpp"
#include "store/state_store.hpp"

namespace meadow::app {

// The current timeline of the journal as kept.
struct NightRecord {
  std::uint64_t seed = 0;
  std::int64_t timeline = 0;
  std::vector<store::SnapshotInfo> snapshots;  // of this timeline, oldest first
  std::uint64_t reached = 0;                   // the last tick committed on it
};

// Throws std::runtime_error with a message for people (the store cannot be read, keeps nothing).
[[nodiscard]] NightRecord read_night(store::StateStore& store);

// The clock of `night` (its snapshots), with `live` (the live meadow's tick now, and now) last.
[[nodiscard]] NightClock night_clock(const NightRecord& night, TickTime live);

// The newest snapshot of `night` at or before `tick` (the oldest when none is).
[[nodiscard]] const store::SnapshotInfo& snapshot_before(const NightRecord& night, std::uint64_t tick);

// A snapshot's bytes and the journal of its timeline from its tick on.
struct PastStart {
  std::string snapshot;
  store::JournalRead journal;
};
[[nodiscard]] PastStart read_past_start(store::StateStore& store, const store::SnapshotInfo& snapshot);

}  // namespace meadow::app
