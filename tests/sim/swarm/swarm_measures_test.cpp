// The swarm's measures (docs/rules.md "The swarm · Measures") on both CPU engines, against brute
// force.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

#include "app/worker_pool.hpp"
#include "sim/random.hpp"
#include "sim/swarm/cpu_swarm.hpp"
#include "sim/swarm/naive_swarm.hpp"
#include "sim/swarm/swarm_rules.hpp"
#include "swarm/swarm_test_support.hpp"
#include "sim/swarm/swarm_random.hpp"

namespace meadow::sim {
namespace {

namespace r = swarm_rules;
using testing::Firefly;

// n fireflies spread evenly over the meadow, all flying `angle` (or each its own when random).
std::vector<Firefly> spread(std::uint32_t n, bool random_headings) {
  const CounterRandom rnd(17, 0, swarm_random::kPlacement);
  std::vector<Firefly> list;
  for (std::uint32_t i = 0; i < n; ++i) {
    const std::uint64_t b = rnd.bits(i);
    const float angle = random_headings ? 2.0F * std::numbers::pi_v<float> * rnd.unit(i, 1) : 0.7F;
    list.push_back({{200.0F + 1200.0F * unit_float(b), 150.0F + 600.0F * unit_float_low(b)},
                    {2.5F * std::cos(angle), 2.5F * std::sin(angle)}});
  }
  return list;
}

TEST(SwarmMeasures, AllZeroBeforeTheFirstStep) {
  const CpuSwarm s(1, spread(500, true));
  EXPECT_EQ(s.measures(), SwarmMeasures{});
}

TEST(SwarmMeasures, OrderIsOneForAnAlignedSwarmAndNearZeroForRandomHeadings) {
  const Land land;
  CpuSwarm aligned(1, spread(6000, false));
  testing::run_steps(aligned, land, 1);
  EXPECT_GT(aligned.measures().order, 0.999F);
  EXPECT_GT(aligned.measures().mean_alignment, 0.999F);

  CpuSwarm random(1, spread(20000, true));
  testing::run_steps(random, land, 1);
  EXPECT_LT(random.measures().order, 0.03F);  // ~1/√n for independent headings
  EXPECT_NEAR(random.measures().mean_alignment, 0.0F, 0.05F);
}

// Seen, lonely and tightness against brute force over the swarm the step started from. The
// engine sees squares whose middles are within 28 units, so it agrees on average, not exactly.
TEST(SwarmMeasures, SeenLonelyAndTightnessMatchBruteForce) {
  const Land land;
  for (const bool flocked : {false, true}) {
    CpuSwarm s(3, 6000, land);
    if (flocked) testing::run_steps(s, land, 240);
    const SwarmView before = s.view();
    const std::size_t n = before.x.size();
    const double brute_seen = testing::mean_seen(before, r::kPerception);
    std::uint32_t brute_lonely = 0;
    for (std::size_t i = 0; i < n; ++i) {
      bool any = false;
      for (std::size_t j = 0; j < n && !any; ++j) {
        const float dx = before.x[j] - before.x[i];
        const float dy = before.y[j] - before.y[i];
        any = i != j && dx * dx + dy * dy < r::kPerception * r::kPerception;
      }
      if (!any) ++brute_lonely;
    }
    testing::run_steps(s, land, 1);
    const SwarmMeasures m = s.measures();
    EXPECT_NEAR(m.mean_seen, brute_seen, 0.05 * brute_seen) << "flocked " << flocked;
    EXPECT_NEAR(static_cast<double>(m.lonely), brute_lonely, 0.2 * brute_lonely + 10.0) << "flocked " << flocked;
    const double area = static_cast<double>(land.world().width) * land.world().height;
    const double even = static_cast<double>(n) * std::numbers::pi * r::kPerception * r::kPerception / area;
    EXPECT_NEAR(m.tightness, m.mean_seen / even, 1e-3);
    if (flocked) {
      EXPECT_GT(m.tightness, 2.0F);
    } else {
      EXPECT_NEAR(m.tightness, 1.0F, 0.12F);  // an even spread (edges see a little less)
    }
  }
}

TEST(SwarmMeasures, TheSameWithOneAndTwoThreads) {
  const Land land;
  CpuSwarm a(8, 20000, land);
  CpuSwarm b(8, 20000, land);
  SerialFor serial;
  app::WorkerPool pool(2);
  for (int step = 0; step < 30; ++step) {
    a.step(land, serial);
    b.step(land, pool);
  }
  EXPECT_EQ(a.measures(), b.measures());
}

TEST(SwarmMeasures, TheNaiveEngineMeasuresAlike) {
  const Land land;
  CpuSwarm fast(4, 6000, land);
  NaiveSwarm naive(4, 6000, land);
  SerialFor serial;
  fast.step(land, serial);
  naive.step(land, serial);
  // The same fireflies: seen by exact circle versus squares whose middles are in it.
  EXPECT_NEAR(naive.measures().mean_seen, fast.measures().mean_seen, 0.05F * naive.measures().mean_seen);
  EXPECT_NEAR(naive.measures().order, fast.measures().order, 1e-4F);
  EXPECT_NEAR(naive.measures().mean_alignment, fast.measures().mean_alignment, 0.05F);
}

}  // namespace
}  // namespace meadow::sim
