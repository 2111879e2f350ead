#pragma once
// One frame of the meadow, encoded once on the sim thread and shared read-only by every
// session (docs/architecture.md "The path of a frame": encoded once, shared by all): a message per
// world, indexed by sim::WorldKind. Sessions pick the delta when they sent the frame it is based
// on, and the key frame otherwise (new, or fell behind).
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "sim/world_kind.hpp"

namespace meadow::stream {

struct WorldFrame {
  // A serialized meadow.v1.ServerMessage holding a key Frame. Empty when the world is not
  // streamed in this bundle.
  std::string key_message;
  // A serialized meadow.v1.ServerMessage holding a delta Frame against frame `delta_base`.
  // Empty when there is no previous frame to diff against.
  std::string delta_message;
  std::uint64_t delta_base = 0;
  // The same frame with its light as video (LIGHT_CODEC_VP9: stream/video_light.hpp). Empty when
  // no session takes this world's light as video, or the world has no light.
  std::string video_message;
  bool video_key = false;        // a decoder may start here
  std::uint32_t video_layer = 0;  // temporal layer
  bool video_reference = true;   // a later video frame may refer to this one
  double video_encode_seconds = 0.0;
  // A serialized meadow.v1.ServerMessage holding the world's live TrailPoints for this frame, sent
  // after the frame to the sessions that watch trails. Empty when nobody does, or the world offers
  // none.
  std::string trail_message;
};

struct FrameBundle {
  std::uint64_t number = 0;  // frame number, one more than the previous bundle's
  std::uint64_t tick = 0;    // sim tick shown
  std::array<WorldFrame, sim::kWorldKinds> worlds;
  // The frames before this one came from another sim (an edge server's sim restarted,
  // docs/edges.md): no session's delta or video chain goes on across it.
  bool stream_restart = false;

  [[nodiscard]] const WorldFrame& world(sim::WorldKind w) const { return worlds[sim::index_of(w)]; }
  [[nodiscard]] WorldFrame& world(sim::WorldKind w) { return worlds[sim::index_of(w)]; }
};

using FrameBundlePtr = std::shared_ptr<const FrameBundle>;

}  // namespace meadow::stream
