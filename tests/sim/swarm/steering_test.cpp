#include "sim/swarm/steering.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace meadow::sim::steering {
namespace {

namespace r = swarm_rules;

float length(Vec2 v) { return std::hypot(v.x, v.y); }

TEST(Steering, NobodySeenNoFlocking) {
  const Vec2 a = flocking(NeighbourSums{}, {2.0F, 1.0F}, SwarmWeights{3.0F, 3.0F, 3.0F});
  EXPECT_EQ(a, (Vec2{0.0F, 0.0F}));
}

TEST(Steering, WeightsScaleEachRuleAndZeroSwitchesItOff) {
  NeighbourSums n;
  n.seen = 2.0F;
  n.sum_vx = 0.0F;
  n.sum_vy = 4.0F;  // they fly +y on average at 2
  n.sum_dx = 0.0F;
  n.sum_dy = 20.0F;  // their centre is 10 below
  n.separate_x = -0.5F;
  const Vec2 v{2.0F, 0.0F};
  const Vec2 off = flocking(n, v, {0.0F, 0.0F, 0.0F});
  EXPECT_EQ(off, (Vec2{0.0F, 0.0F}));
  const Vec2 sep = flocking(n, v, {1.0F, 0.0F, 0.0F});
  EXPECT_FLOAT_EQ(sep.x, -0.5F * r::kSeparationStrength);
  const Vec2 sep3 = flocking(n, v, {3.0F, 0.0F, 0.0F});
  EXPECT_FLOAT_EQ(sep3.x, 3.0F * sep.x);
  const Vec2 align = flocking(n, v, {0.0F, 1.0F, 0.0F});
  EXPECT_FLOAT_EQ(align.x, -2.0F * r::kAlignmentRate);  // towards the mean velocity (0, 2)
  EXPECT_FLOAT_EQ(align.y, 2.0F * r::kAlignmentRate);
  const Vec2 cohere = flocking(n, v, {0.0F, 0.0F, 1.0F});
  EXPECT_FLOAT_EQ(cohere.x, 0.0F);
  EXPECT_FLOAT_EQ(cohere.y, 10.0F * r::kCohesionRate);  // towards their centre
}

TEST(Steering, PersonalSpaceIgnoresTheWeights) {
  NeighbourSums n;
  n.personal_x = 0.5F;
  EXPECT_FLOAT_EQ(flocking(n, {2.0F, 0.0F}, {0.0F, 0.0F, 0.0F}).x, 0.5F * r::kPersonalStrength);
}

TEST(Steering, RocksPushOnlyWithinReachAndHarderCloser) {
  const std::vector<Rock> rocks{Rock{1, {500.0F, 500.0F}, 20.0F}};
  EXPECT_EQ(rock_push({500.0F + 20.0F + r::kRockReach + 0.1F, 500.0F}, rocks), (Vec2{0.0F, 0.0F}));
  float previous = 0.0F;
  for (float edge = r::kRockReach - 1.0F; edge >= 0.0F; edge -= 5.0F) {
    const Vec2 a = rock_push({500.0F, 500.0F - 20.0F - edge}, rocks);  // above the rock
    EXPECT_LT(a.y, 0.0F);                                                // pushed up, away
    EXPECT_NEAR(a.x, 0.0F, 1e-6F);
    EXPECT_GT(length(a), previous);
    previous = length(a);
  }
  EXPECT_NEAR(previous, r::kRockStrength, 0.5F);
  // At the very centre it still gets out.
  EXPECT_GT(length(rock_push({500.0F, 500.0F}, rocks)), r::kRockStrength);
}

TEST(Steering, EdgesPushSoftlyOverTheirMargin) {
  const Rect world{0.0F, 0.0F, 1600.0F, 900.0F};
  EXPECT_EQ(edge_push({800.0F, 450.0F}, world), (Vec2{0.0F, 0.0F}));
  EXPECT_EQ(edge_push({r::kEdgeMargin + 0.01F, 450.0F}, world).x, 0.0F);
  EXPECT_GT(edge_push({r::kEdgeMargin - 1.0F, 450.0F}, world).x, 0.0F);
  EXPECT_LT(edge_push({r::kEdgeMargin - 1.0F, 450.0F}, world).x, 0.01F);  // soft at first
  EXPECT_LT(edge_push({1600.0F - 10.0F, 450.0F}, world).x, 0.0F);
  EXPECT_GT(edge_push({800.0F, 5.0F}, world).y, 0.0F);
  EXPECT_LT(edge_push({800.0F, 895.0F}, world).y, 0.0F);
  EXPECT_FLOAT_EQ(edge_push({0.0F, 450.0F}, world).x, r::kEdgeStrength);
}

TEST(Steering, SpeedStaysInTheBand) {
  EXPECT_NEAR(length(clamp_speed({10.0F, 10.0F}, {1.0F, 0.0F})), r::kMaxSpeed, 1e-5F);
  EXPECT_NEAR(length(clamp_speed({0.1F, -0.1F}, {1.0F, 0.0F})), r::kMinSpeed, 1e-5F);
  const Vec2 stopped = clamp_speed({0.0F, 0.0F}, {0.0F, -1.0F});
  EXPECT_EQ(stopped, (Vec2{0.0F, -r::kMinSpeed}));
  EXPECT_EQ(clamp_speed({2.0F, 1.0F}, {1.0F, 0.0F}), (Vec2{2.0F, 1.0F}));
  // The heading is kept.
  const Vec2 fast = clamp_speed({30.0F, 40.0F}, {1.0F, 0.0F});
  EXPECT_NEAR(fast.y / fast.x, 40.0F / 30.0F, 1e-5F);
}

}  // namespace
}  // namespace meadow::sim::steering
