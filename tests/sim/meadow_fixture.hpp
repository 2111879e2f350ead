#pragma once
// Helpers shared by the meadow tests (meadow_*_test.cpp): a meadow with a CPU swarm, an action
// from a viewer, a few ticks.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "sim/meadow.hpp"
#include "sim/parallel_for.hpp"
#include "sim/swarm/cpu_swarm.hpp"
#include "sim/swarm/world_size.hpp"
#include "support/meadow_worlds.hpp"

namespace meadow::sim {
// The meadow tests name the standard worlds unqualified.
using meadow::testing::colony_of;
using meadow::testing::swarm_and_colony;
using meadow::testing::swarm_of;
}  // namespace meadow::sim

namespace meadow::sim::testing {

// A meadow whose CPU swarm has `count` fireflies, on a world sized for them
// (docs/rules.md "The land · Growing and shrinking": one meadow up to 6,000, as the server starts
// it).
inline Meadow make_meadow(std::size_t count, std::uint64_t seed) {
  Land land;
  land.set_world(world_for_count(count, land.meadow()));
  return Meadow(seed, swarm_and_colony(std::make_unique<CpuSwarm>(seed, count, land)));
}
// A meadow whose swarm is exactly these fireflies.
inline Meadow make_meadow(const std::vector<CpuSwarm::Firefly>& fireflies, std::uint64_t seed) {
  return Meadow(seed, swarm_and_colony(std::make_unique<CpuSwarm>(seed, fireflies)));
}

// An action from `origin` (a viewer, or kOperator), applied at once.
inline ActionOutcome act(Meadow& m, std::uint64_t origin, ActionBody body, WorldKind world = WorldKind::swarm) {
  Action a{origin, 0, std::move(body), world};
  return m.apply(a);
}

inline void run_ticks(Meadow& m, int ticks, ParallelFor& parallel) {
  for (int i = 0; i < ticks; ++i) m.step(parallel);
}
inline void run_ticks(Meadow& m, int ticks) {
  SerialFor serial;
  run_ticks(m, ticks, serial);
}

// Lets `ticks` ticks pass with the worlds standing still (paused by the operator meanwhile):
// a viewer's cooldowns run out while nothing else changes.
inline void pass_ticks_still(Meadow& m, std::uint64_t ticks) {
  const bool was_paused = m.paused();
  act(m, kOperator, SetPaused{true});
  run_ticks(m, static_cast<int>(ticks));
  act(m, kOperator, SetPaused{was_paused});
}

inline const CpuSwarm& cpu(const Meadow& m) { return dynamic_cast<const CpuSwarm&>(swarm_of(m).swarm()); }

}  // namespace meadow::sim::testing
