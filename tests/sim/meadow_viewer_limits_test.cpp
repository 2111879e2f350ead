// What one viewer may do to the meadow, and how often
// (docs/rules.md "The tools · Limits and locks"; sim/viewer_limits.hpp), through sim::Meadow.
#include <gtest/gtest.h>

#include <set>

#include "sim/colony/colony.hpp"
#include "sim/meadow.hpp"
#include "sim/swarm/swarm_limits.hpp"
#include "meadow_fixture.hpp"

namespace meadow::sim {
namespace {

using meadow::sim::testing::act;
using meadow::sim::testing::make_meadow;
using meadow::sim::testing::pass_ticks_still;
using meadow::sim::testing::run_ticks;
using swarm_limits::kCountCooldownTicks;
using viewer_limits::kTapCooldownTicks;

ActionOutcome ask_count(Meadow& m, std::uint64_t origin, std::uint32_t count) {
  SwarmSettingsChange change;
  change.count = count;
  return act(m, origin, as_settings(change));
}

TEST(MeadowViewerLimits, AViewersCountIsHeldToTheViewersCeiling) {
  Meadow m = make_meadow(5000, 3);
  const std::size_t ceiling = swarm_of(m).viewer_max_count();
  EXPECT_EQ(ceiling, swarm_limits::kViewerMaxMeadows * kCpuFirefliesPerMeadow);
  const ActionOutcome held = ask_count(m, 1, 2'000'000);
  EXPECT_TRUE(held.accepted);
  EXPECT_EQ(held.code, "count_limit");
  EXPECT_NE(held.reason.find(std::to_string(ceiling)), std::string::npos) << held.reason;
  EXPECT_EQ(swarm_of(m).target_count(), ceiling);
  // The operator may go further; a viewer then cannot ask for more, but may ask for fewer.
  ASSERT_TRUE(ask_count(m, kOperator, static_cast<std::uint32_t>(2 * ceiling)).accepted);
  EXPECT_EQ(swarm_of(m).target_count(), 2 * ceiling);
  pass_ticks_still(m, kCountCooldownTicks);
  const ActionOutcome refused = ask_count(m, 1, static_cast<std::uint32_t>(3 * ceiling));
  EXPECT_FALSE(refused.accepted);
  EXPECT_EQ(refused.code, "count_limit");
  EXPECT_EQ(swarm_of(m).target_count(), 2 * ceiling);
  EXPECT_TRUE(ask_count(m, 1, static_cast<std::uint32_t>(ceiling + 10)).accepted);
  EXPECT_EQ(swarm_of(m).target_count(), ceiling + 10);
  m.get<SwarmWorld>().set_viewer_max_count(7'000);
  EXPECT_EQ(swarm_of(m).viewer_max_count(), 7'000U);
}

TEST(MeadowViewerLimits, ACountFloodChangesTheSwarmAtMostTwiceASecondAndTheLastWishWins) {
  Meadow m = make_meadow(5000, 3);
  std::set<std::uint64_t> ticks_with_a_new_target;
  std::size_t target = swarm_of(m).target_count();
  ActionOutcome last;
  // Sixty messages a second, alternating, for two seconds (the flood of the hostile viewer).
  for (int i = 0; i < 120; ++i) {
    last = ask_count(m, 1, i % 2 == 0 ? 2'000'000 : 5'000);
    run_ticks(m, 1);
    if (swarm_of(m).target_count() != target) ticks_with_a_new_target.insert(m.tick());
    target = swarm_of(m).target_count();
  }
  EXPECT_LE(ticks_with_a_new_target.size(), 120 / kCountCooldownTicks + 1);
  EXPECT_EQ(last.code, "count_cooldown");
  EXPECT_TRUE(last.accepted);
  // The last wish (5,000) takes effect at the viewer's next turn.
  run_ticks(m, static_cast<int>(kCountCooldownTicks));
  EXPECT_EQ(swarm_of(m).target_count(), 5'000U);
}

TEST(MeadowViewerLimits, AViewerWhoLeavesTakesItsWaitingCountAlong) {
  Meadow m = make_meadow(5000, 3);
  ASSERT_TRUE(ask_count(m, 1, 8'000).accepted);
  EXPECT_EQ(ask_count(m, 1, 9'000).code, "count_cooldown");
  act(m, 1, ViewerLeft{});
  run_ticks(m, static_cast<int>(kCountCooldownTicks) + 1);
  EXPECT_EQ(swarm_of(m).target_count(), 8'000U);
}

TEST(MeadowViewerLimits, RocksHaveATapCooldownAndACapPerViewer) {
  Meadow m = make_meadow(500, 3);
  const auto spot = [](std::size_t i) { return Vec2{200.0F + 120.0F * static_cast<float>(i % 10), 200.0F + 150.0F * static_cast<float>(i / 10)}; };
  ASSERT_TRUE(act(m, 1, RockTap{spot(0)}).accepted);
  const ActionOutcome soon = act(m, 1, RockTap{spot(1)});
  EXPECT_FALSE(soon.accepted);
  EXPECT_EQ(soon.code, "too_fast");
  EXPECT_TRUE(act(m, 2, RockTap{spot(1)}).accepted) << "another viewer is not held back";
  for (std::size_t i = 2; i <= kMaxRocksPerViewer; ++i) {
    pass_ticks_still(m, kTapCooldownTicks);
    ASSERT_TRUE(act(m, 1, RockTap{spot(i)}).accepted) << i;
  }
  pass_ticks_still(m, kTapCooldownTicks);
  const ActionOutcome capped = act(m, 1, RockTap{spot(20)});
  EXPECT_FALSE(capped.accepted);
  EXPECT_EQ(capped.code, "rock_limit_viewer");
  EXPECT_EQ(m.land().rocks_of(1), kMaxRocksPerViewer);
  // Taking one of them away (a tap on it) makes room for another.
  pass_ticks_still(m, kTapCooldownTicks);
  ASSERT_TRUE(act(m, 1, RockTap{spot(0)}).accepted);
  pass_ticks_still(m, kTapCooldownTicks);
  EXPECT_TRUE(act(m, 1, RockTap{spot(20)}).accepted);
  // The operator has neither a cooldown nor a cap.
  for (std::size_t i = 30; i < 30 + kMaxRocksPerViewer + 2; ++i) EXPECT_TRUE(act(m, kOperator, RockTap{spot(i)}).accepted);
}

// One visitor's sessions (its tabs, its reconnections: one address at the door) share its cap.
TEST(MeadowViewerLimits, RocksHaveACapPerVisitorWhateverItsSessions) {
  Meadow m = make_meadow(500, 3);
  const auto spot = [](std::size_t i) { return Vec2{150.0F + 110.0F * static_cast<float>(i % 12), 150.0F + 140.0F * static_cast<float>(i / 12)}; };
  constexpr std::uint64_t kVisitor = 0xABCDEF;
  const auto rock_from = [&](std::uint64_t session, std::uint64_t visitor, std::size_t i) {
    Action a{session, 0, RockTap{spot(i)}, WorldKind::swarm, visitor};
    return m.apply(a);
  };
  // Each of its sessions places one rock, one after another, as a visitor reconnecting would.
  for (std::size_t i = 0; i < kMaxRocksPerVisitor; ++i) ASSERT_TRUE(rock_from(100 + i, kVisitor, i).accepted) << i;
  const ActionOutcome capped = rock_from(200, kVisitor, 20);
  EXPECT_FALSE(capped.accepted);
  EXPECT_EQ(capped.code, "rock_limit_visitor");
  EXPECT_EQ(m.land().rocks_of_visitor(kVisitor), kMaxRocksPerVisitor);
  EXPECT_TRUE(rock_from(201, kVisitor + 1, 21).accepted) << "another visitor has its own";
  // A rock taken away (any of its sessions' tap on it) makes room again.
  ASSERT_TRUE(rock_from(202, kVisitor, 0).accepted);
  EXPECT_TRUE(rock_from(203, kVisitor, 22).accepted);
}

TEST(MeadowViewerLimits, DroppedFlowersWaitTheTapCooldownInsideTheMeadowsOwnThree) {
  Meadow m = make_meadow(500, 3);
  const auto drop = [&](std::uint64_t viewer, float x) {
    Action a{viewer, 0, FlowerTap{{x, 300.0F}}, WorldKind::colony};
    return m.apply(a);
  };
  ASSERT_TRUE(drop(2, 500.0F).accepted);
  ASSERT_TRUE(drop(1, 700.0F).accepted);
  EXPECT_EQ(drop(1, 900.0F).code, "too_fast");
  pass_ticks_still(m, kTapCooldownTicks);
  ASSERT_TRUE(drop(1, 900.0F).accepted);
  pass_ticks_still(m, kTapCooldownTicks);
  EXPECT_EQ(drop(3, 1300.0F).code, "flower_limit") << "the meadow's own limit holds for everyone";
}

// With others' flowers about, one visitor keeps to its share (a colony whose meadow takes more
// than the source's three, so that the share, not the meadow's limit, is what stops it).
TEST(MeadowViewerLimits, WithOthersAboutAVisitorKeepsToItsShare) {
  ColonyParams params;
  params.max_dropped_flowers = 5;
  Colony colony(3, Land().meadow(), params);
  const Land land;
  ASSERT_TRUE(colony.drop_flower({500.0F, 300.0F}, land, 0, 2, 0).accepted);
  ASSERT_TRUE(colony.drop_flower({700.0F, 300.0F}, land, 0, 1, 0).accepted);
  ASSERT_TRUE(colony.drop_flower({900.0F, 300.0F}, land, 0, 1, 0).accepted);
  const ActionOutcome capped = colony.drop_flower({1100.0F, 300.0F}, land, 0, 1, 0);
  EXPECT_FALSE(capped.accepted);
  EXPECT_EQ(capped.code, "flower_limit_viewer");
  EXPECT_TRUE(colony.drop_flower({1100.0F, 300.0F}, land, 0, 2, 0).accepted) << "the other has room";
}

// A lone visitor, with no one else's flower on the meadow, may drop the source's three.
TEST(MeadowViewerLimits, ALoneVisitorMayDropTheSourcesThreeFlowers) {
  Meadow m = make_meadow(500, 3);
  const auto drop = [&](std::uint64_t viewer, float x) {
    Action a{viewer, 0, FlowerTap{{x, 300.0F}}, WorldKind::colony};
    return m.apply(a);
  };
  for (const float x : {700.0F, 900.0F, 1100.0F}) {
    ASSERT_TRUE(drop(1, x).accepted) << x;
    pass_ticks_still(m, kTapCooldownTicks);
  }
  EXPECT_EQ(drop(1, 1300.0F).code, "flower_limit") << "three is the meadow's own limit";
}

}  // namespace
}  // namespace meadow::sim
