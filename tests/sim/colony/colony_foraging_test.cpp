// Foraging, recruitment and memory (docs/rules.md "The colony"), and the flowers viewers drop
// (docs/rules.md "The flowers · Dropped by viewers").
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>

#include "colony_scene.hpp"
#include "sim/colony/colony.hpp"
#include "sim/meadow.hpp"
#include "sim/swarm/cpu_swarm.hpp"
#include "support/meadow_worlds.hpp"

namespace meadow::sim::testing {
namespace {

using meadow::testing::colony_of;
using meadow::testing::swarm_and_colony;

TEST(ColonyForaging, AWandererPassingWithin25UnitsLandsSipsAndCarriesItHome) {
  Scene scene(0.5);
  const std::uint32_t fl = scene.flower({800.0F, 450.0F});
  scene.firefly({780.0F, 450.0F});  // 20 units away
  Colony colony = scene.make();
  run(colony, kLand, 1);
  const auto me = [&] { return colony.state().fireflies.front(); };
  EXPECT_EQ(me().state, FireflyState::foraging);
  EXPECT_EQ(me().flower, fl);
  int steps = 0;
  while (me().state != FireflyState::sipping && steps++ < 100) run(colony, kLand, 1);
  ASSERT_EQ(me().state, FireflyState::sipping);
  const int sip_start = steps;
  while (me().state == FireflyState::sipping && steps++ < 200) run(colony, kLand, 1);
  EXPECT_NEAR(steps - sip_start, 60, 1);  // a 1 s sip
  EXPECT_EQ(me().state, FireflyState::carrying);
  EXPECT_EQ(colony.flower(fl)->sips, 89U);
  while (me().state == FireflyState::carrying && steps++ < 2000) run(colony, kLand, 1);
  EXPECT_NEAR(colony.state().store, 0.512, 1e-9);  // +1.2 %
  EXPECT_EQ(me().state, FireflyState::foraging);  // and back to its flower
  EXPECT_EQ(events_of<ColonyDeliveryEvent>(colony).size(), 1U);
}

TEST(ColonyForaging, NoMoreThanFifteenForagersPerFlower) {
  Scene scene(0.5);
  const std::uint32_t fl = scene.flower({800.0F, 450.0F});
  for (int i = 0; i < 40; ++i) scene.firefly({790.0F + static_cast<float>(i % 5) * 4.0F, 440.0F + static_cast<float>(i / 5) * 2.5F});
  Colony colony = scene.make();
  std::uint32_t most = 0;
  run(colony, kLand, 3000, [&](const Colony& c) { most = std::max(most, c.foragers(fl)); });
  EXPECT_EQ(most, 15U);
}

TEST(ColonyForaging, RecruitmentCapStaysAtFifteenInABusyColony) {
  // Many wanderers, two carriers' worth of recruiting every trip: the cap holds every step.
  ColonyParams params;
  params.start_fireflies = 300;
  params.start_spread = 300.0F;
  Colony colony(5, kMeadow, params);
  const Vec2 spot{colony.stump().x + 250.0F, colony.stump().y - 150.0F};
  ASSERT_TRUE(colony.drop_flower(spot, kLand, 0).accepted);
  const std::uint32_t fl = colony.state().flowers.front().id;
  std::uint32_t most = 0;
  run(colony, kLand, 3600, [&](const Colony& c) { most = std::max(most, c.foragers(fl)); });
  EXPECT_EQ(most, 15U);
}

// A carrier with wanderers all about it, for the recruitment tests.
Scene carrier_among_wanderers(double store, std::uint32_t& flower_id) {
  Scene scene(store);
  flower_id = scene.flower({1200.0F, 300.0F});
  ColonyFirefly& carrier = scene.firefly({700.0F, 500.0F}, FireflyState::carrying);
  carrier.flower = flower_id;
  carrier.carried_from = flower_id;
  carrier.velocity = {0.0F, 0.0F};
  for (int i = 0; i < 10; ++i) {
    ColonyFirefly& w = scene.firefly({695.0F + static_cast<float>(i), 495.0F + static_cast<float>(i)});
    w.velocity = {0.0F, 0.0F};
  }
  return scene;
}

TEST(ColonyRecruitment, CarriersRecruitWanderersNearThem) {
  std::uint32_t fl = 0;
  Colony colony = carrier_among_wanderers(0.5, fl).make();
  run(colony, kLand, 30);
  EXPECT_GE(colony.foragers(fl), 3U);  // 10 wanderers × 5 % a step, while they stay close
}

TEST(ColonyRecruitment, NobodyRecruitsIntoAFullStore) {
  // A full-sized colony with a full store: the beehive.
  std::uint32_t fl = 0;
  ColonyParams params;
  params.max_fireflies = 11;
  Colony colony = carrier_among_wanderers(1.0, fl).make(params);
  run(colony, kLand, 30);
  EXPECT_EQ(colony.foragers(fl), 1U);  // only the carrier
}

TEST(ColonyRecruitment, NeverForAFlowerWithoutNectar) {
  std::uint32_t fl = 0;
  Scene scene = carrier_among_wanderers(0.5, fl);
  scene.state().flowers.front().sips = 0;  // the carrier took the last sip
  Colony colony = scene.make();
  run(colony, kLand, 30);
  EXPECT_LE(colony.foragers(fl), 1U);
  ASSERT_NE(colony.flower(fl), nullptr);  // it stays while that sip is being carried home
}

TEST(ColonyRecruitment, NeitherEatingNorDyingFirefliesAreRecruited) {
  Scene scene(0.5);
  const std::uint32_t fl = scene.flower({1200.0F, 300.0F});
  ColonyFirefly& carrier = scene.firefly({700.0F, 500.0F}, FireflyState::carrying);
  carrier.flower = fl;
  carrier.carried_from = fl;
  ColonyFirefly& dying = scene.firefly({702.0F, 500.0F}, FireflyState::dying, 0.0F);
  dying.timer = 100;
  ColonyFirefly& eater = scene.firefly({698.0F, 500.0F}, FireflyState::eating, 0.3F);
  eater.timer = 180;
  Colony colony = scene.make();
  run(colony, kLand, 60);
  EXPECT_EQ(colony.foragers(fl), 1U);
}

TEST(ColonyBeehive, AForagerComingHomeToAFullStoreGoesBackToWandering) {
  ColonyParams params;
  params.max_fireflies = 1;
  Scene scene(0.995);
  const std::uint32_t fl = scene.flower({900.0F, 400.0F});
  ColonyFirefly& f = scene.firefly(stump_of(), FireflyState::carrying);
  f.flower = fl;
  f.carried_from = fl;
  Colony colony = scene.make(params);
  run(colony, kLand, 1);
  EXPECT_DOUBLE_EQ(colony.state().store, 1.0);  // its last sip delivered, the store capped
  EXPECT_EQ(colony.state().fireflies.front().state, FireflyState::wandering);
  EXPECT_EQ(colony.foragers(fl), 0U);
}

// A carrier arriving home, its own flower 400 units from the stump, remembering another.
Colony carrier_home_remembering(float remembered_distance, std::uint32_t& own, std::uint32_t& other) {
  Scene scene(0.5);
  const Vec2 home = stump_of();
  own = scene.flower({home.x + 400.0F, home.y});
  other = scene.flower({home.x, home.y - remembered_distance});
  ColonyFirefly& f = scene.firefly(home, FireflyState::carrying);
  f.flower = own;
  f.carried_from = own;
  f.remembered = other;
  return scene.make();
}

TEST(ColonyMemory, SwitchesToTheRememberedFlowerWhenItIsAtMost80PercentAsFar) {
  std::uint32_t own = 0;
  std::uint32_t other = 0;
  Colony colony = carrier_home_remembering(310.0F, own, other);  // 310 ≤ 0.8 × 400
  run(colony, kLand, 1);
  EXPECT_EQ(colony.state().fireflies.front().flower, other);
  EXPECT_EQ(colony.state().fireflies.front().state, FireflyState::foraging);
}

TEST(ColonyMemory, StaysWithItsFlowerWhenTheRememberedOneIsNotCloseEnough) {
  std::uint32_t own = 0;
  std::uint32_t other = 0;
  Colony colony = carrier_home_remembering(330.0F, own, other);  // 330 > 0.8 × 400
  run(colony, kLand, 1);
  EXPECT_EQ(colony.state().fireflies.front().flower, own);
}

TEST(ColonyMemory, DoesNotSwitchToAFullGroup) {
  Scene scene(0.5);
  const Vec2 home = stump_of();
  const std::uint32_t own = scene.flower({home.x + 400.0F, home.y});
  const std::uint32_t other = scene.flower({home.x, home.y - 200.0F});
  for (int i = 0; i < 15; ++i) {
    ColonyFirefly& member = scene.firefly({home.x, home.y - 200.0F}, FireflyState::sipping);
    member.flower = other;
    member.timer = 1000;
  }
  ColonyFirefly& f = scene.firefly(home, FireflyState::carrying);
  f.flower = own;
  f.carried_from = own;
  f.remembered = other;
  Colony colony = scene.make();
  run(colony, kLand, 1);
  EXPECT_EQ(colony.state().fireflies.back().flower, own);
}

TEST(ColonyMemory, AForagerRemembersAnotherFlowerItPasses) {
  Scene scene(0.5);
  const std::uint32_t own = scene.flower({1200.0F, 450.0F});
  const std::uint32_t passed = scene.flower({800.0F, 460.0F});
  ColonyFirefly& f = scene.firefly({700.0F, 450.0F}, FireflyState::foraging);
  f.flower = own;
  Colony colony = scene.make();
  run(colony, kLand, 80);
  EXPECT_EQ(colony.state().fireflies.front().remembered, passed);
  EXPECT_EQ(colony.state().fireflies.front().flower, own);
}

TEST(ColonyFlowers, TheFourthDroppedFlowerIsRefused) {
  Colony colony(1, kMeadow);
  EXPECT_TRUE(colony.drop_flower({600.0F, 300.0F}, kLand, 0).accepted);
  EXPECT_TRUE(colony.drop_flower({900.0F, 300.0F}, kLand, 0).accepted);
  EXPECT_TRUE(colony.drop_flower({1200.0F, 300.0F}, kLand, 0).accepted);
  const ActionOutcome fourth = colony.drop_flower({1200.0F, 600.0F}, kLand, 0);
  EXPECT_FALSE(fourth.accepted);
  EXPECT_EQ(fourth.code, "flower_limit");
  EXPECT_FALSE(fourth.reason.empty());
  EXPECT_EQ(colony.state().flowers.size(), 3U);
  EXPECT_EQ(colony.state().flowers.front().sips, 90U);
  EXPECT_EQ(events_of<FlowerDroppedEvent>(colony).size(), 3U);
}

TEST(ColonyFlowers, NotOnTheStumpNorOnARockNorOffTheMeadow) {
  Land land;
  ASSERT_TRUE(land.add_rock({1000.0F, 500.0F}));
  Colony colony(1, kMeadow);
  EXPECT_EQ(colony.drop_flower(colony.stump(), land, 0).code, "no_room");
  EXPECT_EQ(colony.drop_flower({1005.0F, 505.0F}, land, 0).code, "no_room");
  EXPECT_EQ(colony.drop_flower({-10.0F, 500.0F}, land, 0).code, "outside_meadow");
  EXPECT_TRUE(colony.drop_flower({1100.0F, 500.0F}, land, 0).accepted);
}

TEST(ColonyFlowers, AnEmptyFlowerStaysWhileASipOfItIsCarriedThenGoes) {
  Scene scene(0.5);
  const std::uint32_t fl = scene.flower({600.0F, 500.0F}, 1);
  ColonyFirefly& f = scene.firefly({600.0F, 500.0F}, FireflyState::sipping);
  f.flower = fl;
  f.timer = 1;
  Colony colony = scene.make();
  run(colony, kLand, 1);  // the last sip taken
  ASSERT_EQ(colony.state().fireflies.front().state, FireflyState::carrying);
  ASSERT_NE(colony.flower(fl), nullptr);
  EXPECT_EQ(colony.flower(fl)->sips, 0U);
  while (colony.state().fireflies.front().state == FireflyState::carrying) {
    ASSERT_NE(colony.flower(fl), nullptr);
    run(colony, kLand, 1);
  }
  EXPECT_EQ(colony.flower(fl), nullptr);
  EXPECT_EQ(events_of<FlowerGoneEvent>(colony).size(), 1U);
  EXPECT_EQ(colony.state().fireflies.front().state, FireflyState::wandering);
}

TEST(ColonyStream, ARichFlowerCloseToHomeDrawsAStreamBetweenFlowerAndStump) {
  ColonyParams rich;
  rich.sips_per_flower = 1000;  // 90 sips would be gone within the minute with 15 foragers
  Colony colony(3, kMeadow, rich);
  const Vec2 home = colony.stump();
  const Vec2 spot{home.x + 320.0F, home.y - 240.0F};  // 400 units from the stump
  ASSERT_TRUE(colony.drop_flower(spot, kLand, 0).accepted);
  const std::uint32_t fl = colony.state().flowers.front().id;
  run(colony, kLand, 3600);  // a minute
  // Distance of a point from the segment stump → flower.
  const auto off_line = [&](Vec2 p) {
    const float lx = spot.x - home.x;
    const float ly = spot.y - home.y;
    const float t = std::clamp(((p.x - home.x) * lx + (p.y - home.y) * ly) / (lx * lx + ly * ly), 0.0F, 1.0F);
    return distance(p, {home.x + t * lx, home.y + t * ly});
  };
  int foragers = 0;
  int in_band = 0;
  for (const ColonyFirefly& f : colony.state().fireflies) {
    if (f.flower != fl || !f.alive()) continue;
    ++foragers;
    if (off_line(f.at) <= 30.0F) ++in_band;
  }
  EXPECT_GE(foragers, 8);
  EXPECT_GE(in_band, foragers * 8 / 10) << in_band << " of " << foragers << " foragers in the band";
}

TEST(ColonyFlight, AForagerLandsOnAFlowerAtARocksRimAndNearTheEdge) {
  Land land;
  ASSERT_TRUE(land.add_rock({800.0F, 400.0F}));
  Scene scene(0.5);
  const std::uint32_t by_rock = scene.flower({800.0F, 400.0F + kRockRadius + 1.0F});
  const std::uint32_t by_edge = scene.flower({1590.0F, 450.0F});
  // One comes in over the rock, one along the edge.
  ColonyFirefly& a = scene.firefly({800.0F, 250.0F}, FireflyState::foraging);
  a.flower = by_rock;
  ColonyFirefly& b = scene.firefly({1400.0F, 300.0F}, FireflyState::foraging);
  b.flower = by_edge;
  Colony colony = scene.make();
  bool a_sat = false;
  bool b_sat = false;
  run(colony, land, 600, [&](const Colony& c) {
    a_sat = a_sat || c.firefly(1)->state == FireflyState::sipping;
    b_sat = b_sat || c.firefly(2)->state == FireflyState::sipping;
  });
  EXPECT_TRUE(a_sat);
  EXPECT_TRUE(b_sat);
}

TEST(ColonyFlowers, ARockPlacedOnAFlowerCrushesItAndNoRockGoesOnTheStump) {
  Meadow meadow(3, swarm_and_colony(std::make_unique<CpuSwarm>(3, 200, Land{})));
  Action drop{1, 0, FlowerTap{{900.0F, 300.0F}}, WorldKind::colony};
  ASSERT_TRUE(meadow.apply(drop).accepted);
  Action rock{2, 0, RockTap{{905.0F, 300.0F}}, WorldKind::swarm};
  ASSERT_TRUE(meadow.apply(rock).accepted);
  EXPECT_TRUE(colony_of(meadow).colony().state().flowers.front().spent());
  SerialFor serial;
  meadow.step(serial);
  EXPECT_TRUE(colony_of(meadow).colony().state().flowers.empty());
  Action on_stump{3, 0, RockTap{colony_of(meadow).colony().stump()}, WorldKind::swarm};
  EXPECT_EQ(meadow.apply(on_stump).code, "no_room");
}

}  // namespace
}  // namespace meadow::sim::testing
