#pragma once
// The mold world's whole state (sim/world_state.hpp): its settings, every agent and every cell of
// the trail map, the step count (randomness is keyed by it) and the viewers' food and held
// pointers. Not kept: the walls (the land's rocks make them again), the network's figures (measured
// again at once) and the events.
#include <cstdint>
#include <vector>

#include "sim/mold/mold_settings.hpp"
#include "sim/mold/mold_tools.hpp"
#include "sim/mold/trail_map.hpp"
#include "sim/viewer_limits.hpp"
#include "sim/world_state.hpp"

namespace meadow::sim {

struct MoldWorldState final : WorldState {
  static constexpr WorldKind kKind = WorldKind::mold;
  [[nodiscard]] WorldKind kind() const override { return kKind; }

  MoldSettings settings;  // settings.agents: the agents below
  std::uint64_t steps = 0;
  std::uint64_t placements = 0;  // agents placed on random cells so far (their draws' counter)
  std::vector<float> agent_x;  // cells, in the engine's order
  std::vector<float> agent_y;
  std::vector<std::uint16_t> agent_heading;
  MapSize map;
  std::vector<std::uint16_t> trail;  // map.cells() values, row by row
  MoldTools::State tools;
  CountTurns::State agent_turns;  // the viewers' turns to change the agents
};

}  // namespace meadow::sim
