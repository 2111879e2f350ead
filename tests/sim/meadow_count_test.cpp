// The count and the land (docs/rules.md "The land", "The swarm · Count", "The swarm · Pace"),
// through sim::Meadow with the CPU engine.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <set>
#include <tuple>
#include <vector>

#include "sim/meadow.hpp"
#include "sim/swarm/cpu_swarm.hpp"
#include "sim/swarm/swarm_population.hpp"
#include "sim/swarm/world_size.hpp"
#include "meadow_fixture.hpp"

namespace meadow::sim {
namespace {

using meadow::sim::testing::cpu;
using meadow::sim::testing::make_meadow;
using meadow::sim::testing::run_ticks;

// The count rules themselves, asked by the operator (no viewer's ceiling or cooldown: those are
// the MeadowViewerLimits tests'); the swarm follows as it does at the start of a tick.
ActionOutcome ask_count(Meadow& m, std::uint32_t count) {
  SwarmSettingsChange change;
  change.count = count;
  Action a{kOperator, 0, as_settings(change)};
  const ActionOutcome outcome = m.apply(a);
  m.settle_actions();
  return outcome;
}

bool all_inside(const Meadow& m) {
  const SwarmView v = swarm_of(m).swarm().view();
  for (std::size_t i = 0; i < v.x.size(); ++i) {
    if (!m.land().world().contains({v.x[i], v.y[i]})) return false;
  }
  return true;
}

TEST(MeadowCount, TheWorldStartsSizedForTheCount) {
  const Meadow small = make_meadow(6000, 5);
  EXPECT_EQ(small.land().world(), small.land().meadow());
  const Meadow big = make_meadow(12000, 5);
  EXPECT_EQ(big.land().world(), world_for_count(12000, big.land().meadow()));
  EXPECT_EQ(swarm_of(big).camera(), big.land().world());
  EXPECT_EQ(swarm_of(big).target_count(), 12000U);
}

TEST(MeadowCount, ShrinkingSendsExactlyThoseNearestAnEdgeOutThenTheWorldShrinks) {
  Meadow m = make_meadow(10000, 5);
  run_ticks(m, 30);
  const Rect big = m.land().world();
  ASSERT_GT(big.width, 1600.0F);
  // Expected: the 6,000 farthest from every edge stay (ties by the smaller id leaving first).
  const SwarmView v = swarm_of(m).swarm().view();
  std::vector<std::tuple<float, std::uint32_t>> by_edge;
  for (std::size_t i = 0; i < v.x.size(); ++i) {
    by_edge.emplace_back(population::distance_to_edge(v.x[i], v.y[i], big), cpu(m).ids()[i]);
  }
  std::sort(by_edge.begin(), by_edge.end());
  std::set<std::uint32_t> expected;
  for (std::size_t k = 4000; k < by_edge.size(); ++k) expected.insert(std::get<1>(by_edge[k]));

  ASSERT_TRUE(ask_count(m, 6000).accepted);
  EXPECT_EQ(swarm_of(m).target_count(), 6000U);
  EXPECT_EQ(swarm_of(m).swarm().count(), 10000U) << "leavers count until they are gone";
  EXPECT_EQ(swarm_of(m).camera(), m.land().meadow()) << "the camera glides in first";
  EXPECT_EQ(m.land().world(), big) << "the world keeps its land while they fly out";

  int ticks = 0;
  while (swarm_of(m).swarm().count() > 6000 && ticks < 600) {
    run_ticks(m, 1);
    ++ticks;
  }
  ASSERT_EQ(swarm_of(m).swarm().count(), 6000U) << "leavers still flying after " << ticks << " ticks";
  const std::set<std::uint32_t> after(cpu(m).ids().begin(), cpu(m).ids().end());
  EXPECT_EQ(after, expected);
  EXPECT_EQ(m.land().world(), m.land().meadow()) << "gone: the world shrinks to what the camera sees";
  // Whoever was left outside the smaller world flies back in.
  run_ticks(m, 120);
  EXPECT_TRUE(all_inside(m));
  EXPECT_EQ(swarm_of(m).swarm().count(), 6000U);
}

TEST(MeadowCount, GrowingAddsFlocksOfFortyIntoTheGainedLandAtOnce) {
  Meadow m = make_meadow(6000, 5);
  run_ticks(m, 10);
  const std::set<std::uint32_t> before(cpu(m).ids().begin(), cpu(m).ids().end());
  const Rect old_world = m.land().world();
  ASSERT_TRUE(ask_count(m, 10000).accepted);
  const Rect world = m.land().world();
  EXPECT_EQ(world, world_for_count(10000, m.land().meadow())) << "the world grows at once";
  EXPECT_EQ(swarm_of(m).camera(), world);
  ASSERT_EQ(swarm_of(m).swarm().count(), 10000U);
  // The newcomers start in the land the world gained (docs/rules.md "The swarm · Count"), in flocks
  // of 40 (consecutive ids).
  const SwarmView v = swarm_of(m).swarm().view();
  std::vector<std::pair<std::uint32_t, std::size_t>> newcomers;
  for (std::size_t i = 0; i < v.x.size(); ++i) {
    if (before.count(cpu(m).ids()[i]) == 0) newcomers.emplace_back(cpu(m).ids()[i], i);
  }
  ASSERT_EQ(newcomers.size(), 4000U);
  std::sort(newcomers.begin(), newcomers.end());
  for (std::size_t k = 0; k < newcomers.size(); ++k) {
    const std::size_t i = newcomers[k].second;
    ASSERT_TRUE(world.contains({v.x[i], v.y[i]})) << "newcomer " << k << " starts in the world";
    const std::size_t leader = newcomers[k - k % 40].second;
    ASSERT_FALSE(old_world.contains({v.x[leader], v.y[leader]})) << "flock " << k / 40 << " starts in the old world";
    ASSERT_LE(std::hypot(v.x[leader] - v.x[i], v.y[leader] - v.y[i]), 32.01F);
  }
  EXPECT_TRUE(all_inside(m));
  run_ticks(m, 90);
  EXPECT_TRUE(all_inside(m));
  EXPECT_EQ(swarm_of(m).swarm().count(), 10000U);
}

TEST(MeadowCount, WhileTheWorldDoesNotGrowNewcomersFlyInOverItsEdgesWithin90Steps) {
  Meadow m = make_meadow(3000, 5);
  run_ticks(m, 10);
  const std::set<std::uint32_t> before(cpu(m).ids().begin(), cpu(m).ids().end());
  ASSERT_TRUE(ask_count(m, 5000).accepted);
  const Rect world = m.land().world();
  ASSERT_EQ(world, m.land().meadow()) << "up to 6,000 the world is one meadow";
  const SwarmView v = swarm_of(m).swarm().view();
  std::size_t newcomers = 0;
  for (std::size_t i = 0; i < v.x.size(); ++i) {
    if (before.count(cpu(m).ids()[i]) != 0) continue;
    ++newcomers;
    ASSERT_FALSE(world.contains({v.x[i], v.y[i]})) << "newcomer " << newcomers << " starts outside";
  }
  EXPECT_EQ(newcomers, 2000U);
  // All in within 90 steps (1.5 s).
  const std::uint64_t start = swarm_of(m).swarm().steps();
  while (swarm_of(m).swarm().steps() < start + 90) run_ticks(m, 1);
  EXPECT_TRUE(all_inside(m));
  EXPECT_EQ(swarm_of(m).swarm().count(), 5000U);
}

TEST(MeadowCount, ASnapshotTakenWhileNewcomersAreLetInGoesOnTheSameWay) {
  // 200,000 take four ticks to let in (kMaxArrivalsPerTick): a save in between must carry where
  // the rest go, or a replay from it would differ.
  Meadow a = make_meadow(6000, 5);
  ASSERT_TRUE(ask_count(a, 200'000).accepted);
  run_ticks(a, 1);
  ASSERT_LT(swarm_of(a).swarm().count(), 200'000U);
  Meadow b = make_meadow(6000, 5);
  ASSERT_TRUE(b.restore(a.save()).empty());
  run_ticks(a, 5);
  run_ticks(b, 5);
  ASSERT_EQ(swarm_of(a).swarm().count(), 200'000U);
  EXPECT_TRUE(std::equal(cpu(a).ids().begin(), cpu(a).ids().end(), cpu(b).ids().begin(), cpu(b).ids().end()));
  EXPECT_TRUE(std::equal(cpu(a).view().x.begin(), cpu(a).view().x.end(), cpu(b).view().x.begin()));
}

TEST(MeadowCount, GrowthAndShrinkThresholds) {
  Meadow m = make_meadow(5000, 5);
  ask_count(m, 6000);
  EXPECT_EQ(m.land().world(), m.land().meadow());
  ask_count(m, 6100);
  EXPECT_GT(m.land().world().width, 1600.0F);
  ask_count(m, 6000);  // back: the world waits for the leavers, then shrinks
  EXPECT_GT(m.land().world().width, 1600.0F);
  int ticks = 0;
  while (m.land().world() != m.land().meadow() && ticks < 600) {
    run_ticks(m, 1);
    ++ticks;
  }
  EXPECT_EQ(m.land().world(), m.land().meadow());
}

TEST(MeadowCount, AskingMoreWhileLeaversAreOutCallsThemBack) {
  Meadow m = make_meadow(3000, 5);
  ask_count(m, 2000);
  run_ticks(m, 2);
  ask_count(m, 2500);
  EXPECT_EQ(swarm_of(m).swarm().count(), 3000U) << "500 called back, 500 still leaving, nobody new";
  run_ticks(m, 400);
  EXPECT_EQ(swarm_of(m).swarm().count(), 2500U);
}

TEST(MeadowCount, RocksLeftOutsideAShrunkenWorldAreBackWhenItGrows) {
  Meadow m = make_meadow(12000, 5);
  const Vec2 far_rock{m.land().world().x + 40.0F, 450.0F};
  ASSERT_TRUE(m.land().world().contains(far_rock));
  Action place{1, 0, RockTap{far_rock}};
  ASSERT_TRUE(m.apply(place).accepted);
  Action mark{1, 0, AttractTap{{far_rock.x, 700.0F}}};
  ASSERT_TRUE(m.apply(mark).accepted);
  Action crumb{2, 0, FlowerTap{{800.0F, 100.0F}}};
  ASSERT_TRUE(m.apply(crumb).accepted);
  ask_count(m, 6000);
  int ticks = 0;
  while (m.land().world() != m.land().meadow() && ticks < 900) {
    run_ticks(m, 1);
    ++ticks;
  }
  ASSERT_EQ(m.land().world(), m.land().meadow());
  ASSERT_EQ(m.land().rocks().size(), 1U) << "the rock belongs to the land";
  EXPECT_TRUE(swarm_of(m).tools().attract_marks().empty()) << "a mark left outside goes with the land";
  EXPECT_EQ(swarm_of(m).tools().crumbs().size() + swarm_of(m).tools().fed(), 1U) << "one inside stays (or was eaten)";
  EXPECT_FALSE(m.land().world().contains(far_rock));
  ask_count(m, 12000);
  ASSERT_EQ(m.land().rocks().size(), 1U);
  EXPECT_EQ(m.land().rocks()[0].center, far_rock);
  EXPECT_TRUE(m.land().world().contains(far_rock));
}

TEST(MeadowPace, StepsPerTickFollowTheWorldsWidth) {
  Meadow m = make_meadow(24000, 5);  // 4 meadows of area: 2 wide, 60·√2 ≈ 84.9 steps a second
  EXPECT_NEAR(swarm_of(m).target_steps_per_second(), 60.0 * std::sqrt(2.0), 1e-3);
  run_ticks(m, 120);
  EXPECT_NEAR(static_cast<double>(swarm_of(m).swarm().steps()), 120.0 * std::sqrt(2.0), 1.0);
  EXPECT_NEAR(swarm_of(m).achieved_steps_per_second(), 60.0 * std::sqrt(2.0), 1.01);
  EXPECT_FALSE(swarm_of(m).slowed());
  // Only one step fits a tick: slower, not a stutter, and it says so.
  const std::uint64_t before = swarm_of(m).swarm().steps();
  SerialFor serial;
  for (int i = 0; i < 60; ++i) {
    for (World* w : m.worlds()) m.step_world(*w, serial, 1);
    m.end_tick();
  }
  EXPECT_EQ(swarm_of(m).swarm().steps() - before, 60U);
  EXPECT_TRUE(swarm_of(m).slowed());
  EXPECT_NEAR(swarm_of(m).achieved_steps_per_second(), 60.0, 1e-9);
}

}  // namespace
}  // namespace meadow::sim
