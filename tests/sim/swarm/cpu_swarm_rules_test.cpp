// Each rule of docs/rules.md "The swarm" as a property of the whole engine on a small, hand-placed
// swarm. The nudge is keyed by seed, step and id, so two runs that differ only in a weight get the
// same nudges: comparing them isolates what the rule does.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "sim/random.hpp"
#include "sim/swarm/cpu_swarm.hpp"
#include "sim/swarm/swarm_move.hpp"
#include "sim/swarm/swarm_rules.hpp"
#include "swarm/swarm_test_support.hpp"
#include "sim/swarm/swarm_random.hpp"

namespace meadow::sim {
namespace {

using testing::make_swarm;
using testing::position_of;
using testing::run_steps;
using testing::velocity_of;
namespace r = swarm_rules;

TEST(SwarmRules, PersonalSpaceBumpsApartWhateverTheSeparationWeight) {
  const Land land;
  for (const SwarmWeights w : {SwarmWeights{0.0F, 1.0F, 1.0F}, SwarmWeights{0.0F, 0.0F, 0.0F},
                               SwarmWeights{0.0F, 3.0F, 3.0F}}) {
    CpuSwarm s = make_swarm({{{800.0F, 450.0F}, {2.5F, 0.0F}}, {{800.0F, 452.0F}, {2.5F, 0.0F}}}, w);
    run_steps(s, land, 1);
    const float after_one = distance(position_of(s, 0), position_of(s, 1));
    EXPECT_GT(after_one, 2.0F) << w.alignment << " " << w.cohesion;
    run_steps(s, land, 5);
    EXPECT_GE(distance(position_of(s, 0), position_of(s, 1)), r::kPersonalSpace);
  }
}

TEST(SwarmRules, FirefliesOnTheSameSpotStillPart) {
  const Land land;
  CpuSwarm s = make_swarm({{{800.0F, 450.0F}, {2.5F, 0.0F}}, {{800.0F, 450.0F}, {2.5F, 0.0F}}},
                          SwarmWeights{0.0F, 1.0F, 1.0F});
  run_steps(s, land, 3);
  EXPECT_GT(distance(position_of(s, 0), position_of(s, 1)), 1.0F);
}

TEST(SwarmRules, SeparationPushesAwayThoseCloserThanEight) {
  const Land land;
  const auto pair = [](float sep) {
    return make_swarm({{{800.0F, 450.0F}, {2.5F, 0.0F}}, {{800.0F, 456.0F}, {2.5F, 0.0F}}},
                      SwarmWeights{sep, 0.0F, 0.0F});
  };
  CpuSwarm on = pair(1.0F);
  CpuSwarm off = pair(0.0F);
  run_steps(on, land, 5);
  run_steps(off, land, 5);
  const float d_on = distance(position_of(on, 0), position_of(on, 1));
  const float d_off = distance(position_of(off, 0), position_of(off, 1));
  EXPECT_GT(d_on, 6.5F);
  EXPECT_GT(d_on, d_off + 0.5F);
  // Beyond eight units separation does nothing.
  CpuSwarm far_on = make_swarm({{{800.0F, 450.0F}, {2.5F, 0.0F}}, {{800.0F, 460.0F}, {2.5F, 0.0F}}},
                               SwarmWeights{3.0F, 0.0F, 0.0F});
  CpuSwarm far_off = make_swarm({{{800.0F, 450.0F}, {2.5F, 0.0F}}, {{800.0F, 460.0F}, {2.5F, 0.0F}}},
                                SwarmWeights{0.0F, 0.0F, 0.0F});
  run_steps(far_on, land, 1);
  run_steps(far_off, land, 1);
  EXPECT_EQ(position_of(far_on, 0), position_of(far_off, 0));
}

TEST(SwarmRules, AlignmentTurnsTowardsTheMeanHeadingSeen) {
  const Land land;
  // Firefly 0 flies +x; two others 20 units away (seen, not too close) fly +y.
  const auto trio = [](float align) {
    return make_swarm({{{800.0F, 450.0F}, {2.5F, 0.0F}},
                       {{790.0F, 470.0F}, {0.0F, 2.5F}},
                       {{810.0F, 470.0F}, {0.0F, 2.5F}}},
                      SwarmWeights{0.0F, align, 0.0F});
  };
  CpuSwarm on = trio(1.0F);
  CpuSwarm off = trio(0.0F);
  run_steps(on, land, 3);
  run_steps(off, land, 3);
  EXPECT_GT(velocity_of(on, 0).y, velocity_of(off, 0).y + 0.2F);   // turned towards +y
  EXPECT_GT(velocity_of(on, 1).x, velocity_of(off, 1).x + 0.05F);  // and they towards +x
}

TEST(SwarmRules, CohesionSteersTowardsTheCentreSeen) {
  const Land land;
  // Firefly 0 at the top, two others 20 and 24 units below it; all fly +x side by side.
  const auto trio = [](float cohere) {
    return make_swarm({{{800.0F, 450.0F}, {2.5F, 0.0F}},
                       {{800.0F, 470.0F}, {2.5F, 0.0F}},
                       {{800.0F, 474.0F}, {2.5F, 0.0F}}},
                      SwarmWeights{0.0F, 0.0F, cohere});
  };
  CpuSwarm on = trio(1.0F);
  CpuSwarm off = trio(0.0F);
  run_steps(on, land, 3);
  run_steps(off, land, 3);
  EXPECT_GT(velocity_of(on, 0).y, velocity_of(off, 0).y + 0.05F);  // down, towards them
  EXPECT_LT(velocity_of(on, 2).y, velocity_of(off, 2).y - 0.05F);  // up, towards the others
  // Nobody in sight (over 28 units away): cohesion does nothing.
  CpuSwarm far_on = make_swarm({{{800.0F, 450.0F}, {2.5F, 0.0F}}, {{800.0F, 480.0F}, {2.5F, 0.0F}}},
                               SwarmWeights{0.0F, 0.0F, 3.0F});
  CpuSwarm far_off = make_swarm({{{800.0F, 450.0F}, {2.5F, 0.0F}}, {{800.0F, 480.0F}, {2.5F, 0.0F}}},
                                SwarmWeights{0.0F, 0.0F, 0.0F});
  run_steps(far_on, land, 1);
  run_steps(far_off, land, 1);
  EXPECT_EQ(velocity_of(far_on, 0), velocity_of(far_off, 0));
}

TEST(SwarmRules, SpeedsStayInTheBand) {
  const Land land;
  CpuSwarm s(11, 3000, land);
  s.set_weights({3.0F, 3.0F, 3.0F});  // the strongest pushes
  SerialFor serial;
  for (int step = 0; step < 400; ++step) {
    s.step(land, serial);
    const SwarmView v = s.view();
    for (std::size_t i = 0; i < v.x.size(); ++i) {
      const float speed = std::hypot(v.vx[i], v.vy[i]);
      ASSERT_GE(speed, r::kMinSpeed - 1e-4F) << "step " << step;
      ASSERT_LE(speed, r::kMaxSpeed + 1e-4F) << "step " << step;
    }
  }
}

// The speed setting (the aquarium's) scales the band the engine keeps every firefly in, and the
// engine keeps the setting within its range.
TEST(SwarmRules, TheSpeedSettingScalesTheBand) {
  const Land land;
  for (const float factor : {r::kLeastSpeedFactor, r::kMostSpeedFactor}) {
    CpuSwarm s(11, 3000, land);
    s.set_weights({1.0F, 1.0F, 1.0F, factor});
    SerialFor serial;
    float fastest = 0.0F;
    for (int step = 0; step < 120; ++step) {
      s.step(land, serial);
      const SwarmView v = s.view();
      for (std::size_t i = 0; i < v.x.size(); ++i) {
        const float speed = std::hypot(v.vx[i], v.vy[i]);
        ASSERT_GE(speed, r::kMinSpeed * factor - 1e-4F) << "step " << step;
        ASSERT_LE(speed, r::kMaxSpeed * factor + 1e-4F) << "step " << step;
        fastest = std::max(fastest, speed);
      }
    }
    EXPECT_GT(fastest, r::kMaxSpeed * factor * 0.9F) << "the band's top is reached at " << factor;
  }
  CpuSwarm s(11, 100, land);
  s.set_weights({1.0F, 1.0F, 1.0F, 9.0F});
  EXPECT_EQ(s.weights().speed, r::kMostSpeedFactor);
  s.set_weights({1.0F, 1.0F, 1.0F, std::nanf("")});
  EXPECT_EQ(s.weights().speed, r::kMostSpeedFactor) << "NaN keeps the setting";
  s.set_weights({1.0F, 1.0F, 1.0F, 0.1F});
  EXPECT_EQ(s.weights().speed, r::kLeastSpeedFactor);
}

// A lone firefly flying at full speed into each edge, straight on and at a slant: it turns
// before reaching the edge (so the soft push did it, not the hard stop) and never leaves.
TEST(SwarmRules, EdgesTurnFirefliesAwayBeforeTheyLeave) {
  const Land land;
  const Rect w = land.world();
  struct Case {
    Vec2 p;
    Vec2 v;
  };
  const float fast = r::kMaxSpeed;
  const float slant = fast * 0.7071F;
  for (const Case c : {Case{{150.0F, 450.0F}, {-fast, 0.0F}}, Case{{1450.0F, 450.0F}, {fast, 0.0F}},
                       Case{{800.0F, 150.0F}, {0.0F, -fast}}, Case{{800.0F, 750.0F}, {0.0F, fast}},
                       Case{{150.0F, 450.0F}, {-slant, slant}}, Case{{800.0F, 750.0F}, {-slant, slant}},
                       Case{{150.0F, 150.0F}, {-slant, -slant}}}) {
    CpuSwarm s = make_swarm({{c.p, c.v}});
    float closest = 1e9F;
    SerialFor serial;
    for (int step = 0; step < 300; ++step) {
      s.step(land, serial);
      const Vec2 p = position_of(s, 0);
      closest = std::min({closest, p.x - w.x, w.right() - p.x, p.y - w.y, w.bottom() - p.y});
    }
    EXPECT_GT(closest, 5.0F) << c.p.x << "," << c.p.y << " heading " << c.v.x << "," << c.v.y;
  }
}

TEST(SwarmRules, RocksTurnFirefliesAwayBeforeTheyEnter) {
  Land land;
  const Vec2 centre{800.0F, 450.0F};
  ASSERT_TRUE(land.add_rock(centre));
  for (const float offset : {0.0F, 5.0F, 15.0F, -10.0F}) {
    for (const float speed : {r::kMaxSpeed, r::kMinSpeed}) {
      CpuSwarm s = make_swarm({{{centre.x - 120.0F, centre.y + offset}, {speed, 0.0F}}});
      float closest = 1e9F;
      SerialFor serial;
      for (int step = 0; step < 200; ++step) {
        s.step(land, serial);
        closest = std::min(closest, distance(position_of(s, 0), centre) - kRockRadius);
      }
      EXPECT_GT(closest, 1.0F) << "offset " << offset << " speed " << speed;
      EXPECT_LT(closest, r::kRockReach) << "it did come near";
    }
  }
}

TEST(SwarmRules, AFireflyInsideANewRockIsPushedOut) {
  Land land;
  CpuSwarm s = make_swarm({{{805.0F, 450.0F}, {r::kMinSpeed, 0.0F}}});
  ASSERT_TRUE(land.add_rock({800.0F, 450.0F}));
  run_steps(s, land, 30);
  EXPECT_GT(distance(position_of(s, 0), {800.0F, 450.0F}), kRockRadius);
}

TEST(SwarmRules, ASwarmNeverLeavesTheWorld) {
  Land land;
  // A world that is not the meadow, to check the engine reads it from the land.
  land.set_world({-400.0F, -200.0F, 2000.0F, 1100.0F});
  CpuSwarm s(5, 4000, land);
  SerialFor serial;
  for (int step = 0; step < 300; ++step) {
    s.step(land, serial);
    const SwarmView v = s.view();
    for (std::size_t i = 0; i < v.x.size(); ++i) {
      ASSERT_TRUE(land.world().contains({v.x[i], v.y[i]})) << "step " << step;
    }
  }
}

// The move takes fireflies four at a time: each gets exactly what the one-by-one rule gives,
// at the edges (clamped and turned back), beyond them in transit (left alone) and inside.
TEST(SwarmRules, MovingFourAtATimeEqualsMovingOneByOne) {
  const Rect world{-50.0F, 20.0F, 300.0F, 200.0F};
  FireflyArrays four;
  const CounterRandom rnd(3, 0, swarm_random::kPlacement);
  for (std::uint32_t i = 0; i < 1003; ++i) {
    const std::uint64_t b = rnd.bits(i);
    const float x = world.x - 5.0F + unit_float(b) * (world.width + 10.0F);
    const float y = world.y - 5.0F + unit_float_low(b) * (world.height + 10.0F);
    const std::uint64_t c = rnd.bits(i, 1);
    const std::uint8_t flags = i % 7 == 0 ? kFlagLeaving : (i % 11 == 0 ? kFlagArriving : 0);
    four.push_back(x, y, 8.0F * signed_unit_float(c), i % 13 == 0 ? -0.0F : 8.0F * signed_unit_float_low(c), i,
                   flags);
  }
  FireflyArrays one = four;
  move_fireflies(four, world, 1, four.size());
  for (std::size_t i = 1; i < one.size(); ++i) detail::move_one(one, world, i);
  const auto same = [](const LargeVector<float>& a, const LargeVector<float>& b) {
    return std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
  };
  EXPECT_TRUE(same(four.x, one.x));
  EXPECT_TRUE(same(four.y, one.y));
  EXPECT_TRUE(same(four.vx, one.vx));
  EXPECT_TRUE(same(four.vy, one.vy));
}

}  // namespace
}  // namespace meadow::sim
