#pragma once
// The mold world's state ⇄ its part of a snapshot (SavedMold, proto/meadow/v1/snapshot.proto).
#include "stream/world_snapshot.hpp"

namespace meadow::stream {

[[nodiscard]] WorldSnapshotMapping mold_snapshot_mapping();

}  // namespace meadow::stream
