#include "sim/swarm/steering.hpp"
#include "sim/swarm/steering_lanes.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "sim/random.hpp"
#include "sim/swarm/swarm_measures.hpp"
#include "sim/swarm/swarm_random.hpp"

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
  const r::SpeedBand band = r::speed_band(1.0F);
  EXPECT_NEAR(length(clamp_speed({10.0F, 10.0F}, {1.0F, 0.0F}, band)), r::kMaxSpeed, 1e-5F);
  EXPECT_NEAR(length(clamp_speed({0.1F, -0.1F}, {1.0F, 0.0F}, band)), r::kMinSpeed, 1e-5F);
  const Vec2 stopped = clamp_speed({0.0F, 0.0F}, {0.0F, -1.0F}, band);
  EXPECT_EQ(stopped, (Vec2{0.0F, -r::kMinSpeed}));
  EXPECT_EQ(clamp_speed({2.0F, 1.0F}, {1.0F, 0.0F}, band), (Vec2{2.0F, 1.0F}));
  // The heading is kept.
  const Vec2 fast = clamp_speed({30.0F, 40.0F}, {1.0F, 0.0F}, band);
  EXPECT_NEAR(fast.y / fast.x, 40.0F / 30.0F, 1e-5F);
}

// The speed setting scales the whole band (docs/rules.md "The swarm · The aquarium's controls").
TEST(Steering, TheSpeedSettingScalesTheBand) {
  const r::SpeedBand slow = r::speed_band(r::kLeastSpeedFactor);
  const r::SpeedBand quick = r::speed_band(r::kMostSpeedFactor);
  EXPECT_FLOAT_EQ(slow.least, 0.9F);
  EXPECT_FLOAT_EQ(slow.most, 1.6F);
  EXPECT_FLOAT_EQ(quick.most, r::kFastestSpeed);
  // 2.5 units a step: inside the default band, above the slow one, below the quick one.
  EXPECT_NEAR(length(clamp_speed({2.5F, 0.0F}, {1.0F, 0.0F}, slow)), 1.6F, 1e-5F);
  EXPECT_NEAR(length(clamp_speed({2.5F, 0.0F}, {1.0F, 0.0F}, quick)), 3.6F, 1e-5F);
  EXPECT_NEAR(length(clamp_speed({9.0F, 0.0F}, {1.0F, 0.0F}, quick)), 6.4F, 1e-5F);
  // next_velocity takes the band from the rules' speed setting.
  StepRules rules{{1.0F, 1.0F, 1.0F, r::kMostSpeedFactor}, CounterRandom(3, 4, swarm_random::kNudge), {},
                  {0.0F, 0.0F, 1600.0F, 900.0F}, nullptr};
  const Vec2 v = next_velocity(NeighbourSums{}, {800.0F, 450.0F}, {6.0F, 0.0F}, 7, 0, rules);
  EXPECT_GT(length(v), 5.5F);
  rules.weights.speed = r::kLeastSpeedFactor;
  EXPECT_LE(length(next_velocity(NeighbourSums{}, {800.0F, 450.0F}, {6.0F, 0.0F}, 7, 0, rules)), 1.6F + 1e-5F);
}

// The engine applies the rules eight fireflies at a time (steering_lanes.hpp); every lane must give
// bit for bit what next_velocity gives, for every kind of firefly: nobody seen, crowded, near
// rocks, at the edges and beyond them, stopped, too fast, with and without tools.
TEST(Steering, EightLanesGiveExactlyWhatOneFireflyGets) {
  const Rect world{-200.0F, -100.0F, 2000.0F, 1100.0F};
  const std::vector<Rock> rocks{{1, {300.0F, 200.0F}, 22.0F}, {2, {320.0F, 230.0F}, 40.0F}, {3, {1500.0F, 800.0F}, 22.0F}};
  const std::vector<SwarmPredator> predators{{1, {350.0F, 250.0F}}};
  const std::vector<SwarmAttractor> marks{{1, {1000.0F, 500.0F}}, {2, {200.0F, 100.0F}}};
  const std::vector<SwarmCrumb> crumbs{{1, {330.0F, 260.0F}}};
  SwarmInputs tools;
  tools.predators = predators;
  tools.attractors = marks;
  tools.crumbs = crumbs;
  const CounterRandom rnd(11, 0, swarm_random::kPlacement);
  const auto same = [](float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; };
  int checked = 0;
  for (const bool with_tools : {false, true}) {
    // A speed setting other than 1, so the lanes' band is checked against the scalar one too.
    StepRules rules{{1.3F, 0.7F, 2.9F, 1.4F}, CounterRandom(3, 4, swarm_random::kNudge), rocks, world,
                    with_tools ? &tools : nullptr};
    for (std::uint32_t block = 0; block < 200; ++block) {
      FireflyLanes f;
      std::array<NeighbourSums, 8> sums{};
      std::array<std::uint32_t, 8> ids{};
      for (int l = 0; l < 8; ++l) {
        const std::uint32_t id = block * 8 + static_cast<std::uint32_t>(l);
        const std::uint64_t b = rnd.bits(id);
        const std::uint64_t c = rnd.bits(id, 1);
        // Positions over the world and a little beyond it, a quarter of them around the rocks.
        float x = world.x - 30.0F + unit_float(b) * (world.width + 60.0F);
        float y = world.y - 30.0F + unit_float_low(b) * (world.height + 60.0F);
        if (id % 4 == 1) {
          x = 300.0F + 80.0F * signed_unit_float(c);
          y = 220.0F + 80.0F * signed_unit_float_low(c);
        }
        // Speeds from a dead stop to far beyond the band.
        const float speed = id % 9 == 0 ? 0.0F : 6.0F * unit_float(c);
        const float angle = 6.2831853F * unit_float_low(rnd.bits(id, 2));
        Vec2 v{speed * std::cos(angle), speed * std::sin(angle)};
        if (id % 17 == 0) v.x = -0.0F;
        NeighbourSums& n = sums[static_cast<std::size_t>(l)];
        n.seen = id % 5 == 0 ? 0.0F : static_cast<float>(id % 60);
        n.sum_vx = n.seen * 2.0F * signed_unit_float(rnd.bits(id, 3));
        n.sum_vy = n.seen * 2.0F * signed_unit_float_low(rnd.bits(id, 3));
        n.sum_dx = n.seen * 10.0F * signed_unit_float(rnd.bits(id, 4));
        n.sum_dy = n.seen * 10.0F * signed_unit_float_low(rnd.bits(id, 4));
        n.separate_x = 3.0F * signed_unit_float(rnd.bits(id, 5));
        n.separate_y = 3.0F * signed_unit_float_low(rnd.bits(id, 5));
        n.personal_x = id % 3 == 0 ? 0.0F : signed_unit_float(rnd.bits(id, 6));
        n.personal_y = id % 3 == 0 ? 0.0F : signed_unit_float_low(rnd.bits(id, 6));
        ids[static_cast<std::size_t>(l)] = id;
        f.x[l] = x;
        f.y[l] = y;
        f.vx[l] = v.x;
        f.vy[l] = v.y;
        f.seen[l] = n.seen;
        f.sum_vx[l] = n.sum_vx;
        f.sum_vy[l] = n.sum_vy;
        f.sum_dx[l] = n.sum_dx;
        f.sum_dy[l] = n.sum_dy;
        f.separate_x[l] = n.separate_x;
        f.separate_y[l] = n.separate_y;
        f.personal_x[l] = n.personal_x;
        f.personal_y[l] = n.personal_y;
        f.nudge_x[l] = signed_unit_float32(rules.nudge.bits32(id, 0));
        f.nudge_y[l] = signed_unit_float32(rules.nudge.bits32(id, 1));
      }
      lanes::F8 next_x;
      lanes::F8 next_y;
      next_velocities(f, rules, next_x, next_y);
      for (int l = 0; l < 8; ++l) {
        const auto k = static_cast<std::size_t>(l);
        const Vec2 one = next_velocity(sums[k], {f.x[l], f.y[l]}, {f.vx[l], f.vy[l]}, ids[k], 0, rules);
        ASSERT_TRUE(same(one.x, next_x[l]) && same(one.y, next_y[l]))
            << "firefly " << ids[k] << ": " << one.x << "," << one.y << " vs " << next_x[l] << "," << next_y[l];
        ++checked;
      }
    }
  }
  EXPECT_EQ(checked, 3200);
}

// The measures kept in eight lanes add up exactly as eight one-by-one sums, one per lane, added
// in lane order; lanes past a block's live fireflies add nothing.
TEST(Steering, MeasuresOfEightLanesEqualEightOneByOneSumsInLaneOrder) {
  const CounterRandom rnd(12, 0, swarm_random::kPlacement);
  std::array<MeasureSums, 8> one_by_one;
  MeasureLanes by_eight;
  for (std::uint32_t block = 0; block < 100; ++block) {
    lanes::F8 vx, vy, svx, svy;
    lanes::I8 seen;
    for (int l = 0; l < 8; ++l) {
      const std::uint32_t id = block * 8 + static_cast<std::uint32_t>(l);
      vx[l] = id % 7 == 0 ? 0.0F : 3.0F * signed_unit_float(rnd.bits(id));
      vy[l] = id % 7 == 0 ? 0.0F : 3.0F * signed_unit_float_low(rnd.bits(id));
      seen[l] = static_cast<std::int32_t>(id % 4 == 0 ? 0 : id % 50);
      svx[l] = id % 11 == 0 ? 0.0F : 30.0F * signed_unit_float(rnd.bits(id, 1));
      svy[l] = id % 11 == 0 ? 0.0F : 30.0F * signed_unit_float_low(rnd.bits(id, 1));
    }
    const int live = block % 3 == 0 ? static_cast<int>(1 + block % 7) : 8;  // a band's last block is partly empty
    for (int l = 0; l < live; ++l) {
      one_by_one[static_cast<std::size_t>(l)].add({vx[l], vy[l]}, static_cast<std::uint32_t>(seen[l]),
                                                  {svx[l], svy[l]});
    }
    by_eight.add(vx, vy, seen, svx, svy, live);
  }
  MeasureSums expected;
  for (const MeasureSums& lane : one_by_one) expected.add(lane);
  MeasureSums folded;
  by_eight.fold(folded);
  EXPECT_EQ(expected.finish(1e6), folded.finish(1e6));
  EXPECT_EQ(expected.fireflies, folded.fireflies);
  EXPECT_EQ(expected.seen, folded.seen);
  EXPECT_EQ(expected.seeing, folded.seeing);
  EXPECT_EQ(expected.alignment, folded.alignment);
  EXPECT_EQ(expected.heading_x, folded.heading_x);
  EXPECT_EQ(expected.heading_y, folded.heading_y);
  EXPECT_GT(folded.seeing, 0U);
  EXPECT_LT(folded.seeing, folded.fireflies);
}

}  // namespace
}  // namespace meadow::sim::steering
