// DESIGN.md: the same seed and the same inputs give the same mold, bit for bit, with one thread or
// two (and with occupancy, whose claims are settled by priority rather than by which thread comes
// first).
#include <gtest/gtest.h>

#include <vector>

#include "app/worker_pool.hpp"
#include "sim/mold/cpu_mold.hpp"
#include "sim/state_hash.hpp"

namespace meadow::sim {
namespace {

std::uint64_t run(ParallelFor& parallel, bool occupancy, int steps) {
  MoldSettings s = default_mold_settings(6000);
  s.occupancy = occupancy;
  if (!occupancy) s.deposit = 0.3F;
  CpuMold m(11, map_of_width(160), s);
  const std::vector<MoldDisc> feed = {MoldDisc{Vec2{40.0F, 30.0F}, 3.0F, 1024}};
  const std::vector<MoldDisc> repel = {MoldDisc{Vec2{120.0F, 60.0F}, 5.0F, 0}};
  for (int i = 0; i < steps; ++i) m.step(MoldInputs{feed, repel}, parallel);
  return mold_state_hash(m.agents(), m.trail());
}

TEST(CpuMoldDeterminism, OneAndTwoThreadsGiveTheSameMold) {
  for (const bool occupancy : {true, false}) {
    SerialFor serial;
    app::WorkerPool pool(2);
    const std::uint64_t one = run(serial, occupancy, 200);
    const std::uint64_t two = run(pool, occupancy, 200);
    EXPECT_EQ(one, two) << (occupancy ? "with" : "without") << " occupancy";
    EXPECT_EQ(one, run(serial, occupancy, 200)) << "the same run twice";
    EXPECT_NE(one, run(serial, occupancy, 199)) << "the hash sees a step";
  }
}

}  // namespace
}  // namespace meadow::sim
