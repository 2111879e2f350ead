#pragma once
// The mold's part of a frame: its trail map as the frame's light layer (one channel over the
// meadow, encoded once per frame as a key and as a delta against the previous frame, as every
// light layer is), its figures and settings, its flakes and held pointers as marks.
#include <cstdint>
#include <vector>

#include "meadow/v1/viewer.pb.h"
#include "sim/mold/mold_settings.hpp"
#include "stream/frame_codec.hpp"
#include "stream/mold/mold_light.hpp"
#include "stream/video_track.hpp"
#include "stream/world_stream.hpp"

namespace meadow::stream {

// The mold's settings as they are (every field, and the preset they match, if any).
void to_proto(const sim::MoldSettings& from, v1::MoldSettingsState& to);

class MoldStream final : public WorldStream {
 public:
  explicit MoldStream(int zstd_level = kLightZstdLevel);

  [[nodiscard]] sim::WorldKind kind() const override { return sim::WorldKind::mold; }
  void build(const sim::World& world, const FrameContext& context, v1::ServerMessage& message,
             WorldFrame& out) override;

 private:
  FrameEncoder encoder_;
  VideoLightTrack video_;
  MoldLight light_;
  std::vector<std::uint8_t> previous_;  // the raster of the last frame built
  std::uint32_t previous_width_ = 0;
  std::uint64_t last_number_ = 0;  // the frame the previous raster belongs to (0: none)
};

}  // namespace meadow::stream
