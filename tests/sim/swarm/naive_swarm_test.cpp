// The naive reference engine follows the same rules: it flocks like the fast engine, and its
// neighbour sums are those of brute force over the exact circle of view.
#include "sim/swarm/naive_swarm.hpp"

#include <gtest/gtest.h>

#include "app/worker_pool.hpp"
#include "sim/swarm/cpu_swarm.hpp"
#include "sim/swarm/swarm_rules.hpp"
#include "swarm/swarm_test_support.hpp"

namespace meadow::sim {
namespace {

namespace r = swarm_rules;

TEST(NaiveSwarm, StartsWithTheFastEnginesFireflies) {
  const Land land;
  const NaiveSwarm naive(9, 1000, land);
  const CpuSwarm fast(9, 1000, land);
  ASSERT_EQ(naive.count(), 1000U);
  EXPECT_TRUE(std::equal(naive.view().x.begin(), naive.view().x.end(), fast.view().x.begin()));
}

TEST(NaiveSwarm, FlocksLikeTheFastEngine) {
  const Land land;
  NaiveSwarm naive(2024, 6000, land);
  CpuSwarm fast(2024, 6000, land);
  SerialFor serial;
  for (int step = 0; step < 240; ++step) {
    naive.step(land, serial);
    fast.step(land, serial);
  }
  const double naive_seen = testing::mean_seen(naive.view(), r::kPerception);
  const double fast_seen = testing::mean_seen(fast.view(), r::kPerception);
  EXPECT_GT(testing::mean_local_alignment(naive.view(), r::kPerception), 0.7);
  EXPECT_NEAR(naive_seen, fast_seen, 0.25 * fast_seen);
  EXPECT_NEAR(naive.measures().tightness, fast.measures().tightness, 0.25F * fast.measures().tightness);
}

TEST(NaiveSwarm, OneAndTwoThreadsGiveTheSameSwarm) {
  const Land land;
  NaiveSwarm a(5, 3000, land);
  NaiveSwarm b(5, 3000, land);
  SerialFor serial;
  app::WorkerPool pool(2);
  for (int step = 0; step < 100; ++step) {
    a.step(land, serial);
    b.step(land, pool);
  }
  EXPECT_TRUE(std::equal(a.view().x.begin(), a.view().x.end(), b.view().x.begin()));
  EXPECT_TRUE(std::equal(a.view().vy.begin(), a.view().vy.end(), b.view().vy.begin()));
  EXPECT_EQ(a.measures(), b.measures());
}

}  // namespace
}  // namespace meadow::sim
