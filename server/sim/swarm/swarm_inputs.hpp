#pragma once
// What the swarm steers by besides itself and the land: the viewers' tools
// (docs/rules.md "The tools"). Set before each step by the meadow; the engines read it, never keep
// it.
#include <cstdint>
#include <span>

#include "sim/geometry.hpp"

namespace meadow::sim {

// A held pointer with the predator tool: every firefly within the reach scatters.
struct SwarmPredator {
  std::uint64_t owner = 0;  // the viewer holding it
  Vec2 at;
};

// An attract mark: the swarm streams to it and circles it until it is tapped again.
struct SwarmAttractor {
  std::uint32_t id = 0;
  Vec2 at;
};

// A food crumb from the flower tool: fireflies within smell range steer to it and eat it.
struct SwarmCrumb {
  std::uint32_t id = 0;
  Vec2 at;
};

struct SwarmInputs {
  std::span<const SwarmPredator> predators;
  // How far a predator scares, units: 120 at one meadow's zoom, growing as the camera zooms out
  // so it always covers the same patch of screen.
  float predator_reach = 120.0F;
  std::span<const SwarmAttractor> attractors;
  std::span<const SwarmCrumb> crumbs;
};

}  // namespace meadow::sim
