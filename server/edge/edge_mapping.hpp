#pragma once
// Frame bundles, the land and viewers' descriptions ⇄ the edge protocol's messages
// (proto/meadow/v1/edge.proto). Both directions in one place; readers throw
// std::invalid_argument for a message that does not hold together.
#include <cstdint>
#include <memory>
#include <vector>

#include "meadow/v1/edge.pb.h"
#include "net/meadow_status.hpp"
#include "sim/land.hpp"
#include "stream/frame_bundle.hpp"

namespace meadow::edge {

// The worlds of `bundle` that hold a frame, each as its EdgeFrame.
void to_proto(const stream::FrameBundle& bundle, std::uint64_t sim, std::int64_t published_at_us,
              std::vector<v1::EdgeFrame>& out);
// One world's frame into `bundle` (number and tick from it too); returns the world.
sim::WorldKind add_to_bundle(const v1::EdgeFrame& from, stream::FrameBundle& bundle);

void to_proto(const net::SessionInfo& from, v1::EdgeViewer& to);
[[nodiscard]] net::SessionInfo from_proto(const v1::EdgeViewer& from, const std::string& edge);

[[nodiscard]] std::shared_ptr<const sim::Land> land_from_proto(const v1::SavedLand& from);

// Microseconds of the system clock: the two ends of a hop on one host compare them.
[[nodiscard]] std::int64_t now_us();

// A random 64-bit id for this process (a sim's or an edge's instance).
[[nodiscard]] std::uint64_t random_instance();

}  // namespace meadow::edge
