#include "stream/rock_rims.hpp"

#include <array>
#include <cmath>

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

// The sample directions, the same for every rock and frame: worked out once.
struct Directions {
  std::array<float, kRimDirections> x{};
  std::array<float, kRimDirections> y{};
  Directions() {
    constexpr float kTurn = sim::kTau / static_cast<float>(kRimDirections);
    for (int k = 0; k < kRimDirections; ++k) {
      x[static_cast<std::size_t>(k)] = std::cos(kTurn * static_cast<float>(k));
      y[static_cast<std::size_t>(k)] = std::sin(kTurn * static_cast<float>(k));
    }
  }
};

}  // namespace

std::vector<RockRim> rock_rims(const LightRaster& raster, const RasterGeometry& geometry,
                               std::span<const sim::Rock> rocks) {
  std::vector<RockRim> rims;
  if (!(geometry.bounds.width > 0.0F && geometry.bounds.height > 0.0F)) return rims;
  static const Directions directions;
  for (const sim::Rock& rock : rocks) {
    float light = 0.0F;   // Σ weight · density
    float weights = 0.0F; // Σ weight
    float toward_x = 0.0F;
    float toward_y = 0.0F;
    for (int k = 0; k < kRimDirections; ++k) {
      const float ux = directions.x[static_cast<std::size_t>(k)];
      const float uy = directions.y[static_cast<std::size_t>(k)];
      for (int ring = 0; ring < kRimRings; ++ring) {
        // Rings at the middle of equal slices of the reach; nearer rings weigh more.
        const float past_edge = kRimReach * (static_cast<float>(ring) + 0.5F) / static_cast<float>(kRimRings);
        const float weight = 1.0F - past_edge / kRimReach;
        const float radius = rock.radius + past_edge;
        const float density =
            density_at_world(raster, geometry, {rock.center.x + radius * ux, rock.center.y + radius * uy});
        light += weight * density;
        weights += weight;
        toward_x += weight * density * ux;
        toward_y += weight * density * uy;
      }
    }
    const float mean_density = light / weights;
    const float strength = static_cast<float>(raster.curve()(mean_density)) / 255.0F;
    if (strength < kRimFaintest) continue;
    const float lean = std::hypot(toward_x, toward_y);
    rims.push_back({rock.id, std::atan2(toward_y, toward_x), strength, light > 0.0F ? lean / light : 0.0F});
  }
  return rims;
}

}  // namespace meadow::stream
