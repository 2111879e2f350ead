#include "app/replay/night_store.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace meadow::app {

NightRecord read_night(store::StateStore& store) {
  NightRecord night;
  night.seed = store.seed().value_or(0);
  night.timeline = store.timeline();
  for (const store::SnapshotInfo& s : store.snapshots()) {
    if (s.timeline == night.timeline) night.snapshots.push_back(s);
  }
  if (night.snapshots.empty()) throw std::runtime_error("the journal keeps nothing of this meadow yet");
  std::reverse(night.snapshots.begin(), night.snapshots.end());  // oldest first
  night.reached = store.reached(night.timeline).value_or(night.snapshots.back().tick);
  return night;
}

NightClock night_clock(const NightRecord& night, TickTime live) {
  std::vector<TickTime> points;
  for (const store::SnapshotInfo& s : night.snapshots) points.push_back({s.tick, s.saved_at_ms});
  points.push_back(live);
  return NightClock(std::move(points));
}

const store::SnapshotInfo& snapshot_before(const NightRecord& night, std::uint64_t tick) {
  const store::SnapshotInfo* best = &night.snapshots.front();
  for (const store::SnapshotInfo& s : night.snapshots) {
    if (s.tick <= tick) best = &s;
  }
  return *best;
}

PastStart read_past_start(store::StateStore& store, const store::SnapshotInfo& snapshot) {
  PastStart start;
  start.snapshot = store.snapshot_data(snapshot.id);
  start.journal = store::read_journal(store, snapshot.timeline, snapshot.tick);
  return start;
}

}  // namespace meadow::app
