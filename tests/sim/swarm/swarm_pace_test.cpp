#include "sim/swarm/swarm_pace.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>

namespace meadow::sim {
namespace {

constexpr std::uint32_t kNoLimit = std::numeric_limits<std::uint32_t>::max();

TEST(SwarmPace, SixtyTimesTheRootOfMeadowsWide) {
  EXPECT_DOUBLE_EQ(SwarmPace::target_steps_per_second(1.0), 60.0);
  EXPECT_DOUBLE_EQ(SwarmPace::target_steps_per_second(4.0), 120.0);
  EXPECT_DOUBLE_EQ(SwarmPace::target_steps_per_second(0.5), 60.0);  // never below one meadow
  // A million fireflies at the GPU engine's 48,000 a meadow: 4.56 meadows wide, about 128 a
  // second (docs/rules.md "The swarm · Pace"); at the CPU engine's 6,000 a meadow: 12.9 wide, about
  // 216 a second.
  EXPECT_NEAR(SwarmPace::target_steps_per_second(4.56), 128.0, 0.5);
  EXPECT_NEAR(SwarmPace::target_steps_per_second(12.91), 215.6, 0.5);
}

TEST(SwarmPace, OneMeadowWideIsExactlyOneStepATick) {
  SwarmPace pace;
  for (int tick = 0; tick < 200; ++tick) ASSERT_EQ(pace.steps_this_tick(1.0, kNoLimit), 1U);
  EXPECT_DOUBLE_EQ(pace.achieved_steps_per_second(60.0), 60.0);
  EXPECT_FALSE(pace.slowed());
}

TEST(SwarmPace, FractionalStepsPerTickAverageOut) {
  for (const double wide : {1.7, 2.0, 3.3, 12.91}) {
    SwarmPace pace;
    const double per_tick = SwarmPace::target_steps_per_second(wide) / 60.0;
    std::uint64_t steps = 0;
    constexpr int kTicks = 6000;
    for (int tick = 0; tick < kTicks; ++tick) {
      const std::uint32_t n = pace.steps_this_tick(per_tick, kNoLimit);
      // Never a burst: the whole part or one more.
      ASSERT_GE(n, static_cast<std::uint32_t>(std::floor(per_tick)));
      ASSERT_LE(n, static_cast<std::uint32_t>(std::floor(per_tick)) + 1U);
      steps += n;
    }
    EXPECT_NEAR(static_cast<double>(steps) / kTicks, per_tick, 1.0 / kTicks) << wide;
    EXPECT_NEAR(pace.achieved_steps_per_second(60.0), per_tick * 60.0, 1.01) << wide;
    EXPECT_FALSE(pace.slowed());
  }
}

TEST(SwarmPace, WhenStepsDoNotFitTheSwarmSlowsInsteadOfCatchingUp) {
  SwarmPace pace;
  // 2.5 steps a tick wanted, 1 fits.
  for (int tick = 0; tick < 120; ++tick) ASSERT_EQ(pace.steps_this_tick(2.5, 1), 1U);
  EXPECT_TRUE(pace.slowed());
  EXPECT_DOUBLE_EQ(pace.achieved_steps_per_second(60.0), 60.0);
  // Room again: no debt is paid back in a burst.
  EXPECT_LE(pace.steps_this_tick(2.5, kNoLimit), 3U);
  for (int tick = 0; tick < 60; ++tick) pace.steps_this_tick(2.5, kNoLimit);
  EXPECT_FALSE(pace.slowed());
}

}  // namespace
}  // namespace meadow::sim
