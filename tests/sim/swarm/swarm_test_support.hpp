#pragma once
// Helpers shared by the swarm tests: small hand-placed swarms and the measures the flocking
// tests read (brute force on purpose: they must not share code with the engine they check).
#include <cmath>
#include <cstddef>
#include <initializer_list>
#include <vector>

#include "sim/land.hpp"
#include "sim/parallel_for.hpp"
#include "sim/swarm/cpu_swarm.hpp"

namespace meadow::sim::testing {

using Firefly = CpuSwarm::Firefly;

inline CpuSwarm make_swarm(std::initializer_list<Firefly> fireflies, SwarmWeights w = {},
                           std::uint64_t seed = 7) {
  const std::vector<Firefly> list(fireflies);
  CpuSwarm swarm(seed, list);
  swarm.set_weights(w);
  return swarm;
}

inline void run_steps(CpuSwarm& swarm, const Land& land, int steps) {
  SerialFor serial;
  for (int s = 0; s < steps; ++s) swarm.step(land, serial);
}

// The firefly with this id (the engine reorders its arrays every step).
inline std::size_t place_of(const CpuSwarm& swarm, std::uint32_t id) {
  const auto ids = swarm.ids();
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (ids[i] == id) return i;
  }
  return ids.size();
}
inline Vec2 position_of(const CpuSwarm& swarm, std::uint32_t id) {
  const std::size_t i = place_of(swarm, id);
  return {swarm.view().x[i], swarm.view().y[i]};
}
inline Vec2 velocity_of(const CpuSwarm& swarm, std::uint32_t id) {
  const std::size_t i = place_of(swarm, id);
  return {swarm.view().vx[i], swarm.view().vy[i]};
}

// Mean number of others within `radius` of each firefly.
inline double mean_seen(const SwarmView& v, float radius) {
  const std::size_t n = v.x.size();
  double total = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) {
      const float dx = v.x[j] - v.x[i];
      const float dy = v.y[j] - v.y[i];
      if (i != j && dx * dx + dy * dy < radius * radius) total += 1.0;
    }
  }
  return total / static_cast<double>(n);
}

// Mean over fireflies that see anyone of cos(angle between its heading and each one it sees).
inline double mean_local_alignment(const SwarmView& v, float radius) {
  const std::size_t n = v.x.size();
  double total = 0.0;
  std::size_t counted = 0;
  for (std::size_t i = 0; i < n; ++i) {
    double sum = 0.0;
    int seen = 0;
    const double si = std::hypot(v.vx[i], v.vy[i]);
    for (std::size_t j = 0; j < n; ++j) {
      const float dx = v.x[j] - v.x[i];
      const float dy = v.y[j] - v.y[i];
      if (i == j || dx * dx + dy * dy >= radius * radius) continue;
      const double sj = std::hypot(v.vx[j], v.vy[j]);
      sum += (v.vx[i] * v.vx[j] + v.vy[i] * v.vy[j]) / (si * sj);
      ++seen;
    }
    if (seen > 0) {
      total += sum / seen;
      ++counted;
    }
  }
  return counted == 0 ? 0.0 : total / static_cast<double>(counted);
}

}  // namespace meadow::sim::testing
