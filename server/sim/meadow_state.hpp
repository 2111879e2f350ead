#pragma once
// The whole meadow as plain data, between ticks (docs/durability.md): the tick, the land and its
// rocks, the operator's locks and pause, the viewers' cooldowns, and each world's own state
// (sim/world_state.hpp). Meadow::save() makes it on the sim thread; stream/ maps it to the
// snapshot format off that thread.
#include <cstdint>
#include <memory>
#include <vector>

#include "sim/actions.hpp"
#include "sim/land.hpp"
#include "sim/viewer_limits.hpp"
#include "sim/world_state.hpp"

namespace meadow::sim {

struct MeadowState {
  std::uint64_t seed = 0;  // the meadow's: a state restores only on a meadow of the same seed
  std::uint64_t tick = 0;  // the next tick to run
  Land::State land;
  ViewerLocks locks;
  bool paused = false;
  Cooldowns::State cooldowns;
  std::vector<std::shared_ptr<const WorldState>> worlds;  // in the order of their kinds
};

}  // namespace meadow::sim
