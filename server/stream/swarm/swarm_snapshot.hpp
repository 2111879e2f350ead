#pragma once
// The swarm world's state ⇄ its part of a snapshot (SavedSwarm, proto/meadow/v1/snapshot.proto).
#include "stream/world_snapshot.hpp"

namespace meadow::stream {

[[nodiscard]] WorldSnapshotMapping swarm_snapshot_mapping();

}  // namespace meadow::stream
