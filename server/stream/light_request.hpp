#pragma once
// What the stream asks of an engine that makes the swarm's light itself (sim/swarm/swarm_light.hpp):
// the raster of LightRaster with every number of its rules, its tone table and the rims'
// samples, so the engine's light is this light and the numbers stay here.
#include <span>

#include "sim/land.hpp"
#include "sim/swarm/swarm_light.hpp"
#include "stream/light_raster.hpp"
#include "stream/tone_curve.hpp"

namespace meadow::stream {

// The request for a raster over `geometry` through `curve` (which must outlive the request's
// use), with the rims of `rocks`, the heat's speeds scaled by the swarm's speed setting.
[[nodiscard]] sim::SwarmLightRequest light_request(const RasterGeometry& geometry, const ToneCurve& curve,
                                                   std::span<const sim::Rock> rocks, float speed_factor = 1.0F);

}  // namespace meadow::stream
