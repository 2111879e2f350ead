// The colony's life (docs/rules.md "The colony"): energy, meals, births, deaths and the dormant
// spark.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "colony_scene.hpp"
#include "sim/colony/colony.hpp"
#include "sim/colony/colony_world.hpp"
#include "sim/colony/colony_world_state.hpp"

namespace meadow::sim::testing {
namespace {

TEST(ColonyStart, FiftyFirefliesAroundTheStumpAndAStoreSixtyPercentFull) {
  const Colony colony(1, kMeadow);
  EXPECT_EQ(colony.size(), 50U);
  EXPECT_DOUBLE_EQ(colony.state().store, 0.60);
  for (const ColonyFirefly& f : colony.state().fireflies) {
    EXPECT_LE(distance(f.at, colony.stump()), 30.0F + 70.0F + 0.01F);
    EXPECT_GE(f.period, 70.0F);
    EXPECT_LE(f.period, 110.0F);
  }
  // The stump stands in the bottom-left corner of the meadow.
  EXPECT_LT(colony.stump().x, kMeadowWidth / 4.0F);
  EXPECT_GT(colony.stump().y, kMeadowHeight * 3.0F / 4.0F);
}

TEST(ColonyEnergy, AFullFireflyFliesAboutTwoMinutesBeforeItDies) {
  Scene scene(0.0);  // an empty store: nothing to go home for
  scene.firefly({800.0F, 450.0F});
  Colony colony = scene.make();
  int steps = 0;
  while (colony.state().fireflies.front().state != FireflyState::dying && steps < 10000) {
    run(colony, kLand, 1);
    ++steps;
  }
  EXPECT_NEAR(steps, 7200, 2);
  ASSERT_EQ(events_of<ColonyDeathEvent>(colony).size(), 1U);
  // It settles where it is and fades out over 2 s, then it is gone and the spark sleeps.
  const Vec2 settled = colony.state().fireflies.front().at;
  run(colony, kLand, 60);
  EXPECT_EQ(colony.state().fireflies.front().at, settled);
  run(colony, kLand, 61);
  EXPECT_TRUE(colony.dormant());
  EXPECT_EQ(colony.size(), 0U);
}

TEST(ColonyEnergy, AHungryFireflyGoesHomeAndEatsUntilFull) {
  Scene scene(0.5);
  scene.firefly({700.0F, 300.0F}, FireflyState::wandering, 0.24F);
  Colony colony = scene.make();
  run(colony, kLand, 1);
  EXPECT_EQ(colony.state().fireflies.front().state, FireflyState::hungry);
  int steps = 0;
  while (colony.state().fireflies.front().state != FireflyState::eating && steps < 2000) {
    run(colony, kLand, 1);
    ++steps;
  }
  ASSERT_EQ(colony.state().fireflies.front().state, FireflyState::eating);
  EXPECT_LT(distance(colony.state().fireflies.front().at, colony.stump()), 30.0F);
  const float arrived_with = colony.state().fireflies.front().energy;
  while (colony.state().fireflies.front().state == FireflyState::eating) run(colony, kLand, 1);
  EXPECT_EQ(colony.state().fireflies.front().state, FireflyState::wandering);
  const auto meals = events_of<ColonyMealEvent>(colony);
  ASSERT_EQ(meals.size(), 1U);
  EXPECT_NEAR(arrived_with + meals.front().energy_gained, 1.0F, 1e-4);  // eaten until full
  EXPECT_LT(colony.state().store, 0.5);
}

// A meal from empty to full takes 3 s and full_meal_store of the store; from half empty half as
// long and half as much.
TEST(ColonyEnergy, MealsAreProportionalToHowEmptyTheFireflyIs) {
  const ColonyParams params;
  struct Meal {
    int steps = 0;
    double cost = 0.0;
  };
  const auto meal = [&](float energy) {
    Scene scene(0.5);
    ColonyFirefly& f = scene.firefly(stump_of(), FireflyState::eating, energy);
    f.timer = params.meal_steps;
    f.velocity = {};
    Colony colony = scene.make(params);
    Meal m;
    while (colony.state().fireflies.front().state == FireflyState::eating) {
      run(colony, kLand, 1);
      ++m.steps;
    }
    m.cost = 0.5 - colony.state().store;
    return m;
  };
  const Meal empty = meal(0.0F);
  const Meal half = meal(0.5F);
  EXPECT_NEAR(empty.steps, 180, 1);
  EXPECT_NEAR(half.steps, 90, 1);
  EXPECT_NEAR(empty.cost, params.full_meal_store, 1e-6);
  EXPECT_NEAR(half.cost, params.full_meal_store / 2.0, 1e-6);
}

TEST(ColonyEnergy, AStoreRunningDryCutsTheMealShort) {
  const ColonyParams params;
  Scene scene(params.full_meal_store * 0.2);  // enough for a fifth of a full meal
  ColonyFirefly& f = scene.firefly(stump_of(), FireflyState::eating, 0.0F);
  f.timer = params.meal_steps;
  f.velocity = {};
  Colony colony = scene.make(params);
  int steps = 0;
  while (colony.state().fireflies.front().state == FireflyState::eating && steps++ < 400) run(colony, kLand, 1);
  EXPECT_NEAR(steps, 36, 1);  // a fifth of 3 s
  EXPECT_NEAR(colony.state().fireflies.front().energy, 0.2F, 1e-3);
  EXPECT_EQ(colony.state().store, 0.0);
}

TEST(ColonyBirths, OnlyOverEightyPercentAndNeverCloserThanNinetySteps) {
  ColonyParams params;
  params.birth_cost = 0.01;  // many births from one store, to see the gaps
  Scene scene(1.0);
  for (int i = 0; i < 5; ++i) scene.firefly({800.0F + 10.0F * static_cast<float>(i), 450.0F});
  Colony colony = scene.make(params);
  std::vector<std::uint64_t> birth_steps;
  double store_before = colony.state().store;
  std::size_t births_seen = 0;
  run(colony, kLand, 3000, [&](const Colony& c) {
    const auto births = events_of<ColonyBirthEvent>(c);
    if (births.size() > births_seen) {
      EXPECT_GT(store_before, 0.80) << "a birth with the store at " << store_before;
      birth_steps.push_back(c.state().step);
      births_seen = births.size();
    }
    store_before = c.state().store;
  });
  ASSERT_GE(birth_steps.size(), 15U);
  for (std::size_t i = 1; i < birth_steps.size(); ++i) {
    EXPECT_GE(birth_steps[i] - birth_steps[i - 1], 90U);
  }
  EXPECT_LE(colony.state().store, 0.80 + 1e-9);
  // Newborns rise out of the hollow full of energy, then wander.
  const ColonyFirefly& newborn = colony.state().fireflies.back();
  EXPECT_GT(newborn.id, 5U);
}

TEST(ColonyBirths, ABirthSpendsFifteenPercentAndRisesFromTheHollowFull) {
  Scene scene(0.9);
  scene.firefly({800.0F, 450.0F});
  Colony colony = scene.make();
  run(colony, kLand, 1);
  ASSERT_EQ(colony.size(), 2U);
  EXPECT_NEAR(colony.state().store, 0.75, 1e-9);
  const ColonyFirefly& newborn = colony.state().fireflies.back();
  EXPECT_EQ(newborn.state, FireflyState::rising);
  EXPECT_FLOAT_EQ(newborn.energy, 1.0F);
  EXPECT_LT(distance(newborn.at, colony.stump()), 5.0F);
  run(colony, kLand, 100);
  EXPECT_EQ(colony.state().fireflies.back().state, FireflyState::wandering);
}

TEST(ColonyBirths, NeverPastFiveHundred) {
  ColonyParams params;
  params.birth_cost = 0.001;
  Scene scene(1.0);
  for (int i = 0; i < 499; ++i) {
    scene.firefly({200.0F + static_cast<float>(i % 40) * 30.0F, 100.0F + static_cast<float>(i / 40) * 50.0F});
  }
  Colony colony = scene.make(params);
  run(colony, kLand, 400);
  EXPECT_EQ(colony.size(), 500U);
  EXPECT_EQ(colony.state().next_firefly_id, 501U);  // exactly one was born
}

TEST(ColonySpark, ExtinctionLeavesOneDormantSparkThatWakesForTheFirstFlowerWithNectar) {
  Scene scene(0.0);
  scene.firefly({800.0F, 450.0F}, FireflyState::wandering, 0.0001F);
  Colony colony = scene.make();
  run(colony, kLand, 200);  // dies at once, fades over 2 s
  ASSERT_TRUE(colony.dormant());
  ASSERT_EQ(colony.state().fireflies.size(), 1U);
  EXPECT_EQ(colony.state().fireflies.front().state, FireflyState::dormant);
  EXPECT_LT(distance(colony.state().fireflies.front().at, colony.stump()), 1.0F);
  const auto sleeping = events_of<ColonySparkEvent>(colony);
  ASSERT_EQ(sleeping.size(), 1U);
  EXPECT_FALSE(sleeping.front().awake);
  run(colony, kLand, 1000);  // it sleeps on, and does not flash or burn
  EXPECT_TRUE(colony.dormant());
  EXPECT_EQ(colony.state().fireflies.size(), 1U);
  EXPECT_EQ(events_of<ColonyFlashEvent>(colony).size(), 0U);

  const Vec2 far{1400.0F, 200.0F};
  const Vec2 near{600.0F, 600.0F};
  ASSERT_TRUE(colony.drop_flower(far, kLand, 0).accepted);
  ASSERT_TRUE(colony.drop_flower(near, kLand, 0).accepted);
  run(colony, kLand, 1);
  const ColonyFirefly& spark = colony.state().fireflies.front();
  EXPECT_EQ(spark.state, FireflyState::foraging);
  EXPECT_EQ(colony.flower(spark.flower)->at, near);
  EXPECT_NEAR(spark.energy, 1.0F, 0.001F);  // full, less its first step of flight
  EXPECT_FALSE(colony.dormant());
  const auto woke = events_of<ColonySparkEvent>(colony);
  ASSERT_EQ(woke.size(), 2U);
  EXPECT_TRUE(woke.back().awake);
  // It flies straight there: after 100 steps it is about 200 units nearer.
  const float before = distance(spark.at, near);
  run(colony, kLand, 100);
  EXPECT_NEAR(before - distance(colony.state().fireflies.front().at, near), 200.0F, 15.0F);
}

}  // namespace
}  // namespace meadow::sim::testing

namespace meadow::sim::testing {
namespace colony_revival_test {

// A dark colony languishes, and what the caretaker drops to revive it (its revival: the source's
// three flowers round the stump) is taken and wakes the spark.
TEST(ColonyWorldRevival, ADarkColonyLanguishesAndItsRevivalWakesIt) {
  Scene scene(0.0);
  scene.firefly({800.0F, 450.0F}, FireflyState::wandering, 0.0001F);
  Colony dark = scene.make();
  run(dark, kLand, 200);
  ASSERT_TRUE(dark.dormant());
  Land land;
  ColonyWorld world(11, land);
  EXPECT_FALSE(world.languishing()) << "fifty fireflies at the start";
  ColonyWorldState state;
  state.colony = dark.state();
  world.restore(state, land);
  ASSERT_TRUE(world.languishing());
  const std::vector<ActionBody> revival = world.revival();
  ASSERT_EQ(revival.size(), 3U);
  for (const ActionBody& body : revival) {
    Action a{kOperator, 0, body, WorldKind::colony};
    ASSERT_TRUE(world.apply(a, land)->accepted);
  }
  SerialFor serial;
  for (int t = 0; t < 5; ++t) world.step(WorldStep{land, static_cast<std::uint64_t>(t), serial});
  EXPECT_FALSE(world.languishing()) << "the spark woke for a flower";
}

}  // namespace colony_revival_test
}  // namespace meadow::sim::testing
