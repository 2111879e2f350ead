#pragma once
// The colony world's state ⇄ its part of a snapshot (SavedColony, proto/meadow/v1/snapshot.proto).
#include "stream/world_snapshot.hpp"

namespace meadow::stream {

[[nodiscard]] WorldSnapshotMapping colony_snapshot_mapping();

}  // namespace meadow::stream
