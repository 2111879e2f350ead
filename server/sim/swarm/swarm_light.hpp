#pragma once
// The swarm's light made where the fireflies live (docs/gpu.md). The stream
// rasters the light (stream/light_raster.hpp) from SwarmEngine::view(); an engine that keeps its
// fireflies on a device can answer SwarmEngine::light() instead, so only the raster and the
// rocks' rim sums cross back, never the fireflies. The request carries every number of the
// stream's rules (the stream fills it: stream::swarm_light_request), so the engine holds none of
// its own.
#include <cstdint>
#include <span>

#include "sim/geometry.hpp"
#include "sim/land.hpp"
#include "sim/rim_light.hpp"

namespace meadow::sim {

struct SwarmLightRequest {
  Rect bounds;                // world units the raster covers
  std::uint32_t width = 0;    // pixels sent
  std::uint32_t height = 0;
  std::uint32_t margin = 0;   // pixels splatted and blurred around the raster, not sent
  std::uint32_t blur_radius = 0;  // pixels: each box pass is 2 · radius + 1 wide
  std::uint32_t blur_passes = 0;  // box passes, alternately along rows and columns
  float heat_from_speed = 0.0F;   // units per step: the heat's smooth step begins here …
  float heat_full_speed = 0.0F;   // … and is 1 here
  float heat_least_light = 0.0F;  // fireflies per pixel: less light than this sends no heat
  std::uint32_t heat_levels = 0;  // levels of heat, spread over 0 … 255 …
  std::uint32_t heat_byte_step = 0;  // … this many bytes apart
  std::span<const std::uint8_t> tone;  // intensity per table entry
  float tone_entries_per_density = 0.0F;
  std::span<const RimSample> rim_samples;  // the same for every rock
  std::span<const Rock> rocks;
};

// The answer: planes of width × height bytes (intensity, then heat), and what each rock of the
// request gathered. Valid until the engine's next step or light().
struct SwarmLightFrame {
  std::span<const std::uint8_t> raster;
  std::span<const RimSums> rim_sums;
};

}  // namespace meadow::sim
