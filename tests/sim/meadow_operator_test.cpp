// The operator's hold on the meadow (docs/rules.md "The operator"): locks on viewers' tools and
// settings, pause and resume, clearing the rocks — and that viewers cannot do any of it themselves.
#include <gtest/gtest.h>

#include <memory>

#include "sim/meadow.hpp"
#include "sim/swarm/cpu_swarm.hpp"
#include "meadow_fixture.hpp"

namespace meadow::sim {
namespace {

using meadow::sim::testing::act;
using meadow::sim::testing::make_meadow;

constexpr std::uint64_t kViewer = 5;

TEST(MeadowOperator, ALockedToolFromAViewerGetsRefusedAndChangesNothing) {
  Meadow m = make_meadow(300, 3);
  ViewerLocks locks;
  locks.rock = true;
  locks.attract = true;
  locks.flower = true;
  ASSERT_TRUE(act(m, kOperator, SetLocks{locks}).accepted);
  EXPECT_EQ(act(m, kViewer, RockTap{{400.0F, 300.0F}}).code, "locked");
  EXPECT_EQ(act(m, kViewer, AttractTap{{400.0F, 300.0F}}).code, "locked");
  EXPECT_EQ(act(m, kViewer, FlowerTap{{900.0F, 300.0F}}, WorldKind::colony).code, "locked");
  EXPECT_EQ(act(m, kViewer, FlowerTap{{900.0F, 300.0F}}).code, "locked");
  EXPECT_TRUE(m.land().rocks().empty());
  EXPECT_TRUE(swarm_of(m).tools().attract_marks().empty());
  EXPECT_TRUE(colony_of(m).colony().state().flowers.empty());
  // The predator is not locked: it still works.
  EXPECT_TRUE(act(m, kViewer, PredatorPointer{PointerPhase::down, {400.0F, 300.0F}}).accepted);
  // The operator itself may still place rocks.
  EXPECT_TRUE(act(m, kOperator, RockTap{{400.0F, 300.0F}}).accepted);
  EXPECT_EQ(m.land().rocks().size(), 1U);
  // Unlocked, viewers may again.
  ASSERT_TRUE(act(m, kOperator, SetLocks{ViewerLocks{}}).accepted);
  EXPECT_TRUE(act(m, kViewer, RockTap{{800.0F, 300.0F}}).accepted);
}

TEST(MeadowOperator, LockedSettingsKeepTheCountAndWeights) {
  Meadow m = make_meadow(300, 3);
  ViewerLocks locks;
  locks.settings = true;
  ASSERT_TRUE(act(m, kOperator, SetLocks{locks}).accepted);
  SwarmSettingsChange change;
  change.count = 1000;
  change.alignment = 2.0F;
  EXPECT_EQ(act(m, kViewer, as_settings(change)).code, "locked");
  EXPECT_EQ(swarm_of(m).target_count(), 300U);
  EXPECT_NE(swarm_of(m).swarm().weights().alignment, 2.0F);
  EXPECT_TRUE(act(m, kOperator, as_settings(change)).accepted);
  EXPECT_EQ(swarm_of(m).target_count(), 1000U);
}

TEST(MeadowOperator, AHeldPredatorCanStillBeReleasedAfterTheLock) {
  Meadow m = make_meadow(300, 3);
  ASSERT_TRUE(act(m, kViewer, PredatorPointer{PointerPhase::down, {400.0F, 300.0F}}).accepted);
  ViewerLocks locks;
  locks.predator = true;
  ASSERT_TRUE(act(m, kOperator, SetLocks{locks}).accepted);
  EXPECT_EQ(act(m, kViewer, PredatorPointer{PointerPhase::move, {420.0F, 300.0F}}).code, "locked");
  EXPECT_TRUE(act(m, kViewer, PredatorPointer{PointerPhase::up, {420.0F, 300.0F}}).accepted);
  EXPECT_TRUE(swarm_of(m).tools().predators().empty());
}

TEST(MeadowOperator, ViewersCannotDoTheOperatorsActions) {
  Meadow m = make_meadow(300, 3);
  ViewerLocks all{true, true, true, true, true};
  EXPECT_EQ(act(m, kViewer, SetLocks{all}).code, "operator_only");
  EXPECT_EQ(act(m, kViewer, SetPaused{true}).code, "operator_only");
  EXPECT_EQ(act(m, kViewer, ClearRocks{}).code, "operator_only");
  EXPECT_EQ(m.locks(), ViewerLocks{});
  EXPECT_FALSE(m.paused());
}

TEST(MeadowOperator, PauseHoldsEveryWorldStillAndResumeGoesOn) {
  Meadow m = make_meadow(300, 3);
  SerialFor serial;
  m.step(serial);
  ASSERT_TRUE(act(m, kOperator, SetPaused{true}).accepted);
  const float swarm_x = swarm_of(m).swarm().view().x[0];
  const Vec2 colony_at = colony_of(m).colony().state().fireflies.front().at;
  const std::uint64_t steps = swarm_of(m).swarm().steps();
  for (int i = 0; i < 30; ++i) m.step(serial);
  EXPECT_TRUE(m.paused());
  EXPECT_EQ(swarm_of(m).swarm().steps(), steps);
  EXPECT_EQ(swarm_of(m).swarm().view().x[0], swarm_x);
  EXPECT_EQ(colony_of(m).colony().state().fireflies.front().at, colony_at);
  EXPECT_EQ(m.tick(), 31U);  // time goes on: frames keep coming, showing the meadow still
  ASSERT_TRUE(act(m, kOperator, SetPaused{false}).accepted);
  m.step(serial);
  EXPECT_GT(swarm_of(m).swarm().steps(), steps);
  EXPECT_NE(colony_of(m).colony().state().fireflies.front().at, colony_at);
}

TEST(MeadowOperator, ClearRocksTakesThemAll) {
  Meadow m = make_meadow(300, 3);
  for (int i = 0; i < 5; ++i) ASSERT_TRUE(act(m, kViewer + i, RockTap{{300.0F + 100.0F * static_cast<float>(i), 300.0F}}).accepted);
  ASSERT_TRUE(act(m, kOperator, ClearRocks{}).accepted);
  EXPECT_TRUE(m.land().rocks().empty());
}

}  // namespace
}  // namespace meadow::sim
