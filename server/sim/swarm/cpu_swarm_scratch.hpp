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
// by one while their neighbours are gathered, then read block by block. Each block of four keeps
// its fields together (one pointer for the whole band, rather than one per field that the compiler
// keeps reloading around the square reads). The lanes past the band's last firefly hold what an
// earlier band left (finite numbers whose results are dropped).
struct BandLanes {
  struct alignas(16) Block {
    // What the squares gave (fixed-point integers as steer() reads them from the totals).
    std::int32_t seen[lanes::kWidth], sum_vx[lanes::kWidth], sum_vy[lanes::kWidth], sum_dx[lanes::kWidth],
        sum_dy[lanes::kWidth];
    float separate_x[lanes::kWidth], separate_y[lanes::kWidth], personal_x[lanes::kWidth], personal_y[lanes::kWidth];
  };
  std::vector<Block> blocks;

  void reserve_band(std::size_t count) {
    const std::size_t n = (count + lanes::kWidth - 1) / lanes::kWidth;
    if (blocks.size() < n) blocks.resize(n);
  }
};

struct CpuSwarm::Scratch {
  SquareWindow window;
  SeparationWalk walk;
  BandLanes band;
  std::vector<Rock> rocks;
};

}  // namespace meadow::sim
