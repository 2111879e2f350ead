#pragma once
// Fingerprints of a world's state: FNV-1a over the bits of everything the next step depends on.
// The same seed and the same stamped actions give the same fingerprint on every build and thread
// count (docs/architecture.md "Determinism"); tests pin them (a golden hash), and the profile tool
// prints the swarm's so that a change meant to keep the swarm bit for bit can show it did.
#include <cstdint>

#include "sim/colony/colony_state.hpp"
#include "sim/meadow.hpp"
#include "sim/mold/mold_engine.hpp"
#include "sim/swarm/swarm_engine.hpp"

namespace meadow::sim {

// Every firefly's x, y, vx, vy, in the engine's order.
[[nodiscard]] std::uint64_t swarm_state_hash(const SwarmView& swarm);
// Every colony firefly, flower, falling seed, foraging group and frog, the store, the breeze and
// the counters.
[[nodiscard]] std::uint64_t colony_state_hash(const ColonyState& colony);
// Every mold agent's x, y and heading, in the engine's order, and every cell of the trail.
[[nodiscard]] std::uint64_t mold_state_hash(const MoldAgentsView& agents, const TrailView& trail);
// The whole meadow: its tick, the rocks, and each world's hash above (the worlds it runs, in the
// order of their kinds). What a replay prints and the server logs when it stops.
[[nodiscard]] std::uint64_t meadow_state_hash(const Meadow& meadow);

}  // namespace meadow::sim
