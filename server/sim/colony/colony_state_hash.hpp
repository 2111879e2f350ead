#pragma once
// The colony's part of the meadow's fingerprint (sim/state_hash.hpp): every colony firefly,
// flower, falling seed, foraging group and frog, the store, the breeze and the counters.
#include <cstdint>

#include "sim/colony/colony_state.hpp"

namespace meadow::sim {

[[nodiscard]] std::uint64_t colony_state_hash(const ColonyState& colony);

}  // namespace meadow::sim
