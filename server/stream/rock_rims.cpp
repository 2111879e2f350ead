#include "stream/rock_rims.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

namespace meadow::stream {

namespace {

// The blurred density at a world point, bilinear between pixel centres; 0 off the raster.
float density_at_world(const LightRaster& raster, const RasterGeometry& geometry, sim::Vec2 point) {
  const float px = (point.x - geometry.bounds.x) * static_cast<float>(geometry.width) / geometry.bounds.width - 0.5F;
  const float py = (point.y - geometry.bounds.y) * static_cast<float>(geometry.height) / geometry.bounds.height - 0.5F;
  if (!(px >= 0.0F && py >= 0.0F)) return 0.0F;  // also NaN
  const auto ix = static_cast<std::uint32_t>(px);
  const auto iy = static_cast<std::uint32_t>(py);
  const float fx = px - static_cast<float>(ix);
  const float fy = py - static_cast<float>(iy);
  // density_at() answers 0 past the raster's last pixel, so the far neighbours need no test.
  return (1.0F - fx) * (1.0F - fy) * raster.density_at(ix, iy) + fx * (1.0F - fy) * raster.density_at(ix + 1, iy) +
         (1.0F - fx) * fy * raster.density_at(ix, iy + 1) + fx * fy * raster.density_at(ix + 1, iy + 1);
}

// The rim those sums make, through the raster's tone curve; nothing when it is too faint to see.
std::optional<RockRim> finish_rim(std::uint32_t rock_id, const RimSums& sums, const ToneCurve& curve) {
  if (!(sums.weights > 0.0F)) return std::nullopt;
  const float mean_density = sums.light / sums.weights;
  const float strength = static_cast<float>(curve(mean_density)) / 255.0F;
  if (strength < kRimFaintest) return std::nullopt;
  const float lean = std::hypot(sums.toward_x, sums.toward_y);
  return RockRim{rock_id, std::atan2(sums.toward_y, sums.toward_x), strength, sums.light > 0.0F ? lean / sums.light : 0.0F};
}

}  // namespace

RimSamples rim_samples(float reach) {
  RimSamples out{};
  constexpr float kTurn = sim::kTau / static_cast<float>(kRimDirections);
  for (int k = 0; k < kRimDirections; ++k) {
    for (int ring = 0; ring < kRimRings; ++ring) {
      // Rings at the middle of equal slices of the reach; nearer rings weigh more.
      const float past_edge = reach * (static_cast<float>(ring) + 0.5F) / static_cast<float>(kRimRings);
      out[static_cast<std::size_t>(k * kRimRings + ring)] = {std::cos(kTurn * static_cast<float>(k)),
                                                             std::sin(kTurn * static_cast<float>(k)), past_edge,
                                                             1.0F - past_edge / reach};
    }
  }
  return out;
}

std::vector<RockRim> rims_from_sums(std::span<const sim::Rock> rocks, std::span<const RimSums> sums,
                                   const ToneCurve& curve) {
  std::vector<RockRim> rims;
  for (std::size_t i = 0; i < std::min(rocks.size(), sums.size()); ++i) {
    if (const std::optional<RockRim> rim = finish_rim(rocks[i].id, sums[i], curve)) rims.push_back(*rim);
  }
  return rims;
}

std::vector<RockRim> rock_rims(const LightRaster& raster, const RasterGeometry& geometry,
                               std::span<const sim::Rock> rocks, const RimSamples& samples) {
  std::vector<RockRim> rims;
  if (!(geometry.bounds.width > 0.0F && geometry.bounds.height > 0.0F)) return rims;
  for (const sim::Rock& rock : rocks) {
    RimSums sums;
    for (const RimSample& sample : samples) {
      const float radius = rock.radius + sample.past_edge;
      const float density = density_at_world(raster, geometry,
                                             {rock.center.x + radius * sample.ux, rock.center.y + radius * sample.uy});
      sums.light += sample.weight * density;
      sums.weights += sample.weight;
      sums.toward_x += sample.weight * density * sample.ux;
      sums.toward_y += sample.weight * density * sample.uy;
    }
    if (const std::optional<RockRim> rim = finish_rim(rock.id, sums, raster.curve())) rims.push_back(*rim);
  }
  return rims;
}

}  // namespace meadow::stream
