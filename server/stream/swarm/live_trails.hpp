#pragma once
// The live trails layer's positions (issue 30): where a few hundred of the swarm's fireflies are
// now, always the same ones while they fly (sim/swarm/trail_choice.hpp), quantised over the
// world, for the viewer to draw their fading paths. A small, bounded message sent after each swarm
// frame only to the viewers that watch trails.
#include <cstddef>
#include <cstdint>

#include "meadow/v1/viewer.pb.h"
#include "sim/geometry.hpp"
#include "sim/swarm/swarm_engine.hpp"

namespace meadow::stream {

// Fireflies the layer follows: a few hundred paths read as trails without hiding the light, and
// 256 × about 7 bytes keeps the message under 2 kB (60 kB/s at 30 frames a second).
inline constexpr std::size_t kLiveTrailCount = 256;
// A quantised position: 0 … 65535 across the world on each axis.
inline constexpr float kTrailPointSteps = 65535.0F;

// Fills `out` with the chosen fireflies of `swarm` in `world` (ids ascending), for frame `frame`.
void fill_trail_points(const sim::SwarmEngine& swarm, std::uint64_t seed, const sim::Rect& world,
                       std::uint64_t frame, std::uint64_t tick, v1::TrailPoints& out);

// A packed position's point in `world` (the viewer's decoding, for tests).
[[nodiscard]] sim::Vec2 trail_point(std::uint32_t packed, const sim::Rect& world);

}  // namespace meadow::stream
