#pragma once
// What one thread of the CPU swarm's steer stage works in (cpu_swarm.cpp, cpu_swarm_steer.cpp):
// the rolling window of square sums, the separation buffer, the rocks near the band at hand.
// Reused from step to step so nothing is allocated in the hot loop.
#include <vector>

#include "sim/land.hpp"
#include "sim/swarm/cpu_swarm.hpp"
#include "sim/swarm/neighbour_walk.hpp"
#include "sim/swarm/square_window.hpp"

namespace meadow::sim {

struct CpuSwarm::Scratch {
  SquareWindow window;
  SeparationWalk walk;
  std::vector<Rock> rocks;
};

}  // namespace meadow::sim
