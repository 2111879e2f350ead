#pragma once
// The mold's trail map as a light raster (docs/mold.md "Streaming"): one byte a pixel, 0 … 255 for
// a trail of 0 … 1. A map wider than kMoldLightMaxWidth is averaged down by a whole factor, so that
// a viewer of the H200's 4096-wide map gets the bytes of a 512-wide one.
//
// The bytes: the grain single agents leave in the strands flickers at every step, and sent as it
// is it made the deltas between frames nearly as large as key frames (24 kB a frame at the first
// default, 256 × 144; 710 kB/s a viewer). What a person sees is the network, which changes over
// seconds. So each pixel follows the trail smoothed over a few frames, and a pixel's byte changes
// only when that has moved kMoldLightHysteresis levels away from what was last sent: the deltas
// are mostly zero where the network stands still and follow it where it moves (10.8 kB a frame,
// 321 kB/s there; the default's figures: `meadow-watch --world mold --json`, docs/mold.md
// "Streaming").
#include <cstdint>
#include <vector>

#include "sim/mold/trail_map.hpp"

namespace meadow::stream {

// The widest mold raster sent (pixels).
inline constexpr std::uint32_t kMoldLightMaxWidth = 512;
// How far a pixel's smoothed level moves towards the trail's each frame (0 … 1): a quarter, so
// the flicker of single agents averages out over a few frames (about a tenth of a second).
inline constexpr float kMoldLightFollow = 0.25F;
// Levels (of 255) the smoothed trail must move before a pixel's byte changes: 6 gave 455 kB/s a
// viewer, 10 gives 321, 12 gave 283 with visible steps in slow fades (at the first default).
inline constexpr float kMoldLightHysteresis = 10.0F;

class MoldLight {
 public:
  // Follows the trail by a frame; the raster then is pixels().
  void update(const sim::TrailView& trail);
  [[nodiscard]] std::uint32_t width() const { return width_; }
  [[nodiscard]] std::uint32_t height() const { return height_; }
  [[nodiscard]] const std::vector<std::uint8_t>& pixels() const { return pixels_; }

 private:
  std::uint32_t width_ = 0;
  std::uint32_t height_ = 0;
  std::vector<float> smoothed_;       // 0 … 255
  std::vector<std::uint8_t> pixels_;  // what is sent
};

}  // namespace meadow::stream
