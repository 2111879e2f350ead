#pragma once
// Wall-clock time and the meadow's ticks on one timeline of the journal (docs/gallery.md "Tonight
// so far"). The journal counts ticks, not time: the snapshots kept say when each was taken, and
// the live meadow where it is now, so a moment between two of them is found by interpolating
// between their ticks (exact at each snapshot; within the gap's pace between them, which only a
// pause or a slow spell makes uneven).
#include <cstdint>
#include <string>
#include <vector>

namespace meadow::app {

struct TickTime {
  std::uint64_t tick = 0;
  std::int64_t ms = 0;  // Unix milliseconds
};

class NightClock {
 public:
  // `points`: the snapshots of one timeline and the live meadow's (tick, time), in any order; at
  // least one.
  explicit NightClock(std::vector<TickTime> points);

  [[nodiscard]] std::int64_t start_ms() const { return points_.front().ms; }
  [[nodiscard]] std::int64_t end_ms() const { return points_.back().ms; }
  [[nodiscard]] std::uint64_t start_tick() const { return points_.front().tick; }
  [[nodiscard]] std::uint64_t end_tick() const { return points_.back().tick; }
  // The tick at `ms`, clamped to the points' span.
  [[nodiscard]] std::uint64_t tick_at(std::int64_t ms) const;
  // The moment of `tick`, clamped to the points' span.
  [[nodiscard]] std::int64_t ms_at(std::uint64_t tick) const;

 private:
  std::vector<TickTime> points_;  // by tick, each later in time than the one before
};

// "21:40": the server's local time of day of Unix milliseconds `ms`, for notices.
[[nodiscard]] std::string clock_text(std::int64_t ms);

}  // namespace meadow::app
