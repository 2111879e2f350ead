#pragma once
// The rocks' rim light, a service of the light (light_raster.hpp) any world with one may call: every
// rock gathers the light of the points around it, weighted by distance, and shows a rim of light
// on the side where they are. The light is read from the blurred density the raster has just made
// (the same map the viewer sees), in a ring of samples just outside the rock, so it costs a few
// hundred reads a rock however many points there are, and a GPU can do the same from its own
// density map. How far the ring reaches is the world's (its points' reach).
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "sim/land.hpp"
#include "sim/rim_light.hpp"
#include "stream/light_raster.hpp"

namespace meadow::stream {

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
using RimSamples = std::array<RimSample, kRimSamples>;
// Every rock's samples out to `reach` world units past its edge, direction by direction, the rings
// of each direction one after another: the same for every rock and frame (a world makes its table
// once; an engine that makes the light itself reads it too).
[[nodiscard]] RimSamples rim_samples(float reach);

// The rims of `rocks` from what each gathered (sums[i] for rocks[i]), as rock_rims gives them.
[[nodiscard]] std::vector<RockRim> rims_from_sums(std::span<const sim::Rock> rocks, std::span<const RimSums> sums,
                                                  const ToneCurve& curve);

// The rim of every rock that gathers any light over `samples`, from the density of the raster's
// last render over `geometry` (the geometry that render used). Rocks outside the raster gather
// nothing.
[[nodiscard]] std::vector<RockRim> rock_rims(const LightRaster& raster, const RasterGeometry& geometry,
                                             std::span<const sim::Rock> rocks, const RimSamples& samples);

}  // namespace meadow::stream
