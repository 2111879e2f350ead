// Flowers and seeds (docs/rules.md "The flowers"): seeds stuck on foragers, falling and drifting,
// rooting where there is room; a sprout's 30 s, a flower's three minutes and its wilting; the bloom
// cap.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>

#include "colony_scene.hpp"
#include "sim/colony/colony.hpp"

namespace meadow::sim::testing {
namespace {

// |observed − n·p| within four standard deviations of a binomial.
void expect_binomial(int observed, int n, double p) {
  const double mean = n * p;
  const double sd = std::sqrt(n * p * (1.0 - p));
  EXPECT_NEAR(observed, mean, 4.0 * sd) << observed << " of " << n << " at p = " << p;
}

TEST(Seeds, ASipLeavesASeedStuckTenPercentOfTheTime) {
  Scene scene(0.5);
  const std::uint32_t fl = scene.flower({800.0F, 450.0F}, 100000);
  constexpr int kSippers = 3000;
  for (int i = 0; i < kSippers; ++i) {
    ColonyFirefly& f = scene.firefly({800.0F, 450.0F}, FireflyState::sipping);
    f.flower = fl;
    f.timer = 1;
  }
  Colony colony = scene.make();
  run(colony, kLand, 1);
  int stuck = 0;
  for (const ColonyFirefly& f : colony.state().fireflies) {
    if (f.seed_steps == 0) continue;
    ++stuck;
    EXPECT_GE(f.seed_steps, 299U);  // 5 … 20 s of flight (one already flown)
    EXPECT_LE(f.seed_steps, 1200U);
  }
  expect_binomial(stuck, kSippers, 0.10);
}

TEST(Seeds, ALandedSeedTakesRootAQuarterOfTheTime) {
  ColonyParams params;
  params.root_flower_clearance = 0.0F;  // room everywhere: only the chance decides
  params.root_stump_clearance = 0.0F;
  Scene scene(0.5);
  constexpr int kSeeds = 2000;
  for (int i = 0; i < kSeeds; ++i) {
    const Vec2 at{100.0F + static_cast<float>(i % 50) * 25.0F, 100.0F + static_cast<float>(i / 50) * 15.0F};
    scene.state().seeds.push_back(FallingSeed{static_cast<std::uint32_t>(i + 1), at, 1, 180});
  }
  scene.state().next_seed_id = kSeeds + 1;
  Colony colony = scene.make(params);
  run(colony, kLand, 1);
  expect_binomial(static_cast<int>(colony.state().flowers.size()), kSeeds, 0.25);
  for (const Flower& f : colony.state().flowers) EXPECT_EQ(f.stage, FlowerStage::shoot);
}

TEST(Seeds, ASeedFallsOffAfterItsFlightFloatsThreeSecondsAndDrifts80To300Units) {
  ColonyParams params;
  params.root_chance = 0.0F;
  params.seed_chance = 1.0F;
  Scene scene(0.0);
  // Carriers flying about with seeds that fall at different times, under different breezes.
  for (int i = 0; i < 60; ++i) {
    ColonyFirefly& f = scene.firefly({300.0F + static_cast<float>(i) * 20.0F, 300.0F});
    f.seed_steps = 1 + static_cast<std::uint32_t>(i) * 97;
  }
  Colony colony = scene.make(params);
  std::map<std::uint32_t, Vec2> dropped;
  std::map<std::uint32_t, std::uint64_t> dropped_step;
  int landed = 0;
  run(colony, kLand, 6200, [&](const Colony& c) {
    for (const ColonyEvent& e : c.events().events()) {
      if (e.tick + 1 != c.state().step) continue;  // this step's events only
      if (const auto* d = std::get_if<SeedDroppedEvent>(&e.body)) {
        dropped[d->seed] = d->at;
        dropped_step[d->seed] = c.state().step;
      } else if (const auto* l = std::get_if<SeedLandedEvent>(&e.body)) {
        ++landed;
        ASSERT_TRUE(dropped.count(l->seed));
        EXPECT_EQ(c.state().step - dropped_step[l->seed], 180U);  // 3 s afloat
        const float drift = distance(dropped[l->seed], l->at);
        EXPECT_GE(drift, 80.0F - 0.5F);
        EXPECT_LE(drift, 300.0F + 0.5F);
      }
    }
  });
  EXPECT_EQ(landed, 60);
}

TEST(Seeds, NoFlowerEverRootsOnARockNearAFlowerOrNearTheStump) {
  ColonyParams params;
  params.seed_chance = 1.0F;  // every sip a seed, every landing a chance: many rootings to check
  params.root_chance = 1.0F;
  params.start_spread = 200.0F;
  Land land;
  for (int i = 0; i < 12; ++i) (void)land.add_rock({350.0F + static_cast<float>(i) * 100.0F, 420.0F + static_cast<float>(i % 3) * 60.0F});
  Colony colony(21, land.meadow(), params);
  ASSERT_TRUE(colony.drop_flower({500.0F, 600.0F}, land, 0).accepted);
  ASSERT_TRUE(colony.drop_flower({700.0F, 300.0F}, land, 0).accepted);
  ASSERT_TRUE(colony.drop_flower({450.0F, 250.0F}, land, 0).accepted);
  std::set<std::uint32_t> known;
  for (const Flower& f : colony.state().flowers) known.insert(f.id);
  int rooted = 0;
  std::uint32_t most_in_bloom = 0;
  run(colony, land, 60 * 60 * 5, [&](const Colony& c) {
    most_in_bloom = std::max(most_in_bloom, c.flowers_in_bloom());
    for (const Flower& f : c.state().flowers) {
      if (!f.in_bloom()) {
        EXPECT_EQ(f.sips, 0U) << "nectar outside bloom";
      }
      if (known.count(f.id)) continue;
      known.insert(f.id);
      ++rooted;
      EXPECT_GE(distance(f.at, c.stump()), 150.0F);
      for (const Rock& r : land.rocks()) EXPECT_GE(distance(f.at, r.center), r.radius);
      for (const Flower& other : c.state().flowers) {
        if (other.id != f.id) {
          EXPECT_GE(distance(f.at, other.at), 60.0F);
        }
      }
    }
  });
  EXPECT_GT(rooted, 20);
  EXPECT_LE(most_in_bloom, 12U);
}

TEST(FlowerLife, ASproutGrowsThirtySecondsShootBudBloomThenGetsItsNectar) {
  Scene scene(0.0);
  scene.state().flowers.push_back(Flower{1, {800.0F, 400.0F}, 0, FlowerStage::shoot, 0, 10800, false});
  scene.state().next_flower_id = 2;
  Colony colony = scene.make();
  run(colony, kLand, 899);
  EXPECT_EQ(colony.flower(1)->stage, FlowerStage::shoot);
  run(colony, kLand, 1);
  EXPECT_EQ(colony.flower(1)->stage, FlowerStage::bud);
  EXPECT_EQ(colony.flower(1)->sips, 0U);
  run(colony, kLand, 900);
  EXPECT_EQ(colony.flower(1)->stage, FlowerStage::bloom);
  EXPECT_EQ(colony.flower(1)->sips, 90U);
  EXPECT_EQ(events_of<SproutEvent>(colony).size(), 1U);
  EXPECT_EQ(events_of<BloomEvent>(colony).size(), 1U);
}

TEST(FlowerLife, AFlowerLivesAboutThreeMinutesWiltsOverItsLastThirtySecondsAndGoes) {
  ColonyParams params;
  params.sips_per_flower = 1'000'000;  // foraged all along, it never runs dry: only age ends it
  Colony colony(8, kMeadow, params);
  ASSERT_TRUE(colony.drop_flower({1300.0F, 200.0F}, kLand, 0).accepted);
  const std::uint32_t id = colony.state().flowers.front().id;
  const std::uint32_t life = colony.flower(id)->life;
  EXPECT_GE(life, 9720U);   // 3 min − 10 %
  EXPECT_LE(life, 11880U);  // 3 min + 10 %
  int wilt_at = -1;
  int gone_at = -1;
  for (int step = 1; step <= 13000 && gone_at < 0; ++step) {
    run(colony, kLand, 1);
    const Flower* f = colony.flower(id);
    if (f == nullptr) {
      gone_at = step;
    } else if (wilt_at < 0 && f->stage == FlowerStage::wilting) {
      wilt_at = step;
    }
  }
  EXPECT_NEAR(wilt_at, static_cast<int>(life) - 1800, 1);
  // Gone when its life ends, or soon after if a forager was carrying its last sip home.
  EXPECT_GE(gone_at, static_cast<int>(life));
  EXPECT_LE(gone_at, static_cast<int>(life) + 600);
}

TEST(FlowerLife, NeverMoreThanTwelveInBloomABudWaits) {
  Scene scene(0.0);
  for (int i = 0; i < 12; ++i) scene.flower({200.0F + static_cast<float>(i) * 100.0F, 200.0F});
  scene.state().flowers.push_back(Flower{scene.state().next_flower_id++, {800.0F, 600.0F}, 0, FlowerStage::bud, 1799, 10800, false});
  Colony colony = scene.make();
  run(colony, kLand, 100);
  EXPECT_EQ(colony.flowers_in_bloom(), 12U);
  EXPECT_EQ(colony.state().flowers.back().stage, FlowerStage::bud);
  EXPECT_EQ(colony.state().flowers.back().sips, 0U);
}

}  // namespace
}  // namespace meadow::sim::testing
