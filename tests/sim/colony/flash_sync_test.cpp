// Flashing in sync (docs/rules.md "The colony · Flashing"): Kuramoto coupling inside foraging
// groups only.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "colony_scene.hpp"
#include "sim/colony/colony.hpp"

namespace meadow::sim::testing {
namespace {

// Length of the mean phase vector of some fireflies (brute force, apart from the engine).
float sync_of(const Colony& colony, const std::vector<std::uint32_t>& ids) {
  float c = 0.0F;
  float s = 0.0F;
  for (std::uint32_t id : ids) {
    const ColonyFirefly* f = colony.firefly(id);
    c += std::cos(f->phase);
    s += std::sin(f->phase);
  }
  return std::sqrt(c * c + s * s) / static_cast<float>(ids.size());
}

TEST(FlashSync, AGroupOfFourFallsIntoStepWithinAFewSeconds) {
  ColonyParams params;
  params.sip_steps = 100000;  // they sit on their flower for the whole test
  Scene scene(0.5);
  const std::uint32_t fl = scene.flower({900.0F, 400.0F});
  // Phases spread round the circle and the extreme periods: the hardest group to settle.
  const float phases[] = {0.0F, 1.7F, 3.3F, 4.9F};
  const float periods[] = {70.0F, 110.0F, 85.0F, 100.0F};
  std::vector<std::uint32_t> ids;
  for (int i = 0; i < 4; ++i) {
    ColonyFirefly& f = scene.firefly({900.0F, 400.0F}, FireflyState::sipping);
    f.flower = fl;
    f.timer = params.sip_steps;
    f.phase = phases[i];
    f.period = periods[i];
    ids.push_back(f.id);
  }
  Colony colony = scene.make(params);
  EXPECT_LT(sync_of(colony, ids), 0.2F);
  int settled_at = -1;
  for (int step = 1; step <= 600; ++step) {
    run(colony, kLand, 1);
    if (settled_at < 0 && sync_of(colony, ids) > 0.9F) settled_at = step;
  }
  ASSERT_GT(settled_at, 0) << "never above 0.9";
  EXPECT_LE(settled_at, 300);  // within 5 s
  EXPECT_GT(sync_of(colony, ids), 0.9F);  // and it stays in step
  ASSERT_NE(colony.group(fl), nullptr);
  EXPECT_TRUE(colony.group(fl)->in_sync);
  EXPECT_NEAR(colony.group(fl)->sync, sync_of(colony, ids), 1e-4);
  EXPECT_EQ(colony.groups_in_sync(), 1U);
  const auto news = events_of<ColonyGroupSyncEvent>(colony);
  ASSERT_EQ(news.size(), 1U);  // announced once
  EXPECT_TRUE(news.front().in_sync);
  EXPECT_EQ(news.front().members, 4U);
}

TEST(FlashSync, WanderersKeepTheirOwnRhythm) {
  Scene scene(0.0);
  std::vector<std::uint32_t> ids;
  const float periods[] = {70.0F, 110.0F, 85.0F, 100.0F};
  for (int i = 0; i < 4; ++i) {
    ColonyFirefly& f = scene.firefly({700.0F + 40.0F * static_cast<float>(i), 400.0F});
    f.phase = 1.5F * static_cast<float>(i);
    f.period = periods[i];
    ids.push_back(f.id);
  }
  Colony colony = scene.make();
  float highest = 0.0F;
  float sum = 0.0F;
  std::vector<float> before;
  for (std::uint32_t id : ids) before.push_back(colony.firefly(id)->phase);
  for (int step = 1; step <= 1200; ++step) {
    run(colony, kLand, 1);
    // Each advances by exactly its own 2π / period: nobody pulls it.
    for (std::size_t i = 0; i < ids.size(); ++i) {
      const ColonyFirefly* f = colony.firefly(ids[i]);
      float advanced = f->phase - before[i];
      if (advanced < 0.0F) advanced += kTau;
      ASSERT_NEAR(advanced, kTau / periods[i], 1e-4F) << "firefly " << ids[i] << " step " << step;
      before[i] = f->phase;
    }
    const float s = sync_of(colony, ids);
    highest = std::max(highest, s);
    sum += s;
  }
  EXPECT_LT(sum / 1200.0F, 0.7F);
  EXPECT_EQ(colony.groups_in_sync(), 0U);
  EXPECT_EQ(events_of<ColonyGroupSyncEvent>(colony).size(), 0U);
}

TEST(FlashSync, AFlashIsAnEventEachTimeThePhaseWraps) {
  Scene scene(0.0);
  ColonyFirefly& f = scene.firefly({800.0F, 400.0F});
  f.period = 80.0F;
  f.phase = 0.0F;
  Colony colony = scene.make();
  run(colony, kLand, 400);
  EXPECT_EQ(events_of<ColonyFlashEvent>(colony).size(), 5U);  // every 80 steps
}

TEST(FlashSync, TwoOrFewerDoNotCountAsFlashingAsOne) {
  ColonyParams params;
  params.sip_steps = 100000;
  Scene scene(0.5);
  const std::uint32_t fl = scene.flower({900.0F, 400.0F});
  for (int i = 0; i < 2; ++i) {
    ColonyFirefly& f = scene.firefly({900.0F, 400.0F}, FireflyState::sipping);
    f.flower = fl;
    f.timer = params.sip_steps;
    f.phase = static_cast<float>(i);
  }
  Colony colony = scene.make(params);
  run(colony, kLand, 600);
  ASSERT_NE(colony.group(fl), nullptr);
  EXPECT_GT(colony.group(fl)->sync, 0.9F);  // they do pull together
  EXPECT_FALSE(colony.group(fl)->in_sync);  // but a pair is not a group flashing as one
}

}  // namespace
}  // namespace meadow::sim::testing
