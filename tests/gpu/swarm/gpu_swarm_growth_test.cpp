// docs/rules.md "The swarm · Count" on the GPU engine: when the world grows, newcomers spread over
// the land it gained (the same population rules as the CPU engine's, run on the host copy), so the
// light shows no ring where the old edge was nor along the new edges. The CPU engine's twin is in
// tests/stream/swarm_growth_light_test.cpp.
#include <gtest/gtest.h>

#include <memory>

#include "gpu/swarm/gpu_swarm.hpp"
#include "gpu_fixture.hpp"
#include "sim/meadow.hpp"
#include "sim/parallel_for.hpp"
#include "sim/swarm/world_size.hpp"
#include "support/growth_densities.hpp"
#include "support/meadow_worlds.hpp"

namespace meadow::gpu {
namespace {

using GpuSwarmGrowthTest = testing::GpuTest;

// Bands of the gained land, units: growing from one meadow to 6.25 (300,000 at the GPU's density)
// gains 675 units above and below the old world, three bands of it.
constexpr float kGpuBandWidth = 200.0F;

TEST_F(GpuSwarmGrowthTest, NewcomersLeaveNoRingWhereTheOldEdgeWasNorAlongTheNewOne) {
  constexpr std::uint64_t kSeed = 11;
  sim::Land land;
  auto meadow = meadow::testing::meadow_with(kSeed, std::make_unique<GpuSwarm>(context_, kSeed, sim::kGpuFirefliesPerMeadow, land));
  sim::SerialFor parallel;
  for (int t = 0; t < 30; ++t) meadow->step(parallel);
  const sim::Rect old_world = meadow->land().world();
  ASSERT_EQ(old_world, meadow->land().meadow());

  sim::SwarmSettingsChange change;
  change.count = 300'000;
  sim::Action grow{sim::kOperator, 0, sim::as_settings(change)};
  ASSERT_TRUE(meadow->apply(grow).accepted);
  for (int t = 0; t < 90; ++t) meadow->step(parallel);  // 1.5 s
  const sim::SwarmWorld& swarm = meadow::testing::swarm_of(*meadow);
  ASSERT_EQ(swarm.swarm().count(), 300'000U);
  const sim::Rect world = meadow->land().world();
  ASSERT_EQ(world, sim::world_for_count(300'000, meadow->land().meadow(), sim::kGpuFirefliesPerMeadow));
  meadow::testing::expect_no_ring(meadow::testing::densities(swarm.swarm().view(), world, old_world, kGpuBandWidth),
                          "GPU, 48,000 to 300,000");
}

}  // namespace
}  // namespace meadow::gpu
