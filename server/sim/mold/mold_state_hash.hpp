#pragma once
// The mold's part of the meadow's fingerprint (sim/state_hash.hpp): every agent's x, y and
// heading, in the engine's order, and every cell of the trail.
#include <cstdint>

#include "sim/mold/mold_engine.hpp"

namespace meadow::sim {

[[nodiscard]] std::uint64_t mold_state_hash(const MoldAgentsView& agents, const TrailView& trail);

}  // namespace meadow::sim
