#pragma once
// The video half of a world's light in a frame (docs/light-codec.md "Video"): while a session takes
// the world's light as video, the raster is encoded once here and the frame is serialized a third
// time with it (WorldFrame::video_message); while nobody does, the encoder is let go. Key frames
// come when the encoder's interval says, and when a session asks, at most every kVideoMinKeyGap
// frames.
#include <cstdint>
#include <memory>
#include <span>

#include "meadow/v1/viewer.pb.h"
#include "sim/world_kind.hpp"
#include "stream/frame_bundle.hpp"
#include "stream/video_demand.hpp"
#include "stream/video_light.hpp"

namespace meadow::stream {

// A world's encoder is kept this many frames (3 s at 30 a second) after its last video viewer
// went, without encoding: a viewer toggling its codec or its world costs no new encoder (and its
// set-up on the sim thread) each time; one who comes later starts from a fresh key frame.
inline constexpr std::uint32_t kVideoWarmFrames = 90;

class VideoLightTrack {
 public:
  // `message` holds the frame with its light layer already filled for the zstd codec; the layer's
  // codec, key, base, layer and data are replaced. `heat` is empty for a light without heat.
  // An encoder error leaves video_message empty (sessions are sent the zstd frame) and is counted.
  void build(sim::WorldKind world, VideoDemand* demand, std::span<const std::uint8_t> intensity,
             std::span<const std::uint8_t> heat, std::uint32_t width, std::uint32_t height,
             v1::ServerMessage& message, WorldFrame& out);

  [[nodiscard]] std::uint64_t errors() const { return errors_; }
  // Whether an encoder is held (encoding, or kept warm).
  [[nodiscard]] bool has_encoder() const { return encoder_ != nullptr; }

 private:
  std::unique_ptr<VideoLightEncoder> encoder_;
  std::uint32_t idle_frames_ = 0;  // frames since the last video viewer went
  std::uint64_t frames_since_key_ = 0;
  std::uint64_t errors_ = 0;
};

}  // namespace meadow::stream
