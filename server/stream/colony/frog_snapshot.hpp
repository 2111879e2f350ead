#pragma once
// The colony's frogs in its snapshot (docs/durability.md), apart from the rest of the colony's
// mapping.
#include "meadow/v1/snapshot.pb.h"
#include "sim/colony/colony_state.hpp"

namespace meadow::stream {

void frogs_to_saved(const sim::ColonyState& from, v1::SavedColony& to);
// Throws std::invalid_argument naming what is damaged.
void frogs_from_saved(const v1::SavedColony& from, sim::ColonyState& to);

}  // namespace meadow::stream
