#include "stream/swarm/swarm_light.hpp"

namespace meadow::stream {

float firefly_heat(float speed) { return heat_of(speed, kSwarmHeat); }

const RimSamples& swarm_rim_samples() {
  static const RimSamples samples = rim_samples(kSwarmRimReach);
  return samples;
}

LightPoints firefly_points(const sim::SwarmView& fireflies) {
  return LightPoints{fireflies.x, fireflies.y, fireflies.vx, fireflies.vy};
}

std::span<const std::uint8_t> render_fireflies(LightRaster& raster, const sim::SwarmView& fireflies,
                                               const RasterGeometry& geometry, float speed_factor) {
  return raster.render(firefly_points(fireflies), geometry, kSwarmHeat, speed_factor);
}

std::vector<RockRim> firefly_rock_rims(const LightRaster& raster, const RasterGeometry& geometry,
                                       std::span<const sim::Rock> rocks) {
  return rock_rims(raster, geometry, rocks, swarm_rim_samples());
}

sim::SwarmLightRequest swarm_light_request(const RasterGeometry& geometry, const ToneCurve& curve,
                                           std::span<const sim::Rock> rocks, float speed_factor) {
  sim::SwarmLightRequest r;
  r.bounds = geometry.bounds;
  r.width = geometry.width;
  r.height = geometry.height;
  r.margin = static_cast<std::uint32_t>(kLightMargin);
  r.blur_radius = static_cast<std::uint32_t>(kLightBlurRadius);
  r.blur_passes = static_cast<std::uint32_t>(kLightBlurPasses);
  r.heat_from_speed = kSwarmHeat.from_speed * speed_factor;
  r.heat_full_speed = kSwarmHeat.full_speed * speed_factor;
  r.heat_least_light = kHeatLeastLight;
  r.heat_levels = static_cast<std::uint32_t>(kHeatLevels);
  r.heat_byte_step = static_cast<std::uint32_t>(kHeatByteStep);
  r.tone = curve.table();
  r.tone_entries_per_density = curve.entries_per_density();
  r.rim_samples = swarm_rim_samples();
  r.rocks = rocks;
  return r;
}

}  // namespace meadow::stream
