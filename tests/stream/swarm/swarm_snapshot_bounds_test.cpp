// The shared snapshot checks bound every world and point by the largest land any world grows
// (stream/snapshot_checks.hpp); the swarm is the world that grows it, and its largest world (the
// most fireflies the CPU engine holds, at its density) is exactly that land.
#include <gtest/gtest.h>

#include "sim/land.hpp"
#include "sim/swarm/cpu_swarm.hpp"
#include "sim/swarm/world_size.hpp"
#include "stream/snapshot_checks.hpp"

namespace meadow::stream {
namespace {

TEST(SwarmSnapshotBounds, TheLargestSwarmWorldIsTheLargestLand) {
  EXPECT_EQ(sim::world_for_count(sim::CpuSwarm::kMaxCount, sim::Land().meadow(), sim::kCpuFirefliesPerMeadow),
            snapshot_checks::largest_land());
}

}  // namespace
}  // namespace meadow::stream
