// The default weights make visible flocks form within a few seconds from a random start.
#include <gtest/gtest.h>

#include "sim/swarm/cpu_swarm.hpp"
#include "sim/swarm/swarm_rules.hpp"
#include "swarm/swarm_test_support.hpp"

namespace meadow::sim {
namespace {

using testing::mean_local_alignment;
using testing::mean_seen;
namespace r = swarm_rules;

TEST(SwarmFlocking, FlocksFormWithinAFewSeconds) {
  const Land land;
  CpuSwarm s(2024, 6000, land);  // the CPU engine's density: 6,000 per meadow
  const double seen_before = mean_seen(s.view(), r::kPerception);
  const double aligned_before = mean_local_alignment(s.view(), r::kPerception);
  EXPECT_NEAR(aligned_before, 0.0, 0.1);  // random headings
  testing::run_steps(s, land, 240);        // four seconds
  const double seen_after = mean_seen(s.view(), r::kPerception);
  const double aligned_after = mean_local_alignment(s.view(), r::kPerception);
  EXPECT_GT(seen_after, 3.0 * seen_before) << seen_before << " → " << seen_after;
  EXPECT_GT(aligned_after, 0.7);
}

TEST(SwarmFlocking, WithoutAlignmentAndCohesionNoFlocksForm) {
  const Land land;
  CpuSwarm s(2024, 6000, land);
  s.set_weights({1.0F, 0.0F, 0.0F});
  const double seen_before = mean_seen(s.view(), r::kPerception);
  testing::run_steps(s, land, 240);
  EXPECT_LT(mean_seen(s.view(), r::kPerception), 1.5 * seen_before);
  EXPECT_LT(mean_local_alignment(s.view(), r::kPerception), 0.3);
}

}  // namespace
}  // namespace meadow::sim
