// The viewers' tools in the swarm (docs/rules.md "The tools") as properties of the whole meadow
// with the CPU engine: the predator scatters, attract draws the swarm in and around, crumbs are
// found and eaten, limits hold, a leaving viewer's predator goes, and all of it is deterministic.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <memory>
#include <vector>

#include "app/worker_pool.hpp"
#include "sim/meadow.hpp"
#include "sim/swarm/cpu_swarm.hpp"
#include "sim/swarm/tool_rules.hpp"
#include "meadow_fixture.hpp"

namespace meadow::sim {
namespace {

using meadow::sim::testing::act;
using meadow::sim::testing::cpu;
using meadow::sim::testing::make_meadow;
using meadow::sim::testing::pass_ticks_still;
using meadow::sim::testing::run_ticks;

namespace t = tool_rules;

// Position and velocity of each firefly by id.
struct Firefly {
  Vec2 p;
  Vec2 v;
};
std::vector<Firefly> by_id(const Meadow& m) {
  const SwarmView v = swarm_of(m).swarm().view();
  std::vector<Firefly> out(v.x.size() + 1000);
  const auto ids = cpu(m).ids();
  for (std::size_t i = 0; i < v.x.size(); ++i) out.at(ids[i]) = {{v.x[i], v.y[i]}, {v.vx[i], v.vy[i]}};
  return out;
}

Vec2 centre_of(const SwarmView& v) {
  double x = 0.0;
  double y = 0.0;
  for (std::size_t i = 0; i < v.x.size(); ++i) {
    x += v.x[i];
    y += v.y[i];
  }
  const auto n = static_cast<double>(v.x.size());
  return {static_cast<float>(x / n), static_cast<float>(y / n)};
}

TEST(MeadowTools, PredatorScattersThoseWithinReachAndNotThoseFar) {
  Meadow with = make_meadow(3000, 11);
  Meadow without = make_meadow(3000, 11);
  run_ticks(with, 60);
  run_ticks(without, 60);
  const Vec2 at{800.0F, 450.0F};
  ASSERT_TRUE(act(with, 9, PredatorPointer{PointerPhase::down, at}).accepted);
  const float reach = swarm_of(with).predator_reach();
  EXPECT_FLOAT_EQ(reach, t::kPredatorReach);
  const std::vector<Firefly> start = by_id(with);
  run_ticks(with, 1);
  run_ticks(without, 1);
  const std::vector<Firefly> a = by_id(with);
  const std::vector<Firefly> b = by_id(without);
  int within = 0;
  double outward_with = 0.0;
  double outward_without = 0.0;
  for (std::uint32_t id = 0; id < 3000; ++id) {
    const float d = distance(start[id].p, at);
    if (d >= reach) {
      // Out of reach: exactly as if there were no predator.
      ASSERT_EQ(std::memcmp(&a[id], &b[id], sizeof(Firefly)), 0) << "firefly " << id;
      continue;
    }
    if (d < 1.0F) continue;
    const Vec2 away{(start[id].p.x - at.x) / d, (start[id].p.y - at.y) / d};
    const double with_out = a[id].v.x * away.x + a[id].v.y * away.y;
    const double without_out = b[id].v.x * away.x + b[id].v.y * away.y;
    ASSERT_GE(with_out, without_out - 1e-4) << "firefly " << id << " was drawn towards the predator";
    outward_with += with_out;
    outward_without += without_out;
    ++within;
  }
  ASSERT_GT(within, 20);
  EXPECT_GT(outward_with / within, outward_without / within + 0.1) << "they flee";
  // Held for a second, the predator clears its surroundings.
  run_ticks(with, 60);
  run_ticks(without, 60);
  const auto near = [&](const Meadow& m) {
    const SwarmView v = swarm_of(m).swarm().view();
    int n = 0;
    for (std::size_t i = 0; i < v.x.size(); ++i) n += distance({v.x[i], v.y[i]}, at) < 0.5F * reach ? 1 : 0;
    return n;
  };
  EXPECT_LT(near(with), near(without) / 4 + 1);
}

TEST(MeadowTools, AttractPullsTheSwarmsCentreToTheMarkAndTheyCircleIt) {
  Meadow m = make_meadow(2000, 11);
  const Vec2 mark{1250.0F, 300.0F};
  const float before = distance(centre_of(swarm_of(m).swarm().view()), mark);
  ASSERT_TRUE(act(m, 4, AttractTap{mark}).accepted);
  run_ticks(m, 600);  // ten seconds
  const SwarmView v = swarm_of(m).swarm().view();
  const float after = distance(centre_of(v), mark);
  EXPECT_LT(after, 0.3F * before) << "from " << before << " to " << after;
  // Those near the mark fly around it: clockwise on screen, so (p − mark) × v > 0.
  double tangential = 0.0;
  int near = 0;
  for (std::size_t i = 0; i < v.x.size(); ++i) {
    const Vec2 r{v.x[i] - mark.x, v.y[i] - mark.y};
    const float d = std::hypot(r.x, r.y);
    if (d < 1.0F || d > 4.0F * t::kAttractOrbit) continue;
    tangential += (r.x * v.vy[i] - r.y * v.vx[i]) / d;
    ++near;
  }
  ASSERT_GT(near, 1000);
  EXPECT_GT(tangential / near, 1.0) << "mean speed around the mark, units/step";
  // Tapped again, the mark is gone.
  ASSERT_TRUE(act(m, 5, AttractTap{{mark.x + 5.0F, mark.y}}).accepted);
  EXPECT_TRUE(swarm_of(m).tools().attract_marks().empty());
}

TEST(MeadowTools, CrumbsAreSmeltWithin250EatenWithin10AndCounted) {
  // One firefly 200 units from the crumb flying away from it, one 400 units off.
  const std::vector<CpuSwarm::Firefly> ff{{{600.0F, 450.0F}, {0.0F, 2.5F}},
                                          {{1200.0F, 450.0F}, {0.0F, 2.5F}}};
  Meadow m = make_meadow(ff, 11);
  Meadow plain = make_meadow(ff, 11);
  const Vec2 crumb{800.0F, 450.0F};
  ASSERT_TRUE(act(m, 2, FlowerTap{crumb}).accepted);
  const std::uint32_t crumb_id = swarm_of(m).tools().crumbs()[0].id;
  run_ticks(m, 1);
  run_ticks(plain, 1);
  // The far one does not smell it; the near one turns to it.
  const auto far_m = by_id(m)[1];
  const auto far_plain = by_id(plain)[1];
  EXPECT_EQ(std::memcmp(&far_m, &far_plain, sizeof(Firefly)), 0);
  EXPECT_GT(by_id(m)[0].v.x, by_id(plain)[0].v.x);
  int ticks = 1;
  while (swarm_of(m).tools().fed() == 0 && ticks < 600) {
    run_ticks(m, 1);
    ++ticks;
  }
  EXPECT_EQ(swarm_of(m).tools().fed(), 1U) << "not eaten after " << ticks << " ticks";
  EXPECT_TRUE(swarm_of(m).tools().crumbs().empty());
  ASSERT_FALSE(swarm_of(m).events().events().empty());
  const auto* eaten = std::get_if<CrumbEatenEvent>(&swarm_of(m).events().events().back().body);
  ASSERT_NE(eaten, nullptr);
  EXPECT_EQ(eaten->mark_id, crumb_id);
  EXPECT_EQ(eaten->at, crumb);
  EXPECT_EQ(swarm_of(m).events().events().back().tick, m.tick() - 1);
}

TEST(MeadowTools, ToolsOutsideTheWorldAreRefusedAndLimitsHold) {
  Meadow m = make_meadow(200, 11);
  EXPECT_EQ(act(m, 1, AttractTap{{-10.0F, 10.0F}}).code, "outside_world");
  EXPECT_EQ(act(m, 1, FlowerTap{{10.0F, 1000.0F}}).code, "outside_world");
  for (std::size_t i = 0; i < t::kMaxCrumbsPerViewer; ++i) {
    pass_ticks_still(m, viewer_limits::kTapCooldownTicks);
    ASSERT_TRUE(act(m, 1, FlowerTap{{100.0F + 20.0F * static_cast<float>(i), 100.0F}}).accepted);
  }
  pass_ticks_still(m, viewer_limits::kTapCooldownTicks);
  const ActionOutcome refused = act(m, 1, FlowerTap{{100.0F, 300.0F}});
  EXPECT_EQ(refused.code, "crumb_limit");
  EXPECT_FALSE(refused.reason.empty());
  EXPECT_TRUE(act(m, 2, FlowerTap{{100.0F, 300.0F}}).accepted);
}

TEST(MeadowTools, AViewerLeavingRemovesItsPredator) {
  Meadow m = make_meadow(200, 11);
  act(m, 1, PredatorPointer{PointerPhase::down, {100.0F, 100.0F}});
  act(m, 2, PredatorPointer{PointerPhase::down, {900.0F, 100.0F}});
  act(m, 1, ViewerLeft{});
  ASSERT_EQ(swarm_of(m).tools().predators().size(), 1U);
  EXPECT_EQ(swarm_of(m).tools().predators()[0].owner, 2U);
  act(m, 2, PredatorPointer{PointerPhase::up, {}});
  EXPECT_TRUE(swarm_of(m).tools().predators().empty());
}

TEST(MeadowTools, PredatorReachAndTapSizeGrowWithTheCamera) {
  Land land;
  land.set_world({-800.0F, -450.0F, 3200.0F, 1800.0F});
  Meadow m(3, swarm_and_colony(std::make_unique<CpuSwarm>(3, 24000, land)));
  EXPECT_FLOAT_EQ(swarm_of(m).predator_reach(), 2.0F * t::kPredatorReach);
  ASSERT_TRUE(act(m, 1, AttractTap{{0.0F, 0.0F}}).accepted);
  // 40 units off: within the tap radius at this zoom (24 × 2 = 48).
  ASSERT_TRUE(act(m, 1, AttractTap{{40.0F, 0.0F}}).accepted);
  EXPECT_TRUE(swarm_of(m).tools().attract_marks().empty());
}

// 400 ticks with every tool and a count change on the way; positions, velocities and ids.
std::vector<float> run_with_tools(ParallelFor& parallel) {
  Meadow m = make_meadow(5000, 77);
  for (int tick = 0; tick < 400; ++tick) {
    if (tick == 20) act(m, 1, AttractTap{{1200.0F, 300.0F}});
    if (tick == 40) act(m, 2, AttractTap{{300.0F, 600.0F}});
    if (tick == 60) act(m, 3, PredatorPointer{PointerPhase::down, {800.0F, 450.0F}});
    if (tick > 60 && tick < 160) act(m, 3, PredatorPointer{PointerPhase::move, {800.0F + 3.0F * static_cast<float>(tick - 60), 450.0F}});
    if (tick == 160) act(m, 3, PredatorPointer{PointerPhase::up, {}});
    if (tick == 100) act(m, 4, FlowerTap{{600.0F, 200.0F}});
    if (tick == 150) {
      SwarmSettingsChange change;
      change.count = 7500;
      Action a{5, 0, as_settings(change)};
      m.apply(a);
    }
    if (tick == 300) {
      SwarmSettingsChange change;
      change.count = 5000;
      Action a{5, 0, as_settings(change)};
      m.apply(a);
    }
    m.step(parallel);
  }
  const SwarmView v = swarm_of(m).swarm().view();
  std::vector<float> out;
  for (std::size_t i = 0; i < v.x.size(); ++i) {
    out.insert(out.end(), {v.x[i], v.y[i], v.vx[i], v.vy[i], static_cast<float>(cpu(m).ids()[i])});
  }
  out.push_back(static_cast<float>(swarm_of(m).tools().fed()));
  return out;
}

TEST(MeadowTools, DeterministicWithToolsOnOneAndTwoThreads) {
  SerialFor serial;
  app::WorkerPool pool(2);
  const std::vector<float> one = run_with_tools(serial);
  const std::vector<float> two = run_with_tools(pool);
  ASSERT_EQ(one.size(), two.size());
  EXPECT_EQ(std::memcmp(one.data(), two.data(), one.size() * sizeof(float)), 0);
}

}  // namespace
}  // namespace meadow::sim
