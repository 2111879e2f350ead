#pragma once
// Fireflies for the GPU tests: a swarm flocked for a while by the CPU engine (so cells are
// crowded as in a real swarm, and some fireflies are near each other, near rocks and edges).
#include <cstdint>
#include <vector>

#include "sim/land.hpp"
#include "sim/parallel_for.hpp"
#include "sim/swarm/cpu_swarm.hpp"

namespace meadow::gpu::testing {

inline std::vector<sim::CpuSwarm::Firefly> flocked_fireflies(std::uint64_t seed, std::size_t count,
                                                             const sim::Land& land, int steps) {
  sim::CpuSwarm warm(seed, count, land);
  sim::SerialFor serial;
  for (int s = 0; s < steps; ++s) warm.step(land, serial);
  const sim::SwarmView v = warm.view();
  std::vector<sim::CpuSwarm::Firefly> out(v.x.size());
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = {{v.x[i], v.y[i]}, {v.vx[i], v.vy[i]}};
  return out;
}

// A land with a few rocks, one of them over the world's left edge.
inline sim::Land rocky_land() {
  sim::Land land;
  land.add_rock({400.0F, 300.0F});
  land.add_rock({1200.0F, 600.0F}, 40.0F);
  land.add_rock({5.0F, 450.0F});
  return land;
}

}  // namespace meadow::gpu::testing
