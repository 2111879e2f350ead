#include "app/replay/night_store.hpp"

#include <algorithm>
#include <future>
#include <stdexcept>
#include <utility>

namespace meadow::app {

namespace {

// Runs `read` on the store's thread and waits for what it returns (or throws).
template <typename Read>
auto on_store_thread(store::StoreWriter& writer, Read read) -> decltype(read(std::declval<store::StateStore&>())) {
  using Result = decltype(read(std::declval<store::StateStore&>()));
  auto promise = std::make_shared<std::promise<Result>>();
  std::future<Result> answer = promise->get_future();
  writer.post([promise, read = std::move(read), &writer](store::StateStore* store) mutable {
    try {
      if (store == nullptr) throw std::runtime_error("the saved state cannot be read now: " + writer.status().problem);
      promise->set_value(read(*store));
    } catch (...) {
      promise->set_exception(std::current_exception());
    }
  });
  try {
    return answer.get();
  } catch (const std::future_error&) {
    throw std::runtime_error("the server is stopping");  // the store's thread ended first
  }
}

}  // namespace

NightRecord read_night(store::StoreWriter& writer) {
  return on_store_thread(writer, [](store::StateStore& store) {
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
  });
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

PastStart read_past_start(store::StoreWriter& writer, const store::SnapshotInfo& snapshot) {
  return on_store_thread(writer, [snapshot](store::StateStore& store) {
    PastStart start;
    start.snapshot = store.snapshot_data(snapshot.id);
    start.journal = store::read_journal(store, snapshot.timeline, snapshot.tick);
    return start;
  });
}

store::JournalRead read_journal_from(store::StoreWriter& writer, std::int64_t timeline, std::uint64_t tick) {
  return on_store_thread(writer, [timeline, tick](store::StateStore& store) {
    return store::read_journal(store, timeline, tick);
  });
}

}  // namespace meadow::app
