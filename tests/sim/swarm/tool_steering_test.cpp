#include "sim/swarm/tool_steering.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace meadow::sim {
namespace {

namespace t = tool_rules;

float length(Vec2 v) { return std::hypot(v.x, v.y); }
float dot(Vec2 a, Vec2 b) { return a.x * b.x + a.y * b.y; }

TEST(ToolSteering, NoToolsNoSteering) {
  const Vec2 a = tool_steering(SwarmInputs{}, {100.0F, 100.0F}, {2.0F, 0.0F});
  EXPECT_EQ(a, (Vec2{}));
}

TEST(ToolSteering, PredatorPushesAwayWithinItsReachHarderTheCloser) {
  const std::vector<SwarmPredator> predators{{7, {500.0F, 500.0F}}};
  SwarmInputs in;
  in.predators = predators;
  in.predator_reach = 120.0F;
  const Vec2 v{0.0F, 2.0F};
  const Vec2 near = tool_steering(in, {530.0F, 500.0F}, v);
  const Vec2 mid = tool_steering(in, {580.0F, 500.0F}, v);
  const Vec2 far = tool_steering(in, {621.0F, 500.0F}, v);
  EXPECT_GT(near.x, 0.0F);            // away from the predator, on its right
  EXPECT_FLOAT_EQ(near.y, 0.0F);
  EXPECT_GT(near.x, mid.x);           // harder the closer
  EXPECT_GT(mid.x, 0.0F);
  EXPECT_EQ(far, (Vec2{}));           // out of reach: untouched
  // The reach scales: with a wider camera the same firefly is within it.
  in.predator_reach = 240.0F;
  EXPECT_GT(tool_steering(in, {621.0F, 500.0F}, v).x, 0.0F);
  // Right under the pointer it still gets a push (a deterministic way out).
  EXPECT_GT(length(tool_steering(in, {500.0F, 500.0F}, v)), 0.0F);
}

TEST(ToolSteering, AttractDrawsStraightInFromAfarAndAlongTheOrbitNearby) {
  const std::vector<SwarmAttractor> marks{{1, {800.0F, 450.0F}}};
  SwarmInputs in;
  in.attractors = marks;
  // Far to the left, at rest-ish speed heading up: the pull points (mostly) right, at the mark.
  const Vec2 far = tool_steering(in, {100.0F, 450.0F}, {0.0F, -2.0F});
  EXPECT_GT(far.x, 0.0F);
  EXPECT_GT(far.x, std::abs(far.y) * 0.5F);
  // On the orbit, flying along it: hardly any change (it is where the rule wants it).
  const Vec2 orbit_p{800.0F - t::kAttractOrbit, 450.0F};
  // The tangent at the mark's left, clockwise on screen (y down), is "up".
  const Vec2 along{0.0F, -t::kAttractSpeed};
  EXPECT_LT(length(tool_steering(in, orbit_p, along)), 1e-5F);
  // On the orbit flying straight at the mark: turned along the orbit.
  const Vec2 turn = tool_steering(in, orbit_p, {2.8F, 0.0F});
  EXPECT_LT(turn.y, 0.0F);
  // Too close: pushed back out as well as along.
  const Vec2 inside = tool_steering(in, {800.0F - 5.0F, 450.0F}, {0.0F, 0.0F});
  EXPECT_LT(inside.x, 0.0F);
}

TEST(ToolSteering, TheNearestAttractMarkWins) {
  const std::vector<SwarmAttractor> marks{{1, {100.0F, 100.0F}}, {2, {1500.0F, 100.0F}}};
  SwarmInputs in;
  in.attractors = marks;
  EXPECT_LT(tool_steering(in, {400.0F, 100.0F}, {0.0F, 2.0F}).x, 0.0F);
  EXPECT_GT(tool_steering(in, {1200.0F, 100.0F}, {0.0F, 2.0F}).x, 0.0F);
}

TEST(ToolSteering, CrumbsAreSmeltWithin250AndTheNearestDrawsIn) {
  const std::vector<SwarmCrumb> crumbs{{1, {600.0F, 300.0F}}, {2, {900.0F, 300.0F}}};
  SwarmInputs in;
  in.crumbs = crumbs;
  const Vec2 v{0.0F, 2.0F};
  // 200 from crumb 1, 100 from crumb 2: towards crumb 2.
  EXPECT_GT(tool_steering(in, {800.0F, 300.0F}, v).x, 0.0F);
  EXPECT_LT(tool_steering(in, {700.0F, 300.0F}, v).x, 0.0F);
  // Beyond the smell of both: nothing.
  EXPECT_EQ(tool_steering(in, {600.0F, 300.0F + t::kCrumbSmell + 1.0F}, v), (Vec2{}));
  EXPECT_GT(dot(tool_steering(in, {600.0F, 300.0F + t::kCrumbSmell - 1.0F}, v), {0.0F, -1.0F}), 0.0F);
}

TEST(TransitSteering, OrdinaryFirefliesAreNotSteered) {
  const Rect world{0, 0, 1600, 900};
  EXPECT_EQ(transit_steering(0, {-50.0F, 100.0F}, {1.0F, 0.0F}, world), (Vec2{}));
}

TEST(TransitSteering, LeaversHeadOutOverTheNearestEdge) {
  const Rect world{0, 0, 1600, 900};
  const Vec2 v{0.0F, 0.0F};
  EXPECT_LT(transit_steering(kFlagLeaving, {30.0F, 400.0F}, v, world).x, 0.0F);
  EXPECT_GT(transit_steering(kFlagLeaving, {1580.0F, 400.0F}, v, world).x, 0.0F);
  EXPECT_LT(transit_steering(kFlagLeaving, {800.0F, 10.0F}, v, world).y, 0.0F);
  EXPECT_GT(transit_steering(kFlagLeaving, {800.0F, 880.0F}, v, world).y, 0.0F);
  // Leaving wins over arriving (a newcomer asked to leave turns round).
  EXPECT_LT(transit_steering(kFlagLeaving | kFlagArriving, {30.0F, 400.0F}, v, world).x, 0.0F);
}

TEST(TransitSteering, NewcomersHeadIntoTheWorld) {
  const Rect world{-200, -100, 2000, 1100};
  const Vec2 v{0.0F, 0.0F};
  EXPECT_GT(transit_steering(kFlagArriving, {-260.0F, 400.0F}, v, world).x, 0.0F);
  const Vec2 corner = transit_steering(kFlagArriving, {1850.0F, 1050.0F}, v, world);
  EXPECT_LT(corner.x, 0.0F);
  EXPECT_LT(corner.y, 0.0F);
  // Deep inside already: nothing left to do.
  EXPECT_EQ(transit_steering(kFlagArriving, {800.0F, 450.0F}, v, world), (Vec2{}));
}

}  // namespace
}  // namespace meadow::sim
