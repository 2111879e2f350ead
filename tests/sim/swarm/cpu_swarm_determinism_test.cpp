// docs/architecture.md "Determinism": the same seed and the same actions give the same world, bit
// for bit, whatever the number of threads.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "app/worker_pool.hpp"
#include "sim/cpu_features.hpp"
#include "sim/swarm/cpu_swarm.hpp"

namespace meadow::sim {
namespace {

struct Snapshot {
  std::vector<float> x, y, vx, vy;
  std::vector<std::uint32_t> id;
};

// Bit-for-bit comparison (operator== on floats would call -0 and 0 equal).
bool identical(const Snapshot& a, const Snapshot& b) {
  const auto same = [](const auto& p, const auto& q) {
    return p.size() == q.size() && std::memcmp(p.data(), q.data(), p.size() * sizeof(p[0])) == 0;
  };
  return same(a.x, b.x) && same(a.y, b.y) && same(a.vx, b.vx) && same(a.vy, b.vy) && same(a.id, b.id);
}

// 600 steps of a swarm with rocks, a weight change and a count change on the way: the paths
// most likely to hide order-dependence.
Snapshot run(std::uint64_t seed, ParallelFor& parallel) {
  Land land;
  land.add_rock({400.0F, 300.0F});
  land.add_rock({1200.0F, 600.0F});
  CpuSwarm swarm(seed, 3000, land);
  for (int step = 0; step < 600; ++step) {
    if (step == 200) swarm.set_weights({2.0F, 0.5F, 3.0F});
    if (step == 300) swarm.resize(2500, land);
    if (step == 400) swarm.resize(3100, land);
    swarm.step(land, parallel);
  }
  const SwarmView v = swarm.view();
  return {{v.x.begin(), v.x.end()}, {v.y.begin(), v.y.end()}, {v.vx.begin(), v.vx.end()},
          {v.vy.begin(), v.vy.end()}, {swarm.ids().begin(), swarm.ids().end()}};
}

TEST(SwarmDeterminism, SameSeedSameSwarmOnOneThread) {
  SerialFor serial;
  const Snapshot a = run(1234, serial);
  const Snapshot b = run(1234, serial);
  ASSERT_EQ(a.x.size(), 3100U);
  EXPECT_TRUE(identical(a, b));
}

TEST(SwarmDeterminism, SameSeedSameSwarmOnTwoThreads) {
  app::WorkerPool pool(2);
  ASSERT_EQ(pool.threads(), 2U);
  EXPECT_TRUE(identical(run(1234, pool), run(1234, pool)));
}

TEST(SwarmDeterminism, OneAndTwoThreadsGiveTheSameSwarm) {
  SerialFor serial;
  app::WorkerPool pool(2);
  EXPECT_TRUE(identical(run(99, serial), run(99, pool)));
}

// The steer stage, the square builds and reads in their portable and AVX2 versions
// (sim/cpu_features.hpp): the same swarm, bit for bit, whichever the CPU runs.
TEST(SwarmDeterminism, PortableAndAvx2CodeGiveTheSameSwarm) {
  if (!has_avx2()) GTEST_SKIP() << "this CPU has no AVX2: only the portable code can run";
  SerialFor serial;
  prefer_portable_code(true);
  ASSERT_FALSE(use_avx2());
  const Snapshot portable = run(77, serial);
  prefer_portable_code(false);
  ASSERT_TRUE(use_avx2());
  const Snapshot avx2 = run(77, serial);
  EXPECT_TRUE(identical(portable, avx2));
}

TEST(SwarmDeterminism, DifferentSeedsGiveDifferentSwarms) {
  SerialFor serial;
  const Snapshot a = run(1, serial);
  const Snapshot b = run(2, serial);
  EXPECT_FALSE(identical(a, b));
  EXPECT_NE(a.x, b.x);
}

}  // namespace
}  // namespace meadow::sim
