#pragma once
// The land a benchmark's swarm lives on: at the engine's density
// (docs/rules.md "The land · Growing and shrinking": the meadow, grown evenly around its middle for
// larger swarms), exactly as the server sizes it.
#include <cstddef>

#include "sim/land.hpp"
#include "sim/swarm/world_size.hpp"

namespace meadow::bench {

inline sim::Land land_for(std::size_t count, std::size_t per_meadow) {
  sim::Land land;
  land.set_world(sim::world_for_count(count, land.meadow(), per_meadow));
  return land;
}

}  // namespace meadow::bench
