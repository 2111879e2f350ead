#pragma once
// The video half of a world's light in a frame (issue 29): while a session takes the world's
// light as video, the raster is encoded once here and the frame is serialized a third time with
// it (WorldFrame::video_message); while nobody does, the encoder is let go. Key frames come when
// the encoder's interval says, and when a session asks, at most every kVideoMinKeyGap frames.
#include <cstdint>
#include <memory>
#include <span>

#include "meadow/v1/viewer.pb.h"
#include "sim/world_kind.hpp"
#include "stream/frame_bundle.hpp"
#include "stream/video_demand.hpp"
#include "stream/video_light.hpp"

namespace meadow::stream {

class VideoLightTrack {
 public:
  // `message` holds the frame with its light layer already filled for the zstd codec; the layer's
  // codec, key, base, layer and data are replaced. `heat` is empty for a light without heat.
  // An encoder error leaves video_message empty (sessions are sent the zstd frame) and is counted.
  void build(sim::WorldKind world, VideoDemand* demand, std::span<const std::uint8_t> intensity,
             std::span<const std::uint8_t> heat, std::uint32_t width, std::uint32_t height,
             v1::ServerMessage& message, WorldFrame& out);

  [[nodiscard]] std::uint64_t errors() const { return errors_; }

 private:
  std::unique_ptr<VideoLightEncoder> encoder_;
  std::uint64_t frames_since_key_ = 0;
  std::uint64_t errors_ = 0;
};

}  // namespace meadow::stream
