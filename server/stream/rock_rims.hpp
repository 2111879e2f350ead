#pragma once
// The rocks' rim light (docs/rules.md "The swarm · Light"): every rock gathers the light of the
// fireflies around it, weighted by distance, and shows a rim of light on the side where they are.
// The light is read from the blurred density the raster has just made (the same map the viewer
// sees), in a ring of samples just outside the rock, so it costs a few hundred reads a rock
// whatever the swarm's size, and a GPU can do the same from its own density map.
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "sim/land.hpp"
#include "sim/swarm/swarm_light.hpp"
#include "stream/light_raster.hpp"

namespace meadow::stream {

// How far past a rock's edge it gathers light, world units: about a firefly's sight (28 units:
// docs/rules.md "The swarm · Sight and the three rules"), so the rim answers to the fireflies that
// are visibly about the rock.
inline constexpr float kRimReach = 28.0F;
// Sample directions around the rock and rings of samples across the reach.
inline constexpr int kRimDirections = 32;
inline constexpr int kRimRings = 4;
// Rims dimmer than this (0..1) are not sent: nothing to see.
inline constexpr float kRimFaintest = 1.0F / 255.0F;

struct RockRim {
  std::uint32_t rock_id = 0;
  // Where the light is, radians from the rock's centre: 0 = +x (east), π/2 = +y (south, y grows
  // downwards).
  float angle = 0.0F;
  // How bright the rim is, 0..1: the gathered density through the raster's tone curve.
  float strength = 0.0F;
  // How one-sided the light is, 0 (the same all round) … 1 (all from one direction).
  float focus = 0.0F;
  friend bool operator==(const RockRim&, const RockRim&) = default;
};

using sim::RimSample;
using sim::RimSums;
inline constexpr int kRimSamples = kRimDirections * kRimRings;
// Every rock's samples, direction by direction, the rings of each direction one after another:
// the same for every rock and frame (an engine that makes the light itself reads this table too).
[[nodiscard]] const std::array<RimSample, kRimSamples>& rim_samples();

// The rims of `rocks` from what each gathered (sums[i] for rocks[i]), as rock_rims gives them.
[[nodiscard]] std::vector<RockRim> rims_from_sums(std::span<const sim::Rock> rocks, std::span<const RimSums> sums,
                                                  const ToneCurve& curve);

// The rim of every rock that gathers any light, from the density of the raster's last render
// over `geometry` (the geometry that render used). Rocks outside the raster gather nothing.
[[nodiscard]] std::vector<RockRim> rock_rims(const LightRaster& raster, const RasterGeometry& geometry,
                                             std::span<const sim::Rock> rocks);

}  // namespace meadow::stream
