#include "stream/light_request.hpp"

#include <cstdint>

#include "stream/rock_rims.hpp"

namespace meadow::stream {

sim::SwarmLightRequest light_request(const RasterGeometry& geometry, const ToneCurve& curve,
                                     std::span<const sim::Rock> rocks, float speed_factor) {
  sim::SwarmLightRequest r;
  r.bounds = geometry.bounds;
  r.width = geometry.width;
  r.height = geometry.height;
  r.margin = static_cast<std::uint32_t>(kLightMargin);
  r.blur_radius = static_cast<std::uint32_t>(kLightBlurRadius);
  r.blur_passes = static_cast<std::uint32_t>(kLightBlurPasses);
  r.heat_from_speed = kHeatFromSpeed * speed_factor;
  r.heat_full_speed = kHeatFullSpeed * speed_factor;
  r.heat_least_light = kHeatLeastLight;
  r.heat_levels = static_cast<std::uint32_t>(kHeatLevels);
  r.heat_byte_step = static_cast<std::uint32_t>(kHeatByteStep);
  r.tone = curve.table();
  r.tone_entries_per_density = curve.entries_per_density();
  r.rim_samples = rim_samples();
  r.rocks = rocks;
  return r;
}

}  // namespace meadow::stream
