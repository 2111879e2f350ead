#pragma once
// The swarm's part of a frame: its light rastered (or taken from the engine, which makes it where
// its fireflies live: SwarmEngine::light), tone-mapped and encoded as a key frame and as a delta
// against the previous frame; its figures, every tool mark, the rocks' rim light, the world's
// bounds, the shared camera and its events since the last frame.
#include <cstdint>
#include <vector>

#include "stream/frame_codec.hpp"
#include "stream/light_raster.hpp"
#include "stream/light_exposure.hpp"
#include "stream/swarm/live_trails.hpp"
#include "stream/swarm/swarm_light.hpp"
#include "stream/video_track.hpp"
#include "stream/world_stream.hpp"

namespace meadow::stream {

class SwarmStream final : public WorldStream {
 public:
  explicit SwarmStream(int zstd_level = kLightZstdLevel);

  [[nodiscard]] sim::WorldKind kind() const override { return sim::WorldKind::swarm; }
  void build(const sim::World& world, const FrameContext& context, v1::ServerMessage& message,
             WorldFrame& out) override;
  void operator_events(const sim::World& world, std::uint64_t& last, std::vector<std::string>& out) const override;

  // The intensity raster of the last frame built (row-major, geometry of last_geometry()).
  [[nodiscard]] const std::vector<std::uint8_t>& last_raster() const { return previous_; }
  [[nodiscard]] const RasterGeometry& last_geometry() const { return previous_geometry_; }
  // The light's exposure now (light_exposure.hpp).
  [[nodiscard]] const LightExposure& exposure() const { return exposure_; }

 private:
  // Lets the exposure see this frame's light; the next frame renders through its curve.
  void follow_exposure(std::span<const std::uint8_t> intensity, std::uint64_t tick);

  LightRaster light_;
  LightExposure exposure_{kSwarmExposure};  // moves light_'s curve with the densest light of the moment
  std::uint64_t exposure_tick_ = 0;  // the tick of the raster the exposure last saw
  FrameEncoder encoder_;
  VideoLightTrack video_;
  std::uint64_t last_number_ = 0;          // the frame the previous raster belongs to (0: none)
  std::uint64_t last_event_sequence_ = 0;  // the newest event already in a frame
  std::vector<std::uint8_t> previous_;
  RasterGeometry previous_geometry_;
  LiveTrails live_trails_;  // its choice of fireflies kept from frame to frame
};

}  // namespace meadow::stream
