#include "gpu/swarm/fallback_swarm.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include <string>
#include <vector>

#include "gpu/gpu_error.hpp"
#include "gpu/swarm/gpu_swarm.hpp"
#include "gpu_fixture.hpp"
#include "support/meadow_worlds.hpp"
#include "sim/meadow.hpp"
#include "sim/parallel_for.hpp"
#include "sim/swarm/cpu_swarm.hpp"
#include "sim/swarm/swarm_population.hpp"
#include "swarm_test_state.hpp"

namespace meadow::gpu {
namespace {

std::vector<sim::CpuSwarm::Firefly> copy_of(const sim::SwarmView& v) {
  std::vector<sim::CpuSwarm::Firefly> out(v.x.size());
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = {{v.x[i], v.y[i]}, {v.vx[i], v.vy[i]}};
  return out;
}

// A GPU engine that fails to start (as a missing loader or device does): the swarm starts on the
// CPU, with the fireflies the GPU engine would have had, and says why once.
TEST(FallbackSwarm, AFailureAtStartRunsTheSameSwarmOnTheCpu) {
  const sim::Land land = testing::rocky_land();
  std::vector<std::string> notices;
  FallbackSwarm swarm([]() -> std::unique_ptr<GpuSwarm> { throw GpuError("vkCreateInstance", VK_ERROR_INCOMPATIBLE_DRIVER); },
                      5, 3000, land, [&](const std::string& why) { notices.push_back(why); });
  EXPECT_FALSE(swarm.on_gpu());
  EXPECT_EQ(swarm.name(), "cpu");
  ASSERT_EQ(notices.size(), 1U);
  EXPECT_NE(notices[0].find("VK_ERROR_INCOMPATIBLE_DRIVER"), std::string::npos) << notices[0];
  const sim::CpuSwarm reference(5, 3000, land);
  ASSERT_EQ(swarm.count(), 3000U);
  EXPECT_TRUE(std::equal(swarm.view().x.begin(), swarm.view().x.end(), reference.view().x.begin()));
  sim::SerialFor serial;
  swarm.step(land, serial);
  EXPECT_EQ(swarm.steps(), 1U);
  EXPECT_EQ(notices.size(), 1U);
}

TEST(FallbackSwarm, TheCpuChoiceNeverTouchesVulkan) {
  const sim::Land land;
  const auto swarm = make_swarm(EngineChoice::kCpu, 1, 500, land, [](const std::string&) { FAIL(); });
  EXPECT_EQ(swarm->name(), "cpu");
  EXPECT_EQ(swarm->count(), 500U);
}

// Auto takes a real GPU or says why not and runs on the CPU; either way the swarm runs.
TEST(FallbackSwarm, AutoRunsOnARealGpuOrSaysWhyNot) {
  const sim::Land land;
  std::vector<std::string> notices;
  const auto swarm = make_swarm(EngineChoice::kAuto, 1, 500, land, [&](const std::string& why) { notices.push_back(why); });
  EXPECT_EQ(notices.size(), swarm->name() == "cpu" ? 1U : 0U);
  EXPECT_EQ(swarm->count(), 500U);
  sim::SerialFor serial;
  swarm->step(land, serial);
  EXPECT_EQ(swarm->steps(), 1U);
}

using FallbackSwarmGpuTest = testing::GpuTest;

// Asking for the GPU takes any Vulkan device, a CPU-type one too.
TEST_F(FallbackSwarmGpuTest, TheGpuChoiceRunsOnAnyVulkanDevice) {
  const sim::Land land;
  std::vector<std::string> notices;
  const auto swarm = make_swarm(EngineChoice::kGpu, 1, 500, land, [&](const std::string& why) { notices.push_back(why); });
  EXPECT_EQ(swarm->name(), "gpu");
  EXPECT_TRUE(notices.empty()) << notices.front();
}

// A device lost in the middle of a run: the step that failed is taken on the CPU from the
// fireflies of the last good step, exactly as a CPU engine given those fireflies takes it.
TEST_F(FallbackSwarmGpuTest, ADeviceLostMidRunCarriesOnOnTheCpuWithTheSameFireflies) {
  const sim::Land land = testing::rocky_land();
  std::vector<std::string> notices;
  FallbackSwarm swarm([&] { return std::make_unique<GpuSwarm>(context_, 7, 4000, land); }, 7, 4000, land,
                      [&](const std::string& why) { notices.push_back(why); });
  ASSERT_TRUE(swarm.on_gpu());
  EXPECT_EQ(swarm.name(), "gpu");
  EXPECT_TRUE(notices.empty());
  sim::SerialFor serial;
  swarm.set_weights({2.0F, 0.5F, 1.5F});
  for (int s = 0; s < 5; ++s) swarm.step(land, serial);
  const auto before = copy_of(swarm.view());

  swarm.gpu()->simulate_device_loss();
  swarm.step(land, serial);
  EXPECT_FALSE(swarm.on_gpu());
  EXPECT_EQ(swarm.name(), "cpu");
  ASSERT_EQ(notices.size(), 1U);
  EXPECT_NE(notices[0].find("VK_ERROR_DEVICE_LOST"), std::string::npos) << notices[0];
  EXPECT_EQ(swarm.steps(), 6U);
  EXPECT_EQ(swarm.weights(), (sim::SwarmWeights{2.0F, 0.5F, 1.5F}));

  sim::CpuSwarm reference(7, before);
  reference.set_weights({2.0F, 0.5F, 1.5F});
  reference.step(land, serial);
  ASSERT_EQ(swarm.count(), reference.count());
  EXPECT_TRUE(std::equal(swarm.view().x.begin(), swarm.view().x.end(), reference.view().x.begin()));
  EXPECT_TRUE(std::equal(swarm.view().vy.begin(), swarm.view().vy.end(), reference.view().vy.begin()));
  swarm.step(land, serial);
  EXPECT_EQ(notices.size(), 1U);
}

// A real loss leaves nothing to read: the swarm carries on from the host copy as last read (at
// most GpuSwarm::kHostCopyEvery steps old), with the same count.
TEST_F(FallbackSwarmGpuTest, AnUnreadableDeviceFallsBackToTheLastCopyWithTheSameCount) {
  const sim::Land land = testing::rocky_land();
  FallbackSwarm swarm([&] { return std::make_unique<GpuSwarm>(context_, 9, 3000, land); }, 9, 3000, land, {});
  sim::SerialFor serial;
  // Nobody asks for view(): the host copy is read back at step kHostCopyEvery only.
  for (std::uint64_t s = 0; s < GpuSwarm::kHostCopyEvery + 10; ++s) swarm.step(land, serial);
  ASSERT_TRUE(swarm.on_gpu());
  swarm.gpu()->simulate_device_loss(GpuSwarm::AfterLoss::kUnreadable);
  swarm.step(land, serial);
  ASSERT_FALSE(swarm.on_gpu());
  EXPECT_EQ(swarm.count(), 3000U);
  EXPECT_EQ(swarm.steps(), GpuSwarm::kHostCopyEvery + 11);
  const sim::SwarmView v = swarm.view();
  const sim::Rect near_world{land.world().x - 100.0F, land.world().y - 100.0F, land.world().width + 200.0F,
                             land.world().height + 200.0F};
  for (std::size_t i = 0; i < v.x.size(); ++i) {
    ASSERT_TRUE(near_world.contains({v.x[i], v.y[i]})) << i;
    ASSERT_TRUE(std::isfinite(v.vx[i]) && std::isfinite(v.vy[i])) << i;
  }
}

// Leavers on their way out when the device goes keep going, and the count still reaches what
// was asked.
TEST_F(FallbackSwarmGpuTest, TransitsInProgressSurviveTheFallback) {
  const sim::Land land = testing::rocky_land();
  FallbackSwarm swarm([&] { return std::make_unique<GpuSwarm>(context_, 3, 3000, land); }, 3, 3000, land, {});
  sim::SerialFor serial;
  swarm.resize(2000, land);
  swarm.step(land, serial);
  ASSERT_TRUE(swarm.on_gpu());
  ASSERT_GT(swarm.count(), 2000U);  // they have only just set off
  swarm.gpu()->simulate_device_loss();
  for (int s = 0; s < 400 && swarm.count() > 2000; ++s) swarm.step(land, serial);
  EXPECT_FALSE(swarm.on_gpu());
  EXPECT_EQ(swarm.count(), 2000U);
}

// The same when the device is lost with nothing readable, half way through the transits: the
// copy the fallback starts from was read at the count change, before the leavers that have gone
// since; the CPU still ends with exactly the count asked, and nobody left in transit.
TEST_F(FallbackSwarmGpuTest, TransitsSurviveALossWithNothingReadable) {
  const sim::Land land = testing::rocky_land();
  FallbackSwarm swarm([&] { return std::make_unique<GpuSwarm>(context_, 3, 3000, land); }, 3, 3000, land, {});
  sim::SerialFor serial;
  swarm.resize(2000, land);
  for (int s = 0; s < 40 && swarm.count() > 2600; ++s) swarm.step(land, serial);
  ASSERT_TRUE(swarm.on_gpu());
  ASSERT_LT(swarm.count(), 2900U);  // some have gone on the device since the copy was read
  ASSERT_GT(swarm.count(), 2000U);  // and some are still on their way
  swarm.gpu()->simulate_device_loss(GpuSwarm::AfterLoss::kUnreadable);
  for (int s = 0; s < 600 && (swarm.on_gpu() || swarm.count() != 2000); ++s) swarm.step(land, serial);
  EXPECT_FALSE(swarm.on_gpu());
  ASSERT_EQ(swarm.count(), 2000U);
  for (int s = 0; s < 120; ++s) swarm.step(land, serial);  // the arrivals called back settle too
  EXPECT_EQ(swarm.count(), 2000U);
  const sim::CpuSwarm* cpu = swarm.cpu();
  ASSERT_NE(cpu, nullptr);
  EXPECT_FALSE(sim::population::any_in_transit(cpu->flags()));
}

// docs/rules.md "The land · Growing and shrinking": the GPU engine fills a meadow with 48,000
// fireflies before the world grows, the CPU engine with 6,000; make_swarm places them on the world
// of their engine, the meadow sizes its world the same way, and when the GPU falls back the world
// grows for the CPU's density.
TEST_F(FallbackSwarmGpuTest, TheWorldGrowsAtTheEnginesDensityAndAgainAfterAFallback) {
  constexpr std::size_t kCount = 24000;  // half a meadow on the GPU, four meadows on the CPU
  const sim::Land meadow_only;
  const sim::Rect meadow = meadow_only.meadow();
  const auto area = [&](const sim::Rect& r) { return r.width * r.height / (meadow.width * meadow.height); };

  auto engine = make_swarm(EngineChoice::kGpu, 9, kCount, meadow_only, {});
  auto* fallback = dynamic_cast<FallbackSwarm*>(engine.get());
  ASSERT_NE(fallback, nullptr);
  ASSERT_TRUE(fallback->on_gpu());
  EXPECT_EQ(engine->fireflies_per_meadow(), sim::kGpuFirefliesPerMeadow);
  // Placed on the meadow itself: no firefly outside it.
  const sim::SwarmView placed = engine->view();
  for (std::size_t i = 0; i < placed.x.size(); ++i) {
    ASSERT_TRUE(placed.x[i] >= meadow.x && placed.x[i] <= meadow.right() && placed.y[i] >= meadow.y &&
                placed.y[i] <= meadow.bottom())
        << i;
  }
  sim::Meadow world(9, meadow::testing::swarm_and_colony(std::move(engine)));
  EXPECT_FLOAT_EQ(area(world.land().world()), 1.0F);

  fallback->gpu()->simulate_device_loss();
  sim::SerialFor serial;
  world.step(serial);
  EXPECT_FALSE(fallback->on_gpu());
  EXPECT_EQ(meadow::testing::swarm_of(world).swarm().fireflies_per_meadow(), sim::kCpuFirefliesPerMeadow);
  EXPECT_NEAR(area(world.land().world()), 4.0F, 1e-3F);
  EXPECT_EQ(meadow::testing::swarm_of(world).camera(), world.land().world());
  EXPECT_EQ(meadow::testing::swarm_of(world).swarm().count(), kCount);

  // The CPU choice starts on the CPU's world at once.
  sim::Meadow on_cpu(9, meadow::testing::swarm_and_colony(make_swarm(EngineChoice::kCpu, 9, kCount, meadow_only, {})));
  EXPECT_NEAR(area(on_cpu.land().world()), 4.0F, 1e-3F);
}

}  // namespace
}  // namespace meadow::gpu
