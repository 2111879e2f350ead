#pragma once
// What a frog looks like now (docs/rules.md "The frog"), for whoever draws it (the stream's colony
// entities): where it is, which way it faces, how far through a hop, how much of a gulp is left.
#include <algorithm>
#include <cstdint>

#include "sim/colony/colony_rules.hpp"
#include "sim/colony/colony_state.hpp"
#include "sim/geometry.hpp"

namespace meadow::sim {

struct FrogLook {
  std::uint32_t id = 0;
  Vec2 at;               // where it is now, along its hop while it hops (units)
  float heading = 0.0F;  // radians, 0 = +x, turning towards +y
  float hop = 0.0F;      // 0 sitting … 1 landing: how far through its hop
  float gulp = 0.0F;     // 1 at a catch, falling to 0 over params.frog_gulp_steps
  std::uint64_t owner = 0;  // the viewer's session that dropped it, or 0 (the operator)
};

[[nodiscard]] inline FrogLook frog_look(const Frog& frog, const ColonyParams& params) {
  const auto share = [](std::uint32_t part, std::uint32_t whole) {
    return whole == 0 ? 0.0F : std::min(1.0F, static_cast<float>(part) / static_cast<float>(whole));
  };
  return {frog.id,  frog.at, frog.heading, share(frog.hop_step, params.frog_hop_steps),
          share(frog.gulp_steps, params.frog_gulp_steps), frog.owner};
}

}  // namespace meadow::sim
