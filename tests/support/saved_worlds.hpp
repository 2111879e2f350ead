#pragma once
// The snapshot mappings of every world, as app/worlds.cpp registers them, for tests and fuzz
// targets that save and restore a meadow without the server's wiring (a meadow of fewer worlds
// saves only its own; every mapping still reads what a damaged or hostile snapshot holds).
#include <vector>

#include "stream/colony/colony_snapshot.hpp"
#include "stream/mold/mold_snapshot.hpp"
#include "stream/plate/plate_snapshot.hpp"
#include "stream/pond/pond_snapshot.hpp"
#include "stream/swarm/swarm_snapshot.hpp"

namespace meadow::testing {

inline std::vector<stream::WorldSnapshotMapping> world_snapshot_mappings() {
  return {stream::swarm_snapshot_mapping(), stream::colony_snapshot_mapping(), stream::mold_snapshot_mapping(),
          stream::pond_snapshot_mapping(), stream::plate_snapshot_mapping()};
}

}  // namespace meadow::testing
