#pragma once
// Builds each frame once on the sim thread (DESIGN.md "encode ONCE → FrameBundle"): rasters the
// swarm's light (or takes the engine's own, made where its fireflies live: SwarmEngine::light),
// encodes it as a key frame and as a delta against the previous frame, and wraps each in a
// serialized meadow.v1.ServerMessage that every session can send as it is.
#include <cstdint>
#include <optional>
#include <vector>

#include "sim/geometry.hpp"
#include "sim/meadow.hpp"
#include "stream/frame_bundle.hpp"
#include "stream/frame_codec.hpp"
#include "stream/light_raster.hpp"

namespace meadow::stream {

class FrameBuilder {
 public:
  explicit FrameBuilder(int zstd_level = kLightZstdLevel);

  // The next bundle: number one more than the last (the first is 1), the meadow's tick, and for
  // the swarm a key message and, when the previous frame had the same raster geometry, a delta
  // message against it. `camera` is the shared camera's target (world units); by default the
  // meadow's (Meadow::camera()). Besides the light: the swarm's figures, every tool mark, the
  // world's bounds and the meadow's events since the previous frame built. For the colony a key
  // message only (its entity states stand alone): the colony, its events since the previous
  // frame, the meadow as camera and bounds.
  [[nodiscard]] FrameBundlePtr build(const sim::Meadow& meadow, std::uint32_t viewers,
                                     std::optional<sim::Rect> camera = std::nullopt);

  // The intensity raster of the last frame built (row-major, geometry of last_geometry()).
  [[nodiscard]] const std::vector<std::uint8_t>& last_raster() const { return previous_; }
  [[nodiscard]] const RasterGeometry& last_geometry() const { return previous_geometry_; }

 private:
  void build_colony(const sim::Meadow& meadow, std::uint32_t viewers, FrameBundle& bundle);

  LightRaster light_;
  FrameEncoder encoder_;
  std::uint64_t last_number_ = 0;  // 0: nothing built yet
  std::uint64_t last_event_sequence_ = 0;  // the newest swarm event already in a frame
  std::uint64_t last_colony_event_ = 0;    // the newest colony event already in a frame
  std::vector<std::uint8_t> previous_;
  RasterGeometry previous_geometry_;
};

}  // namespace meadow::stream
