#pragma once
// The one mapping between the sim's worlds and the wire's (sim::WorldKind ⇄ meadow.v1.World).
#include "meadow/v1/viewer.pb.h"
#include "sim/world_kind.hpp"

namespace meadow::stream {

[[nodiscard]] v1::World to_proto(sim::WorldKind world);
// False for WORLD_UNSPECIFIED and values no world has.
[[nodiscard]] bool world_from_proto(int value, sim::WorldKind& out);

}  // namespace meadow::stream
