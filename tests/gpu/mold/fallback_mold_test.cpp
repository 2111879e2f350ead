#include "gpu/mold/fallback_mold.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <memory>
#include <string>
#include <vector>

#include "gpu/gpu_error.hpp"
#include "gpu/mold/gpu_mold.hpp"
#include "gpu_fixture.hpp"
#include "mold_test_state.hpp"
#include "sim/mold/cpu_mold.hpp"
#include "sim/mold/mold_rules.hpp"
#include "sim/mold/mold_settings.hpp"
#include "sim/parallel_for.hpp"

namespace meadow::gpu {
namespace {

using testing::copy_agents;
using testing::MoldAgents;
using testing::MoldMap;

constexpr sim::MapSize kFallbackMap{64, 36};

std::vector<sim::CellKind> fallback_walls() {
  std::vector<sim::CellKind> walls(kFallbackMap.cells(), sim::CellKind::open);
  for (std::uint32_t y = 5; y < 20; ++y) walls[y * kFallbackMap.width + 40] = sim::CellKind::wall;
  return walls;
}

void expect_same_agents(const sim::MoldAgentsView& a, const sim::MoldAgentsView& b) {
  ASSERT_EQ(a.x.size(), b.x.size());
  EXPECT_TRUE(std::equal(a.x.begin(), a.x.end(), b.x.begin()));
  EXPECT_TRUE(std::equal(a.y.begin(), a.y.end(), b.y.begin()));
  EXPECT_TRUE(std::equal(a.heading.begin(), a.heading.end(), b.heading.begin()));
}

// A GPU engine that fails to start (as a missing loader or device does): the mold starts on the
// CPU, with the agents the GPU engine would have had, and says why once.
TEST(FallbackMold, AFailureAtStartRunsTheSameMoldOnTheCpu) {
  const sim::MoldSettings settings = sim::default_mold_settings(700);
  std::vector<std::string> notices;
  FallbackMold mold([]() -> std::unique_ptr<GpuMold> { throw GpuError("vkCreateInstance", VK_ERROR_INCOMPATIBLE_DRIVER); },
                    5, kFallbackMap, settings, [&](const std::string& why) { notices.push_back(why); });
  EXPECT_FALSE(mold.on_gpu());
  EXPECT_EQ(mold.name(), "cpu");
  ASSERT_EQ(notices.size(), 1U);
  EXPECT_NE(notices[0].find("VK_ERROR_INCOMPATIBLE_DRIVER"), std::string::npos) << notices[0];
  const sim::CpuMold reference(5, kFallbackMap, settings);
  expect_same_agents(mold.agents(), reference.agents());
  sim::SerialFor serial;
  mold.step({}, serial);
  EXPECT_EQ(mold.steps(), 1U);
  EXPECT_EQ(notices.size(), 1U);
}

TEST(FallbackMold, TheCpuChoiceNeverTouchesVulkan) {
  const auto mold = make_mold(EngineChoice::kCpu, 1, kFallbackMap, sim::default_mold_settings(500),
                              [](const std::string&) { FAIL(); });
  EXPECT_EQ(mold->name(), "cpu");
  EXPECT_EQ(mold->agents().x.size(), 500U);
  // At the defaults: the CPU's map and agents.
  const auto defaults = make_mold(EngineChoice::kCpu, 1, [](const std::string&) { FAIL(); });
  EXPECT_EQ(defaults->map_size(), sim::map_of_width(sim::mold_rules::kCpuMapWidth));
  EXPECT_EQ(defaults->agents().x.size(), sim::mold_rules::kCpuAgents);
  EXPECT_EQ(defaults->settings(), sim::default_mold_settings(sim::mold_rules::kCpuAgents));
}

// Auto takes a real GPU or says why not and runs on the CPU; either way the mold runs, at the
// defaults of the engine that runs it.
TEST(FallbackMold, AutoRunsOnARealGpuOrSaysWhyNot) {
  std::vector<std::string> notices;
  const auto mold = make_mold(EngineChoice::kAuto, 1, [&](const std::string& why) { notices.push_back(why); });
  const bool on_gpu = mold->name() == "gpu";
  EXPECT_EQ(notices.size(), on_gpu ? 0U : 1U);
  const MoldDefaults expected = mold_defaults(on_gpu);
  EXPECT_EQ(mold->map_size(), expected.size);
  EXPECT_EQ(mold->agents().x.size(), expected.agents);
  sim::SerialFor serial;
  mold->step({}, serial);
  EXPECT_EQ(mold->steps(), 1U);
}

using FallbackMoldGpuTest = testing::GpuTest;

// Asking for the GPU takes any Vulkan device, a CPU-type one too, at the GPU's defaults.
TEST_F(FallbackMoldGpuTest, TheGpuChoiceRunsOnAnyVulkanDevice) {
  std::vector<std::string> notices;
  const auto mold = make_mold(EngineChoice::kGpu, 1, [&](const std::string& why) { notices.push_back(why); });
  EXPECT_EQ(mold->name(), "gpu");
  EXPECT_TRUE(notices.empty()) << notices.front();
  EXPECT_EQ(mold->map_size(), sim::map_of_width(sim::mold_rules::kGpuMapWidth));
  EXPECT_EQ(mold->agents().x.size(), sim::mold_rules::kGpuAgents);
  const auto sized = make_mold(EngineChoice::kGpu, 1, kFallbackMap, sim::default_mold_settings(300), {});
  EXPECT_EQ(sized->name(), "gpu");
  EXPECT_EQ(sized->map_size(), kFallbackMap);
}

// A device lost in the middle of a run: the step that failed is taken on the CPU from the agents
// and map of the last good step, walls and step count kept, exactly as a CPU engine given those
// takes it.
TEST_F(FallbackMoldGpuTest, ADeviceLostMidRunCarriesOnOnTheCpuWithTheSameAgentsAndMap) {
  sim::MoldSettings settings = sim::default_mold_settings(800);
  std::vector<std::string> notices;
  FallbackMold mold([&] { return std::make_unique<GpuMold>(context_, 7, kFallbackMap, settings); }, 7, kFallbackMap,
                    settings, [&](const std::string& why) { notices.push_back(why); });
  ASSERT_TRUE(mold.on_gpu());
  EXPECT_EQ(mold.name(), "gpu");
  const std::vector<sim::CellKind> walls = fallback_walls();
  mold.set_walls(walls);
  settings.sensor_distance = 12.0F;
  mold.set_settings(settings);
  const std::array<sim::MoldDisc, 1> feed = {sim::MoldDisc{{20.0F, 20.0F}, 4.0F, 1024}};
  sim::SerialFor serial;
  for (int s = 0; s < 5; ++s) mold.step({feed, {}}, serial);
  const MoldAgents agents = copy_agents(mold.agents());
  const MoldMap map(mold.trail());

  mold.gpu()->simulate_device_loss();
  mold.step({feed, {}}, serial);
  EXPECT_FALSE(mold.on_gpu());
  EXPECT_EQ(mold.name(), "cpu");
  ASSERT_EQ(notices.size(), 1U);
  EXPECT_NE(notices[0].find("VK_ERROR_DEVICE_LOST"), std::string::npos) << notices[0];
  EXPECT_EQ(mold.steps(), 6U);
  EXPECT_EQ(mold.settings().sensor_distance, 12.0F);

  sim::CpuMold reference(7, kFallbackMap, settings);
  reference.set_walls(walls);
  reference.restore(agents.view(), map.view(), 5, reference.placements());
  reference.step({feed, {}}, serial);
  expect_same_agents(mold.agents(), reference.agents());
  const sim::TrailView a = mold.trail();
  const sim::TrailView b = reference.trail();
  EXPECT_TRUE(std::equal(a.cells.begin(), a.cells.end(), b.cells.begin()));
  ASSERT_EQ(mold.feed_visits().size(), 1U);
  EXPECT_EQ(mold.feed_visits()[0], reference.feed_visits()[0]);
  // The walls came along: no agent ever enters them on the CPU either.
  for (int s = 0; s < 50; ++s) mold.step({}, serial);
  const sim::MoldAgentsView v = mold.agents();
  for (std::size_t i = 0; i < v.x.size(); ++i) {
    ASSERT_EQ(walls[testing::mold_cell_index(v.x[i], v.y[i], kFallbackMap)], sim::CellKind::open) << i;
  }
  EXPECT_EQ(notices.size(), 1U);
}

// A real loss leaves nothing to read: the mold carries on from the host's copies as last read (at
// most GpuMold::kHostCopyEvery steps old), with the step count going on.
TEST_F(FallbackMoldGpuTest, AnUnreadableDeviceFallsBackToTheLastCopies) {
  const sim::MoldSettings settings = sim::default_mold_settings(600);
  FallbackMold mold([&] { return std::make_unique<GpuMold>(context_, 9, kFallbackMap, settings); }, 9, kFallbackMap,
                    settings, {});
  sim::SerialFor serial;
  // Nobody asks for the map or the agents: the host's copies are read at step kHostCopyEvery only.
  for (std::uint64_t s = 0; s < GpuMold::kHostCopyEvery; ++s) mold.step({}, serial);
  ASSERT_TRUE(mold.on_gpu());
  const std::uint64_t reads = mold.gpu()->trail_reads();
  const MoldAgents copied = copy_agents(mold.gpu()->agents());  // the copies, read at that step
  const MoldMap copied_map(mold.gpu()->trail());
  EXPECT_EQ(mold.gpu()->trail_reads(), reads) << "already read: not read again";
  for (int s = 0; s < 10; ++s) mold.step({}, serial);
  mold.gpu()->simulate_device_loss(GpuMold::AfterLoss::kUnreadable);
  mold.step({}, serial);
  ASSERT_FALSE(mold.on_gpu());
  EXPECT_EQ(mold.steps(), GpuMold::kHostCopyEvery + 11);
  sim::CpuMold reference(9, kFallbackMap, settings);
  reference.restore(copied.view(), copied_map.view(), GpuMold::kHostCopyEvery + 10, reference.placements());
  reference.step({}, serial);
  expect_same_agents(mold.agents(), reference.agents());
  const sim::TrailView a = mold.trail();
  EXPECT_TRUE(std::equal(a.cells.begin(), a.cells.end(), reference.trail().cells.begin()));
}

// A loss met by a change of settings or walls: the change is made on the CPU, which takes over.
TEST_F(FallbackMoldGpuTest, AChangeThatMeetsALossIsMadeOnTheCpu) {
  sim::MoldSettings settings = sim::default_mold_settings(600);
  std::vector<std::string> notices;
  FallbackMold mold([&] { return std::make_unique<GpuMold>(context_, 3, kFallbackMap, settings); }, 3, kFallbackMap,
                    settings, [&](const std::string& why) { notices.push_back(why); });
  sim::SerialFor serial;
  for (int s = 0; s < 3; ++s) mold.step({}, serial);
  const MoldAgents before = copy_agents(mold.agents());
  mold.gpu()->simulate_device_loss();
  settings.agents = 900;  // a count change: made on the host's copy, which the loss stops
  mold.set_settings(settings);
  ASSERT_FALSE(mold.on_gpu());
  EXPECT_EQ(notices.size(), 1U);
  const sim::MoldAgentsView after = mold.agents();
  ASSERT_EQ(after.x.size(), 900U);
  EXPECT_TRUE(std::equal(before.x.begin(), before.x.end(), after.x.begin())) << "the first 600 kept";
  mold.set_walls(fallback_walls());
  mold.step({}, serial);
  EXPECT_EQ(mold.steps(), 4U);
  EXPECT_EQ(notices.size(), 1U);
}

}  // namespace
}  // namespace meadow::gpu
