#pragma once
// Who watches live trails, between the sessions (any thread) and the frame path (the sim thread):
// a world that offers live trail points (WorldFrame::trail_message) builds them only while some
// session of that world wants them, so a meadow nobody watches that way pays nothing for them.
#include <atomic>

namespace meadow::stream {

class TrailDemand {
 public:
  // A session starts (+1) or stops (−1) watching trails.
  void watch(int change) { watchers_.fetch_add(change, std::memory_order_relaxed); }
  [[nodiscard]] int watchers() const { return watchers_.load(std::memory_order_relaxed); }
  [[nodiscard]] bool wanted() const { return watchers_.load(std::memory_order_relaxed) > 0; }

 private:
  std::atomic<int> watchers_{0};
};

}  // namespace meadow::stream
