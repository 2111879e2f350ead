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
#include "sim/swarm/square_reads.hpp"
#include "sim/swarm/square_window.hpp"

namespace meadow::sim {

// One band's fireflies as the rules take them: filled one by one while their neighbours are
// gathered (each firefly's square totals and its separation pushes, each one vector store), then
// read eight at a time and transposed into the rules' lanes (steering_lanes.hpp). The places past
// the band's last firefly hold what an earlier band left (finite numbers whose results are dropped).
struct BandLanes {
  // What the squares gave, less the firefly itself (fixed-point integers, modulo 2³²): seen,
  // Σvx, Σvy, Σ(x − own x), Σ(y − own y), then three zeros. (Plain arrays, copied to and from
  // vectors: a vector type in a std::vector need not be allocated with its alignment.)
  struct Sums {
    std::uint32_t lanes[8];
  };
  std::vector<Sums> sums;
  // separate_x, separate_y, personal_x, personal_y (steering::NeighbourSums).
  struct Pushes {
    float lanes[4];
  };
  std::vector<Pushes> pushes;
  // Each firefly's chords of the squares, worked out for the whole band before any totals are
  // read (square_reads.hpp: why).
  std::vector<square_reads::Chords> chords;

  void reserve_band(std::size_t count) {
    const std::size_t n = (count + lanes::kWideWidth - 1) / lanes::kWideWidth * lanes::kWideWidth;
    if (sums.size() < n) {
      sums.resize(n);
      pushes.resize(n);
      chords.resize(n);
    }
  }
};

struct CpuSwarm::Scratch {
  SquareWindow window;
  SeparationWalk walk;
  BandLanes band;
  std::vector<Rock> rocks;
};

}  // namespace meadow::sim
