#include "sim/meadow.hpp"

#include <gtest/gtest.h>

#include <memory>

#include "sim/swarm/cpu_swarm.hpp"
#include "meadow_fixture.hpp"

namespace meadow::sim {
namespace {

using meadow::sim::testing::act;
using meadow::sim::testing::make_meadow;

TEST(Meadow, RockTapPlacesThenRemoves) {
  Meadow m = make_meadow(500, 3);
  EXPECT_TRUE(act(m, 1, RockTap{{800.0F, 450.0F}}).accepted);
  ASSERT_EQ(m.land().rocks().size(), 1U);
  EXPECT_EQ(m.land().rocks()[0].center, (Vec2{800.0F, 450.0F}));
  // A tap on the rock (not at its centre) removes it, whoever taps: the land is shared.
  EXPECT_TRUE(act(m, 2, RockTap{{810.0F, 455.0F}}).accepted);
  EXPECT_TRUE(m.land().rocks().empty());
}

TEST(Meadow, RockTapOutsideTheWorldIsRefused) {
  Meadow m = make_meadow(500, 3);
  const ActionOutcome out = act(m, 1, RockTap{{-5.0F, 450.0F}});
  EXPECT_FALSE(out.accepted);
  EXPECT_EQ(out.code, "outside_world");
  EXPECT_TRUE(m.land().rocks().empty());
}

TEST(Meadow, RockLimitIsRefused) {
  Meadow m = make_meadow(500, 3);
  // Many viewers, each placing one rock (a viewer's own cap and cooldown are other tests').
  for (std::size_t i = 0; i < kMaxRocks; ++i) {
    ASSERT_TRUE(act(m, 1 + i, RockTap{{30.0F + 50.0F * static_cast<float>(i % 30), 100.0F + 60.0F * static_cast<float>(i / 30)}}).accepted);
  }
  const ActionOutcome out = act(m, 1000, RockTap{{800.0F, 800.0F}});
  EXPECT_FALSE(out.accepted);
  EXPECT_EQ(out.code, "rock_limit");
}

TEST(Meadow, ActionsAreStampedWithTheTick) {
  Meadow m = make_meadow(500, 3);
  SerialFor serial;
  m.step(serial);
  m.step(serial);
  Action a{1, 0, RockTap{{100.0F, 100.0F}}};
  m.apply(a);
  EXPECT_EQ(a.tick, 2U);
  EXPECT_EQ(m.tick(), 2U);
  EXPECT_EQ(swarm_of(m).swarm().steps(), 2U);
}

TEST(Meadow, SettingsChangeWeightsAndKeepsAbsentOnes) {
  Meadow m = make_meadow(500, 3);
  SwarmSettingsChange change;
  change.alignment = 2.5F;
  EXPECT_TRUE(act(m, 1, as_settings(change)).accepted);
  EXPECT_EQ(swarm_of(m).swarm().weights(), (SwarmWeights{1.0F, 2.5F, 1.0F}));
  change = {};
  change.separation = 0.0F;
  change.cohesion = SwarmWeights::kMax;
  EXPECT_TRUE(act(m, 1, as_settings(change)).accepted);
  EXPECT_EQ(swarm_of(m).swarm().weights(), (SwarmWeights{0.0F, 2.5F, SwarmWeights::kMax}));
}

// The schema's range holds for every sender, the operator and the journal too: a value past it is
// refused whole, nothing of the change taken.
TEST(Meadow, SettingsOutsideTheSchemaAreRefusedForEverySender) {
  Meadow m = make_meadow(500, 3);
  SwarmSettingsChange change;
  change.separation = 0.5F;
  change.cohesion = 9.0F;
  for (const std::uint64_t origin : {std::uint64_t{1}, kOperator}) {
    const ActionOutcome outcome = act(m, origin, as_settings(change));
    EXPECT_FALSE(outcome.accepted);
    EXPECT_EQ(outcome.code, "out_of_range");
    EXPECT_NE(outcome.reason.find("between 0 and 3"), std::string::npos) << outcome.reason;
  }
  EXPECT_EQ(swarm_of(m).swarm().weights(), SwarmWeights{});
  SettingsChange unknown{WorldKind::swarm, {{"gravity", 1.0}}, std::nullopt};
  EXPECT_EQ(act(m, kOperator, unknown).code, "unknown_value");
  SettingsChange twice{WorldKind::swarm, {{"speed", 1.0}, {"speed", 1.5}}, std::nullopt};
  EXPECT_EQ(act(m, kOperator, twice).code, "duplicate");
}

TEST(Meadow, SettingsChangeTheCountWithinItsLimits) {
  Meadow m = make_meadow(500, 3);
  SwarmSettingsChange change;
  change.count = 1234;
  act(m, kOperator, as_settings(change));
  EXPECT_EQ(swarm_of(m).target_count(), 1234U);
  EXPECT_EQ(swarm_of(m).swarm().count(), 500U) << "the swarm follows at the start of the next step";
  m.settle_actions();
  EXPECT_EQ(swarm_of(m).swarm().count(), 1234U);  // newcomers count from the start (they fly in)
  change.count = 3;
  EXPECT_EQ(act(m, kOperator, as_settings(change)).code, "out_of_range");
  EXPECT_EQ(swarm_of(m).target_count(), 1234U);
  change.count = SwarmEngine::kMinCount;
  act(m, kOperator, as_settings(change));
  m.settle_actions();
  EXPECT_EQ(swarm_of(m).target_count(), SwarmEngine::kMinCount);
  EXPECT_EQ(swarm_of(m).swarm().count(), 1234U);  // leavers count until they are out
  change.count = 4'000'000'000U;
  EXPECT_EQ(act(m, kOperator, as_settings(change)).code, "out_of_range");
  change.count = static_cast<std::uint32_t>(swarm_of(m).swarm().max_count());
  act(m, kOperator, as_settings(change));
  EXPECT_EQ(swarm_of(m).target_count(), swarm_of(m).swarm().max_count());
  // Newcomers are let in at most kMaxArrivalsPerTick a tick (leavers called back first).
  m.settle_actions();
  EXPECT_EQ(swarm_of(m).swarm().count(), SwarmEngine::kMinCount + kMaxArrivalsPerTick);
}

TEST(Meadow, ATicksCountChangesCostOneResizeAndTheLastWins) {
  Meadow m = make_meadow(500, 3);
  SwarmSettingsChange change;
  for (const std::uint32_t count : {2'000'000U, 5'000U, 40'000U, 700U}) {
    change.count = count;
    act(m, kOperator, as_settings(change));
  }
  m.settle_actions();
  EXPECT_EQ(swarm_of(m).target_count(), 700U);
  EXPECT_EQ(swarm_of(m).swarm().count(), 700U) << "nobody was let in for the counts in between";
  EXPECT_EQ(m.land().world(), m.land().meadow());
}

}  // namespace
}  // namespace meadow::sim

namespace meadow::sim {
namespace {

TEST(StepBudget, OneStepEveryFewTicksWhereNotOneFitsATick) {
  constexpr StepBudget kEveryThird{1, 3};
  std::vector<std::uint32_t> steps;
  for (std::uint64_t tick = 0; tick < 7; ++tick) steps.push_back(kEveryThird.at(tick));
  EXPECT_EQ(steps, (std::vector<std::uint32_t>{1, 0, 0, 1, 0, 0, 1}));
  EXPECT_EQ((StepBudget{4, 1}.at(5)), 4U);
  EXPECT_EQ(StepBudget{}.at(5), kNoStepBudget);
}

TEST(StepBudget, AWorldGivenNoStepThisTickTakesNone) {
  Meadow m = testing::make_meadow(300, 3);
  SerialFor serial;
  for (World* w : m.worlds()) m.step_world(*w, serial, 1);
  m.end_tick();
  const std::uint64_t swarm_steps = m.world(WorldKind::swarm)->steps();
  m.step_world(*m.world(WorldKind::swarm), serial, 0);
  m.end_tick();
  EXPECT_EQ(m.world(WorldKind::swarm)->steps(), swarm_steps) << "a budget of none takes no step";
  m.step_world(*m.world(WorldKind::swarm), serial, 1);
  EXPECT_EQ(m.world(WorldKind::swarm)->steps(), swarm_steps + 1);
}

}  // namespace
}  // namespace meadow::sim
