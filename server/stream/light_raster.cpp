#include "stream/light_raster.hpp"

#include <algorithm>
#include <cmath>

namespace meadow::stream {

namespace {

constexpr int kBoxWidth = 2 * kLightBlurRadius + 1;  // pixels
constexpr float kBoxScale = 1.0F / static_cast<float>(kBoxWidth);
static_assert(kLightBlurPasses == 4, "render() runs the passes as H, V, H, V");

constexpr float kTopHeatLevel = static_cast<float>(kHeatLevels - 1);

}  // namespace

float heat_of(float speed, const HeatBand& band) {
  const float t = (speed - band.from_speed) / (band.full_speed - band.from_speed);
  if (!(t > 0.0F)) return 0.0F;  // also NaN
  if (t >= 1.0F) return 1.0F;
  return t * t * (3.0F - 2.0F * t);
}

RasterGeometry light_geometry(const sim::Rect& world) {
  const bool usable = std::isfinite(world.x) && std::isfinite(world.y) &&
                      std::isfinite(world.width) && std::isfinite(world.height) &&
                      world.width > 0.0F && world.height > 0.0F;
  if (!usable) return RasterGeometry{world, 1, 1};
  const float units_per_pixel =
      std::max({kLightUnitsPerPixel, world.width / static_cast<float>(kLightMaxWidth),
                world.height / static_cast<float>(kLightMaxHeight)});
  const auto pixels = [units_per_pixel](float extent, std::uint32_t most) {
    const long n = std::lround(extent / units_per_pixel);
    return static_cast<std::uint32_t>(std::clamp(n, 1L, static_cast<long>(most)));
  };
  return RasterGeometry{world, pixels(world.width, kLightMaxWidth),
                        pixels(world.height, kLightMaxHeight)};
}

LightRaster::LightRaster(ToneCurve curve) : curve_(curve) {}

void LightRaster::resize(const RasterGeometry& geometry) {
  width_ = geometry.width;
  height_ = geometry.height;
  padded_width_ = std::size_t{width_} + 2 * kLightMargin;
  padded_height_ = std::size_t{height_} + 2 * kLightMargin;
  // resize() keeps capacity, so after the first frame of a size these never allocate.
  map_.resize(kMapChannels * padded_width_ * padded_height_);
  scratch_.resize(map_.size());
  line_.resize(kMapChannels * (padded_width_ + 2 * kLightBlurRadius));
  image_.resize(geometry.pixels() * kLightChannels);
}

std::span<const std::uint8_t> LightRaster::render(const LightPoints& points, const RasterGeometry& geometry,
                                                  const HeatBand& heat, float speed_factor) {
  resize(geometry);
  splat(points, geometry, heat, speed_factor);
  blur_rows(map_, scratch_);
  blur_columns(scratch_, map_);
  blur_rows(map_, scratch_);
  blur_columns(scratch_, map_);
  tone_map();
  return image_;
}

void LightRaster::splat(const LightPoints& points, const RasterGeometry& geometry, const HeatBand& band,
                        float speed_factor) {
  std::fill(map_.begin(), map_.end(), 0.0F);
  const float pixels_per_unit_x = static_cast<float>(width_) / geometry.bounds.width;
  const float pixels_per_unit_y = static_cast<float>(height_) / geometry.bounds.height;
  // Pixel centres sit at i + 0.5; shift so that grid coordinate g puts its light on pixels
  // floor(g) and floor(g) + 1 of the padded map.
  const float offset_x = static_cast<float>(kLightMargin) - 0.5F -
                         geometry.bounds.x * pixels_per_unit_x;
  const float offset_y = static_cast<float>(kLightMargin) - 0.5F -
                         geometry.bounds.y * pixels_per_unit_y;
  // The last grid coordinate whose right/bottom neighbour is still inside the padded map.
  const float last_x = static_cast<float>(padded_width_ - 1);
  const float last_y = static_cast<float>(padded_height_ - 1);
  const std::size_t n = std::min({points.x.size(), points.y.size(), points.vx.size(), points.vy.size()});
  const float* xs = points.x.data();
  const float* ys = points.y.data();
  const float* vxs = points.vx.data();
  const float* vys = points.vy.data();
  float* map = map_.data();
  const std::size_t stride = kMapChannels * padded_width_;  // floats per row
  // Speeds as at the default setting, so the band's fastest burn whiter at any setting.
  const float per_speed_squared = 1.0F / (speed_factor * speed_factor);
  const float from_speed_squared = band.from_speed * band.from_speed;
  for (std::size_t i = 0; i < n; ++i) {
    const float gx = xs[i] * pixels_per_unit_x + offset_x;
    const float gy = ys[i] * pixels_per_unit_y + offset_y;
    // Written so that NaN and ±inf fail too: they are skipped, never cast.
    if (!(gx >= 0.0F && gx < last_x && gy >= 0.0F && gy < last_y)) continue;
    const auto ix = static_cast<std::size_t>(gx);
    const auto iy = static_cast<std::size_t>(gy);
    const float fx = gx - static_cast<float>(ix);
    const float fy = gy - static_cast<float>(iy);
    const float w00 = (1.0F - fx) * (1.0F - fy);
    const float w10 = fx * (1.0F - fy);
    const float w01 = (1.0F - fx) * fy;
    const float w11 = fx * fy;
    // Most points move below the heat's speed: no square root for them.
    const float speed_squared = (vxs[i] * vxs[i] + vys[i] * vys[i]) * per_speed_squared;
    const float heat = speed_squared > from_speed_squared ? heat_of(std::sqrt(speed_squared), band) : 0.0F;
    // Light and heat side by side: one cache line for both, and no branch.
    float* cell = map + iy * stride + kMapChannels * ix;
    cell[0] += w00;
    cell[1] += heat * w00;
    cell[2] += w10;
    cell[3] += heat * w10;
    cell[stride] += w01;
    cell[stride + 1] += heat * w01;
    cell[stride + 2] += w11;
    cell[stride + 3] += heat * w11;
  }
}

void LightRaster::blur_rows(const std::vector<float>& in, std::vector<float>& out) {
  // Each row is copied between zeros so the box never reads outside it: light that leaves the
  // margin is gone, which is right for a glow. A pixel's channel and its neighbours' are
  // kMapChannels floats apart; the sum over the box is written out in full so it vectorises.
  constexpr std::size_t kReach = kMapChannels * kLightBlurRadius;  // floats either side
  std::fill(line_.begin(), line_.end(), 0.0F);
  float* line = line_.data() + kReach;
  const std::size_t floats = kMapChannels * padded_width_;
  for (std::size_t y = 0; y < padded_height_; ++y) {
    const float* src = in.data() + y * floats;
    float* dst = out.data() + y * floats;
    std::copy(src, src + floats, line);
    const float* window = line_.data();
    for (std::size_t x = 0; x < floats; ++x) {
      float sum = 0.0F;
      for (int k = 0; k < kBoxWidth; ++k) sum += window[x + kMapChannels * static_cast<std::size_t>(k)];
      dst[x] = sum * kBoxScale;
    }
  }
}

void LightRaster::blur_columns(const std::vector<float>& in, std::vector<float>& out) const {
  // Row by row, adding whole rows, so the inner loop runs along memory and vectorises; channels
  // need no care, being added to themselves.
  const std::size_t floats = kMapChannels * padded_width_;
  const auto rows = static_cast<std::ptrdiff_t>(padded_height_);
  for (std::ptrdiff_t y = 0; y < rows; ++y) {
    float* dst = out.data() + static_cast<std::size_t>(y) * floats;
    std::fill(dst, dst + floats, 0.0F);
    const std::ptrdiff_t first = std::max<std::ptrdiff_t>(0, y - kLightBlurRadius);
    const std::ptrdiff_t last = std::min<std::ptrdiff_t>(rows - 1, y + kLightBlurRadius);
    for (std::ptrdiff_t k = first; k <= last; ++k) {
      const float* src = in.data() + static_cast<std::size_t>(k) * floats;
      for (std::size_t x = 0; x < floats; ++x) dst[x] += src[x];
    }
    for (std::size_t x = 0; x < floats; ++x) dst[x] *= kBoxScale;
  }
}

void LightRaster::tone_map() {
  const auto& table = curve_.table();
  const float scale = curve_.entries_per_density();
  constexpr auto kLastEntry = static_cast<float>(kToneTableSize - 1);
  for (std::uint32_t y = 0; y < height_; ++y) {
    const float* src = map_.data() + kMapChannels * ((std::size_t{y} + kLightMargin) * padded_width_ + kLightMargin);
    std::uint8_t* intensity = image_.data() + std::size_t{y} * width_;
    std::uint8_t* heat = intensity + std::size_t{width_} * height_;
    for (std::uint32_t x = 0; x < width_; ++x) {
      const float density = src[kMapChannels * x];
      const float hot = src[kMapChannels * x + 1];
      // Density is a sum of non-negative terms, so only the top needs clamping.
      const float entry = std::min(density * scale, kLastEntry);
      intensity[x] = table[static_cast<std::size_t>(entry)];
      // Heat never exceeds the light it is part of; the min() guards float rounding.
      const float share = density > kHeatLeastLight ? std::min(hot / density, 1.0F) : 0.0F;
      heat[x] = static_cast<std::uint8_t>(static_cast<int>(share * kTopHeatLevel + 0.5F) * kHeatByteStep);
    }
  }
}

float LightRaster::density_at(std::uint32_t x, std::uint32_t y) const {
  if (x >= width_ || y >= height_) return 0.0F;
  return map_[kMapChannels * ((std::size_t{y} + kLightMargin) * padded_width_ + kLightMargin + x)];
}

float LightRaster::heat_at(std::uint32_t x, std::uint32_t y) const {
  if (x >= width_ || y >= height_) return 0.0F;
  return map_[kMapChannels * ((std::size_t{y} + kLightMargin) * padded_width_ + kLightMargin + x) + 1];
}

}  // namespace meadow::stream
