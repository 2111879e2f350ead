#pragma once
// The colony world's whole state (sim/world_state.hpp): the colony's plain data (colony_state.hpp)
// is all its next step depends on. Not kept: its events (announcements already sent).
#include "sim/colony/colony_state.hpp"
#include "sim/world_state.hpp"

namespace meadow::sim {

struct ColonyWorldState final : WorldState {
  static constexpr WorldKind kKind = WorldKind::colony;
  [[nodiscard]] WorldKind kind() const override { return kKind; }

  ColonyState colony;
};

}  // namespace meadow::sim
