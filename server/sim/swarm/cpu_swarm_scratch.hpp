#pragma once
// What one thread of the CPU swarm's steer stage works in (cpu_swarm.cpp, cpu_swarm_steer.cpp):
// the rolling window of square sums, the separation buffer, the band's fireflies in lanes, the
// rocks near the band at hand.
// Reused from step to step so nothing is allocated in the hot loop.
#include <cstdint>
#include <vector>

#include "sim/land.hpp"
#include "sim/swarm/cpu_swarm.hpp"
#include "sim/swarm/lanes.hpp"
#include "sim/swarm/neighbour_walk.hpp"
#include "sim/swarm/square_window.hpp"

namespace meadow::sim {

// One band's fireflies as the rules take them, four at a time (steering_lanes.hpp): filled one
// by one while their neighbours are gathered, then read block by block. Room for whole blocks:
// the lanes past the band's last firefly hold what an earlier band left (finite numbers whose
// results are dropped).
struct BandLanes {
  // What the squares gave (fixed-point integers as steer() reads them from the totals).
  std::vector<std::int32_t> seen, sum_vx, sum_vy, sum_dx, sum_dy;
  std::vector<float> separate_x, separate_y, personal_x, personal_y;
  std::vector<float> nudge_x, nudge_y;

  void reserve_band(std::size_t count) {
    const std::size_t n = (count + lanes::kWidth - 1) / lanes::kWidth * lanes::kWidth;
    if (seen.size() >= n) return;
    for (auto* v : {&separate_x, &separate_y, &personal_x, &personal_y, &nudge_x, &nudge_y}) {
      v->resize(n);
    }
    for (auto* v : {&seen, &sum_vx, &sum_vy, &sum_dx, &sum_dy}) v->resize(n);
  }
};

struct CpuSwarm::Scratch {
  SquareWindow window;
  SeparationWalk walk;
  BandLanes band;
  std::vector<Rock> rocks;
};

}  // namespace meadow::sim
