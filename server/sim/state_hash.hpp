#pragma once
// Fingerprints of the meadow's state: FNV-1a over the bits of everything the next step depends on
// (sim/state_hasher.hpp). The same seed and the same stamped actions give the same fingerprint on
// every build and thread count (docs/architecture.md "Determinism"); tests pin them (a golden
// hash). Each world folds in its own part (World::state_hash(), sim/<world>/<world>_state_hash.*).
#include <cstdint>

#include "sim/meadow.hpp"

namespace meadow::sim {

// The whole meadow: its tick, the rocks, and each world's own hash (the worlds it runs that have
// one, in the order of their kinds). What a replay prints and the server logs when it stops.
[[nodiscard]] std::uint64_t meadow_state_hash(const Meadow& meadow);

}  // namespace meadow::sim
