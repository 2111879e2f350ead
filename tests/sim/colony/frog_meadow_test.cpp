// The frog tool on the meadow (docs/rules.md "The frog"): a viewer's FrogTap reaches the colony it
// watches, under the operator's lock and the tap cooldown; the other worlds say it is the colony's;
// the operator's ClearFrogs clears them whatever it watches, and viewers cannot; a rock may not
// land on a frog; the colony world saves and restores its frogs.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string_view>
#include <vector>

#include "meadow_fixture.hpp"
#include "sim/colony/colony_world.hpp"
#include "sim/colony/colony_world_state.hpp"
#include "sim/state_hash.hpp"
#include "support/meadow_worlds.hpp"

namespace meadow::sim {
namespace {

using meadow::sim::testing::act;
using meadow::sim::testing::make_meadow;
using meadow::sim::testing::pass_ticks_still;
using meadow::sim::testing::run_ticks;

constexpr std::uint64_t kViewer = 5;
constexpr std::uint64_t kOtherViewer = 6;

const std::vector<Frog>& frogs_of(const Meadow& m) { return colony_of(m).colony().state().frogs; }

ActionOutcome frog_tap(Meadow& m, std::uint64_t origin, Vec2 at, WorldKind world = WorldKind::colony) {
  return act(m, origin, FrogTap{at}, world);
}

TEST(FrogOnTheMeadow, AViewersTapDropsAFrogAndItsOwnTapTakesItAway) {
  Meadow m = make_meadow(300, 3);
  ASSERT_TRUE(frog_tap(m, kViewer, {800.0F, 300.0F}).accepted);
  ASSERT_EQ(frogs_of(m).size(), 1U);
  EXPECT_EQ(frogs_of(m).front().owner, kViewer);
  EXPECT_EQ(frog_tap(m, kOtherViewer, {805.0F, 300.0F}).code, "not_yours");
  ASSERT_EQ(frogs_of(m).size(), 1U);
  run_ticks(m, static_cast<int>(viewer_limits::kTapCooldownTicks));
  EXPECT_TRUE(frog_tap(m, kViewer, {805.0F, 300.0F}).accepted);
  EXPECT_TRUE(frogs_of(m).empty());
}

TEST(FrogOnTheMeadow, RefusalsComeBackWithTheirCodes) {
  Meadow m = make_meadow(300, 3);
  const Vec2 stump = colony_of(m).colony().stump();
  EXPECT_EQ(frog_tap(m, kViewer, {stump.x + 40.0F, stump.y}).code, "no_room");
  for (int i = 0; i < 3; ++i) {
    pass_ticks_still(m, viewer_limits::kTapCooldownTicks);
    ASSERT_TRUE(frog_tap(m, kViewer + static_cast<std::uint64_t>(i), {500.0F + 100.0F * static_cast<float>(i), 300.0F})
                    .accepted);
  }
  pass_ticks_still(m, viewer_limits::kTapCooldownTicks);
  EXPECT_EQ(frog_tap(m, kViewer, {1200.0F, 300.0F}).code, "frog_limit");
  EXPECT_EQ(frog_tap(m, kOperator, {1200.0F, 300.0F}).code, "frog_limit");
}

TEST(FrogOnTheMeadow, TheOtherWorldsSayTheFrogIsTheColonys) {
  auto m = meadow::testing::three_cpu_worlds(3, 300, 64, 256);
  for (const WorldKind world : {WorldKind::swarm, WorldKind::mold}) {
    const ActionOutcome out = frog_tap(*m, kOperator, {800.0F, 300.0F}, world);
    EXPECT_EQ(out.code, "tool_unavailable");
    EXPECT_NE(out.reason.find("colony"), std::string::npos);
  }
  EXPECT_TRUE(colony_of(*m).colony().state().frogs.empty());
}

TEST(FrogOnTheMeadow, TheLockRefusesViewersButNotTheOperator) {
  Meadow m = make_meadow(300, 3);
  ViewerLocks locks;
  locks.frog = true;
  ASSERT_TRUE(act(m, kOperator, SetLocks{locks}).accepted);
  const ActionOutcome out = frog_tap(m, kViewer, {800.0F, 300.0F});
  EXPECT_EQ(out.code, "locked");
  EXPECT_NE(out.reason.find("frog"), std::string::npos);
  EXPECT_TRUE(frogs_of(m).empty());
  EXPECT_TRUE(frog_tap(m, kOperator, {800.0F, 300.0F}).accepted);
  // The other tools are not locked by it.
  EXPECT_TRUE(act(m, kViewer, FlowerTap{{900.0F, 300.0F}}, WorldKind::colony).accepted);
  ASSERT_TRUE(act(m, kOperator, SetLocks{ViewerLocks{}}).accepted);
  pass_ticks_still(m, viewer_limits::kTapCooldownTicks);
  EXPECT_TRUE(frog_tap(m, kViewer, {600.0F, 300.0F}).accepted);
}

TEST(FrogOnTheMeadow, FrogTapsShareTheTapCooldown) {
  Meadow m = make_meadow(300, 3);
  ASSERT_TRUE(act(m, kViewer, RockTap{{400.0F, 300.0F}}).accepted);
  EXPECT_EQ(frog_tap(m, kViewer, {800.0F, 300.0F}).code, "too_fast");
  pass_ticks_still(m, viewer_limits::kTapCooldownTicks);
  ASSERT_TRUE(frog_tap(m, kViewer, {800.0F, 300.0F}).accepted);
  EXPECT_EQ(frog_tap(m, kViewer, {800.0F, 300.0F}).code, "too_fast");
  EXPECT_EQ(frogs_of(m).size(), 1U);
}

TEST(FrogOnTheMeadow, ClearingTheFrogsIsTheOperatorsAndNamesTheColony) {
  Meadow m = make_meadow(300, 3);
  ASSERT_TRUE(frog_tap(m, kViewer, {800.0F, 300.0F}).accepted);
  ASSERT_TRUE(frog_tap(m, kOperator, {600.0F, 300.0F}).accepted);
  EXPECT_EQ(act(m, kViewer, Clear{"frogs"}, WorldKind::colony).code, "operator_only");
  EXPECT_EQ(frogs_of(m).size(), 2U);
  // The swarm keeps nothing to clear; the colony clears only its frogs.
  EXPECT_EQ(act(m, kOperator, Clear{"frogs"}, WorldKind::swarm).code, "nothing_to_clear");
  EXPECT_EQ(act(m, kOperator, Clear{"flowers"}, WorldKind::colony).code, "unknown_value");
  EXPECT_EQ(frogs_of(m).size(), 2U);
  EXPECT_TRUE(act(m, kOperator, Clear{"frogs"}, WorldKind::colony).accepted);
  EXPECT_TRUE(frogs_of(m).empty());
  ASSERT_EQ(m.clearables().size(), 1U) << "the colony alone keeps anything to clear here";
  EXPECT_EQ(m.clearables()[0].world, WorldKind::colony);
  EXPECT_EQ(m.clearables()[0].names, std::vector<std::string>{"frogs"});
}

// An older journal's clearing of the frogs names no world: it goes to the world that clears frogs.
TEST(FrogOnTheMeadow, AClearingThatNamesNoWorldGoesToTheWorldThatClearsIt) {
  Meadow m = make_meadow(300, 3);
  ASSERT_TRUE(frog_tap(m, kOperator, {600.0F, 300.0F}).accepted);
  EXPECT_EQ(act(m, kOperator, Clear{"crumbs"}, WorldKind{}).code, "world_unavailable") << "nobody clears crumbs here";
  EXPECT_EQ(frogs_of(m).size(), 1U);
  EXPECT_TRUE(act(m, kOperator, Clear{"frogs"}, WorldKind{}).accepted);
  EXPECT_TRUE(frogs_of(m).empty());
}

TEST(FrogOnTheMeadow, ARockMayNotLandOnAFrog) {
  Meadow m = make_meadow(300, 3);
  ASSERT_TRUE(frog_tap(m, kOperator, {800.0F, 300.0F}).accepted);
  EXPECT_EQ(act(m, kOperator, RockTap{{820.0F, 300.0F}}).code, "no_room");
  EXPECT_TRUE(act(m, kOperator, RockTap{{900.0F, 300.0F}}).accepted);
  // Nor a frog on a rock.
  EXPECT_EQ(frog_tap(m, kOperator, {910.0F, 300.0F}).code, "no_room");
}

TEST(FrogOnTheMeadow, FiguresCountTheFrogsAndWhatTheyAte) {
  Meadow m = make_meadow(300, 3);
  ASSERT_TRUE(frog_tap(m, kOperator, {800.0F, 300.0F}).accepted);
  std::vector<WorldFigure> figures;
  colony_of(m).figures(figures);
  const auto value = [&](std::string_view name) {
    const auto it = std::find_if(figures.begin(), figures.end(), [&](const WorldFigure& f) { return f.name == name; });
    return it == figures.end() ? -1.0 : it->value;
  };
  EXPECT_EQ(value("frogs"), 1.0);
  EXPECT_EQ(value("eaten_by_frogs"), 0.0);
}

TEST(FrogOnTheMeadow, TheColonyWorldSavesAndRestoresItsFrogs) {
  Meadow a = make_meadow(300, 9);
  ASSERT_TRUE(act(a, kOperator, FlowerTap{{500.0F, 500.0F}}, WorldKind::colony).accepted);
  ASSERT_TRUE(frog_tap(a, kViewer, {470.0F, 530.0F}).accepted);
  run_ticks(a, 900);
  const MeadowState saved = a.save();
  Meadow b = make_meadow(300, 9);
  ASSERT_TRUE(b.restore(saved).empty());
  EXPECT_EQ(frogs_of(b), frogs_of(a));
  run_ticks(a, 1200);
  run_ticks(b, 1200);
  EXPECT_EQ(frogs_of(b), frogs_of(a));
  EXPECT_EQ(meadow_state_hash(b), meadow_state_hash(a));
}

}  // namespace
}  // namespace meadow::sim
