#pragma once
// The swarm's part of the meadow's fingerprint (sim/state_hash.hpp): every firefly's x, y, vx, vy,
// in the engine's order.
#include <cstdint>

#include "sim/swarm/swarm_engine.hpp"

namespace meadow::sim {

[[nodiscard]] std::uint64_t swarm_state_hash(const SwarmView& swarm);

}  // namespace meadow::sim
