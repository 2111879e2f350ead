#pragma once
// The swarm's light (docs/rules.md "The swarm · Light"): its fireflies through the shared light
// service (stream/light_raster.hpp, light_exposure.hpp, rock_rims.hpp) by the swarm's own rules —
// which fireflies burn whiter, the exposure's range, how far a rock's rim gathers — and what the
// stream asks of an engine that makes the light itself (sim/swarm/swarm_light.hpp): the raster of
// LightRaster with every number of its rules, its tone table and the rims' samples, so the
// engine's light is this light and the numbers stay here.
#include <cstdint>
#include <span>
#include <vector>

#include "sim/land.hpp"
#include "sim/swarm/swarm_engine.hpp"
#include "sim/swarm/swarm_light.hpp"
#include "sim/swarm/swarm_rules.hpp"
#include "stream/light_exposure.hpp"
#include "stream/light_raster.hpp"
#include "stream/rock_rims.hpp"
#include "stream/tone_curve.hpp"

namespace meadow::stream {

// A firefly starts to burn whiter above 2.6 units a step and is at full heat at the top of the
// speed band. A flocked swarm cruises at about 2.2 units a step (p90 2.5, p99 3.0, measured on
// 6,000 fireflies after 600 steps), so only the fireflies being hurried — by a predator, a rock,
// an edge, a crowd — show: "panic ripples visibly".
inline constexpr HeatBand kSwarmHeat{2.6F, sim::swarm_rules::kMaxSpeed};  // units/step

// How hot a firefly burns, 0 … 1, from its speed in units per step (heat_of over kSwarmHeat).
[[nodiscard]] float firefly_heat(float speed);

// The exposure's range, fireflies a light pixel: never so bright that a sparse handful burns
// white, never so dark that a million flatten out. With a fixed full density (8 fireflies a
// pixel) the default 5,000 fireflies never passed 0.7 of the range, and a million saturated.
inline constexpr ExposureRange kSwarmExposure{0.6F, 64.0F};

// How far past a rock's edge it gathers light, world units: about a firefly's sight (28 units:
// docs/rules.md "The swarm · Sight and the three rules"), so the rim answers to the fireflies that
// are visibly about the rock.
inline constexpr float kSwarmRimReach = 28.0F;
// The rims' samples at that reach (made once).
[[nodiscard]] const RimSamples& swarm_rim_samples();

// The fireflies as the points the light service rasters.
[[nodiscard]] LightPoints firefly_points(const sim::SwarmView& fireflies);

// `raster` rendering the fireflies at the swarm's heat band; `speed_factor` is the swarm's speed
// setting (SwarmWeights::speed), so the band's fastest burn whiter at any setting.
std::span<const std::uint8_t> render_fireflies(LightRaster& raster, const sim::SwarmView& fireflies,
                                               const RasterGeometry& geometry, float speed_factor = 1.0F);

// The rims of `rocks` from the raster's last render of the fireflies.
[[nodiscard]] std::vector<RockRim> firefly_rock_rims(const LightRaster& raster, const RasterGeometry& geometry,
                                                     std::span<const sim::Rock> rocks);

// The request for a raster over `geometry` through `curve` (which must outlive the request's
// use), with the rims of `rocks`, the heat's speeds scaled by the swarm's speed setting.
[[nodiscard]] sim::SwarmLightRequest swarm_light_request(const RasterGeometry& geometry, const ToneCurve& curve,
                                                         std::span<const sim::Rock> rocks,
                                                         float speed_factor = 1.0F);

}  // namespace meadow::stream
