// The journal's clock (app/replay/night_clock.hpp): ticks and wall-clock time on one timeline.
#include "app/replay/night_clock.hpp"

#include <gtest/gtest.h>

namespace meadow::app {
namespace {

TEST(NightClock, InterpolatesBetweenItsPointsAndClampsBeyond) {
  // Snapshots 10 s apart, 600 ticks each, but a slow spell in the second gap (300 ticks in 10 s).
  const NightClock clock({{1200, 30'000}, {0, 10'000}, {600, 20'000}, {1500, 40'000}});
  EXPECT_EQ(clock.start_ms(), 10'000);
  EXPECT_EQ(clock.end_ms(), 40'000);
  EXPECT_EQ(clock.tick_at(15'000), 300U);
  EXPECT_EQ(clock.tick_at(25'000), 900U);
  EXPECT_EQ(clock.tick_at(35'000), 1350U) << "the slow spell's pace";
  EXPECT_EQ(clock.ms_at(1350), 35'000);
  EXPECT_EQ(clock.ms_at(300), 15'000);
  EXPECT_EQ(clock.tick_at(0), 0U) << "before the first point: its tick";
  EXPECT_EQ(clock.tick_at(90'000), 1500U) << "after the last: its tick";
  EXPECT_EQ(clock.ms_at(99'999), 40'000);
  for (std::int64_t ms = 10'000; ms <= 40'000; ms += 777) {
    EXPECT_LE(clock.ms_at(clock.tick_at(ms)), ms) << "a moment's tick is never after it";
    EXPECT_GT(clock.ms_at(clock.tick_at(ms) + 1), ms - 100);
  }
}

TEST(NightClock, AClockSetBackIsLeftOutSoTimeRunsOneWay) {
  const NightClock clock({{0, 10'000}, {600, 20'000}, {1200, 15'000}, {1800, 40'000}});
  EXPECT_EQ(clock.tick_at(20'000), 600U);
  EXPECT_EQ(clock.tick_at(30'000), 1200U) << "from 600 at 20 s to 1800 at 40 s";
  std::uint64_t last = 0;
  for (std::int64_t ms = 10'000; ms <= 40'000; ms += 500) {
    EXPECT_GE(clock.tick_at(ms), last);
    last = clock.tick_at(ms);
  }
}

}  // namespace
}  // namespace meadow::app
