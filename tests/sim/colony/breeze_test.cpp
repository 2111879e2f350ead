// The breeze (docs/rules.md "The breeze"): wandering round east, gusts 20 … 45 s apart swinging it
// 30 … 60°.
#include "sim/colony/breeze.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

namespace meadow::sim {
namespace {

constexpr float kDegree = std::numbers::pi_v<float> / 180.0F;

TEST(Breeze, GustsCome20To45SecondsApartAndSwing30To60Degrees) {
  const ColonyParams p;
  BreezeState state;
  std::vector<std::uint64_t> starts;
  int left = 0;
  int right = 0;
  for (std::uint64_t step = 1; step <= 60ULL * 60 * 60; ++step) {  // an hour
    GustStart gust;
    if (!advance_breeze(state, 9, p, step, &gust)) continue;
    starts.push_back(step);
    EXPECT_GE(std::fabs(gust.swing), 30.0F * kDegree - 1e-4F);
    EXPECT_LE(std::fabs(gust.swing), 60.0F * kDegree + 1e-4F);
    (gust.swing < 0.0F ? left : right) += 1;
  }
  ASSERT_GE(starts.size(), 80U);  // 3600 s / 45 s
  ASSERT_LE(starts.size(), 180U);  // 3600 s / 20 s
  for (std::size_t i = 1; i < starts.size(); ++i) {
    EXPECT_GE(starts[i] - starts[i - 1], 1200U);
    EXPECT_LE(starts[i] - starts[i - 1], 2700U);
  }
  EXPECT_GT(left, 10);  // to either side
  EXPECT_GT(right, 10);
}

TEST(Breeze, AGustSwingsWithinTwoSecondsBlowsHarderAndEasesBackOverSix) {
  const ColonyParams p;
  BreezeState state;
  std::uint64_t step = 1;
  GustStart gust;
  while (!advance_breeze(state, 4, p, step, &gust)) ++step;
  const std::uint64_t start = step;
  const auto at = [&](std::uint64_t s) {
    for (; step < s;) advance_breeze(state, 4, p, ++step);
    return breeze_at(state, 4, p, s);
  };
  const BreezeNow height = at(start + 120);
  const BreezeNow calm = calm_breeze_at(4, p, start + 120);
  EXPECT_FLOAT_EQ(height.gust, 1.0F);
  EXPECT_NEAR(height.direction - calm.direction, gust.swing, 1e-5F);
  EXPECT_GT(height.strength, calm.strength + p.gust_boost_min - 1e-5F);
  const BreezeNow easing = at(start + 120 + 180);
  EXPECT_GT(easing.gust, 0.1F);
  EXPECT_LT(easing.gust, 0.9F);
  const BreezeNow after = at(start + 120 + 360 + 1);
  EXPECT_FLOAT_EQ(after.gust, 0.0F);
  EXPECT_FLOAT_EQ(after.direction, calm_breeze_at(4, p, start + 481).direction);
}

TEST(Breeze, WandersRoundEastAFewTensOfDegreesAMinute) {
  const ColonyParams p;
  float lowest = 10.0F;
  float highest = -10.0F;
  float biggest_minute_change = 0.0F;
  for (std::uint64_t step = 0; step < 60ULL * 60 * 20; step += 60) {
    const float d = calm_breeze_at(2, p, step).direction;
    lowest = std::min(lowest, d);
    highest = std::max(highest, d);
    const float later = calm_breeze_at(2, p, step + 3600).direction;
    biggest_minute_change = std::max(biggest_minute_change, std::fabs(later - d));
    const float s = calm_breeze_at(2, p, step).strength;
    EXPECT_GE(s, 0.0F);
    EXPECT_LE(s, 1.0F);
  }
  // Pulled back towards east: never more than the two waves' amplitudes away from it.
  EXPECT_GE(lowest, -(p.breeze_sway_wide + p.breeze_sway_narrow) - 1e-4F);
  EXPECT_LE(highest, p.breeze_sway_wide + p.breeze_sway_narrow + 1e-4F);
  EXPECT_GT(highest - lowest, 30.0F * kDegree);  // it does wander
  EXPECT_GT(biggest_minute_change, 10.0F * kDegree);
  EXPECT_LT(biggest_minute_change, 70.0F * kDegree);
}

TEST(Breeze, TheSameSeedBlowsTheSameWay) {
  const ColonyParams p;
  BreezeState a;
  BreezeState b;
  for (std::uint64_t step = 1; step < 20000; ++step) {
    advance_breeze(a, 77, p, step);
    advance_breeze(b, 77, p, step);
    ASSERT_EQ(breeze_at(a, 77, p, step).direction, breeze_at(b, 77, p, step).direction);
  }
  EXPECT_NE(calm_breeze_at(77, p, 5000).direction, calm_breeze_at(78, p, 5000).direction);
}

}  // namespace
}  // namespace meadow::sim
