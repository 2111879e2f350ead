#pragma once
// Bringing the meadow back at start (docs/durability.md "Recovery at start"): the newest snapshot
// that reads back whole, then its journal replayed up to the last tick the meadow reached, then
// live. A snapshot that does not read back falls back to the one before; a journal record that does
// not read back ends the replay there (a torn or damaged tail: logged, never fatal).
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "sim/meadow.hpp"
#include "sim/parallel_for.hpp"
#include "store/state_store.hpp"
#include "stream/snapshot_mapping.hpp"
#include "stream/world_snapshot.hpp"

namespace meadow::store {

struct Recovery {
  bool restored = false;  // false: no snapshot could be read; the meadow is as it was made
  SnapshotInfo snapshot;  // the one restored
  std::uint64_t reached_tick = 0;      // the tick the meadow is at now
  std::size_t actions_replayed = 0;
  std::size_t snapshots_skipped = 0;   // newer ones that did not read back
  bool journal_cut = false;            // a record did not read back: the replay stopped before it
  double seconds = 0.0;                // reading and replaying
  std::vector<std::string> problems;   // for the log, one line each
};

// A snapshot's bytes as the meadow's state (parse and map). Throws std::invalid_argument.
[[nodiscard]] sim::MeadowState read_snapshot(const std::string& data, std::span<const stream::WorldSnapshotMapping> worlds);

// Restores `meadow` from `store` and replays its journal (the meadow's seed must be the store's).
[[nodiscard]] Recovery recover(StateStore& store, sim::Meadow& meadow, sim::ParallelFor& parallel,
                               std::span<const stream::WorldSnapshotMapping> worlds);

// The journal of `timeline` from `from_tick` on, read back up to the first record that does not
// (`cut` set then; the entries of that record's tick are dropped, as its tick is incomplete), and
// the tick to replay up to: the last one reached, or the cut's.
struct JournalRead {
  std::vector<stream::JournalEntry> entries;
  std::uint64_t until = 0;
  bool cut = false;
  std::string problem;
};
[[nodiscard]] JournalRead read_journal(StateStore& store, std::int64_t timeline, std::uint64_t from_tick);

}  // namespace meadow::store
