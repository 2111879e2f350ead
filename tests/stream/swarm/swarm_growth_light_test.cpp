// docs/rules.md "The swarm · Count": when the world grows, newcomers spread over the land it
// gained, so the light shows no ring where the old edge was, nor one along the new edges (the first
// version of the source brought them in over the outer edges and drew "a weird glowing ring around
// the swarm"). The GPU engine's twin is in tests/gpu/swarm/gpu_swarm_growth_test.cpp.
#include <gtest/gtest.h>

#include <memory>

#include "sim/meadow.hpp"
#include "sim/parallel_for.hpp"
#include "sim/swarm/cpu_swarm.hpp"
#include "sim/swarm/world_size.hpp"
#include "support/growth_densities.hpp"
#include "support/meadow_worlds.hpp"

namespace meadow::stream {
namespace {

TEST(SwarmGrowthLight, NewcomersLeaveNoRingWhereTheOldEdgeWasNorAlongTheNewOne) {
  constexpr std::uint64_t kSeed = 11;
  sim::Land land;
  auto meadow = testing::meadow_with(kSeed, std::make_unique<sim::CpuSwarm>(kSeed, 6000, land));
  sim::SerialFor parallel;
  for (int t = 0; t < 60; ++t) meadow->step(parallel);
  const sim::Rect old_world = meadow->land().world();

  sim::SwarmSettingsChange change;
  change.count = 300'000;
  sim::Action grow{sim::kOperator, 0, sim::as_settings(change)};
  ASSERT_TRUE(meadow->apply(grow).accepted);
  // Every newcomer is let in within a few ticks; then 1.5 s, in which the first version's
  // newcomers had all flown in over the edges (and made a ring 400 to 800 units inside them
  // holding five times the land's mean while the land further in stayed dark).
  for (int t = 0; t < 90; ++t) meadow->step(parallel);
  const sim::SwarmWorld& swarm = testing::swarm_of(*meadow);
  ASSERT_EQ(swarm.swarm().count(), 300'000U);
  const sim::Rect world = meadow->land().world();
  ASSERT_EQ(world, sim::world_for_count(300'000, meadow->land().meadow()));
  testing::expect_no_ring(testing::densities(swarm.swarm().view(), world, old_world), "CPU, 6,000 to 300,000");
}

}  // namespace
}  // namespace meadow::stream
