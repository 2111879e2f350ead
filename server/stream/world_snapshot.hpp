#pragma once
// How one world's saved state maps to the snapshot format (proto/meadow/v1/snapshot.proto): one
// pair of functions per world, in stream/<world>/<world>_snapshot.*, registered beside the world
// (app/worlds.cpp). A world without one is not saved (the tests' world).
#include <memory>

#include "meadow/v1/snapshot.pb.h"
#include "sim/world_kind.hpp"
#include "sim/world_state.hpp"

namespace meadow::stream {

struct WorldSnapshotMapping {
  sim::WorldKind kind = sim::kAllWorldKinds.front();
  // Fills `to` from a state of this world.
  void (*to_proto)(const sim::WorldState& from, v1::SavedWorld& to) = nullptr;
  // The state `from` holds, or null when it holds another world's. Throws std::invalid_argument
  // for one of this world's that does not hold together (arrays of different lengths, unknown
  // values, sizes past the engine's limits): a damaged snapshot.
  std::unique_ptr<sim::WorldState> (*from_proto)(const v1::SavedWorld& from) = nullptr;
};

}  // namespace meadow::stream
