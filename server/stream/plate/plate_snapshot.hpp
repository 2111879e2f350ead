#pragma once
// The plate's state ⇄ its part of a snapshot (SavedPlate, proto/meadow/v1/plate/plate_saved.proto).
#include "stream/world_snapshot.hpp"

namespace meadow::stream {

[[nodiscard]] WorldSnapshotMapping plate_snapshot_mapping();

}  // namespace meadow::stream
