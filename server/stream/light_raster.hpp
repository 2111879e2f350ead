#pragma once
// A world's light as a world-space raster, a service any world's stream may call with the points
// it lights (its rules of light, heat and exposure live with it: stream/<world>/): every point
// splats one unit of light bilinearly into a density map at about a quarter of a screen's
// resolution, the map is blurred in four box passes (horizontal, vertical, horizontal, vertical:
// close to a gaussian) and shown through the tone curve. Beside it a second map holds the light of
// the fastest points (they burn whiter, so a sudden rush ripples through the light), blurred the
// same way; the raster's second channel is the share of each pixel's light that comes from them,
// which the viewer turns towards white. Scratch buffers live in the object and are reused
// frame to frame, so a steady stream of frames allocates nothing.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "sim/geometry.hpp"
#include "stream/tone_curve.hpp"

namespace meadow::stream {

// World units per raster pixel for one 1600 × 900 meadow: 400 × 225 pixels, a quarter of a
// 1600 × 900 screen in each direction.
inline constexpr float kLightUnitsPerPixel = 4.0F;
// The raster never grows past this many pixels; a larger world gets more units per pixel.
inline constexpr std::uint32_t kLightMaxWidth = 480;   // pixels
inline constexpr std::uint32_t kLightMaxHeight = 270;  // pixels
// Radius of each box pass, pixels: a box of 2·r + 1 pixels. Two passes per axis make a
// triangle 4·r + 1 = 9 pixels wide (σ ≈ 2 pixels, 8 world units on one meadow): the glow.
inline constexpr int kLightBlurRadius = 2;
// Box passes in all: horizontal, vertical, horizontal, vertical.
inline constexpr int kLightBlurPasses = 4;
// Pixels of margin around the raster that are splatted and blurred but not sent, so a point
// just outside the bounds still glows across the edge: the blur's reach (2 passes × r per axis)
// plus one for the bilinear splat.
inline constexpr int kLightMargin = 2 * kLightBlurRadius + 1;

// Planes of the raster, one after the other: the intensity through the tone curve, then the heat.
// Planes rather than interleaved bytes, because the heat is 0 over most of the raster and a plane
// of zeros costs zstd next to nothing (interleaved, it cost a quarter more per delta frame).
inline constexpr std::uint32_t kLightChannels = 2;
// Levels the heat is sent in (0 … kHeatLevels − 1, spread over 0 … 255): the viewer blends them
// smoothly, and 16 levels cost about 18 % more per delta frame than no heat, full bytes 41 %
// (measured on 6,000 flocking points with a chase among them).
inline constexpr int kHeatLevels = 16;
// Bytes per heat level: 17, so that the top level is exactly 255.
inline constexpr int kHeatByteStep = 255 / (kHeatLevels - 1);
static_assert(255 % (kHeatLevels - 1) == 0, "the top heat level is exactly 255");
// A pixel with less light than this sends no heat: the blur's faint tails.
inline constexpr float kHeatLeastLight = 1e-6F;  // points per pixel

// The points a world lights, one entry per point in each span: positions in world units,
// velocities in world units a step (the heat's speeds).
struct LightPoints {
  std::span<const float> x;
  std::span<const float> y;
  std::span<const float> vx;
  std::span<const float> vy;
};

// Where a world's points burn whiter: from `from_speed` (units a step) a smooth step up to full
// heat at `full_speed`. Each world sets its own band (a world whose points hardly ever hurry sets
// it where only the hurried ones show).
struct HeatBand {
  float from_speed = 0.0F;  // units/step
  float full_speed = 0.0F;  // units/step, above from_speed
};

// How hot a point burns, 0 … 1, from its speed in units per step: 0 up to band.from_speed, then
// a smooth step to 1 at band.full_speed. Non-finite speeds give 0.
[[nodiscard]] float heat_of(float speed, const HeatBand& band);

// The raster's size and the world rectangle it covers.
struct RasterGeometry {
  sim::Rect bounds;          // world units
  std::uint32_t width = 0;   // pixels
  std::uint32_t height = 0;  // pixels
  [[nodiscard]] std::size_t pixels() const { return std::size_t{width} * height; }
  friend bool operator==(const RasterGeometry&, const RasterGeometry&) = default;
};

// The raster for a world: kLightUnitsPerPixel while that fits within kLightMaxWidth ×
// kLightMaxHeight, otherwise as many units per pixel as it takes, keeping the world's aspect.
// Degenerate or non-finite worlds give a 1 × 1 raster.
[[nodiscard]] RasterGeometry light_geometry(const sim::Rect& world);

class LightRaster {
 public:
  explicit LightRaster(ToneCurve curve = ToneCurve{});

  // Rasters `points` over geometry.bounds: kLightChannels planes of geometry.pixels() bytes,
  // each row-major, top row first: the intensity, then the heat (the share of the pixel's blurred
  // light that is heat, in kHeatLevels levels over 0 … 255; 0 where there is no light).
  // Points outside the bounds (beyond the margin) or at non-finite positions are skipped. The
  // span stays valid until the next render. `speed_factor` divides every speed before it meets
  // the band: a world whose pace setting scales its speeds keeps the same points hot at any pace.
  std::span<const std::uint8_t> render(const LightPoints& points, const RasterGeometry& geometry,
                                       const HeatBand& heat, float speed_factor = 1.0F);

  // The blurred density of the last render, points per pixel, over the raster without its
  // margin, row-major (for tests and measures).
  [[nodiscard]] float density_at(std::uint32_t x, std::uint32_t y) const;
  // The same for the heat: the blurred sum of heat_of() over the light, per pixel.
  [[nodiscard]] float heat_at(std::uint32_t x, std::uint32_t y) const;
  [[nodiscard]] const ToneCurve& curve() const { return curve_; }
  // The curve of the next render (the exposure follows the light: light_exposure.hpp).
  void set_curve(const ToneCurve& curve) { curve_ = curve; }

 private:
  void resize(const RasterGeometry& geometry);
  void splat(const LightPoints& points, const RasterGeometry& geometry, const HeatBand& heat, float speed_factor);
  void blur_rows(const std::vector<float>& in, std::vector<float>& out);
  void blur_columns(const std::vector<float>& in, std::vector<float>& out) const;
  void tone_map();

  ToneCurve curve_;
  std::size_t padded_width_ = 0;   // pixels, raster plus margin on both sides
  std::size_t padded_height_ = 0;  // pixels
  std::uint32_t width_ = 0;
  std::uint32_t height_ = 0;
  // Floats per pixel of the maps: the light, and the part of it that is heat, side by side.
  static constexpr std::size_t kMapChannels = 2;
  std::vector<float> map_;       // padded_width_ × padded_height_ × kMapChannels
  std::vector<float> scratch_;   // the same size: the other side of each blur pass
  std::vector<float> line_;      // one padded row plus the box radius on both sides
  std::vector<std::uint8_t> image_;  // kLightChannels planes of width_ × height_
};

}  // namespace meadow::stream
