#pragma once
// The pond's state ⇄ its part of a snapshot (SavedPond, proto/meadow/v1/pond/pond_saved.proto).
#include "stream/world_snapshot.hpp"

namespace meadow::stream {

[[nodiscard]] WorldSnapshotMapping pond_snapshot_mapping();

}  // namespace meadow::stream
