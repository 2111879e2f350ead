#pragma once
// How big the swarm's world is for a count (docs/rules.md "The land · Growing and shrinking"): past
// a density of fireflies per meadow the world gains land, keeping the meadow's 16:9 shape, centred
// on the meadow, and never smaller than the meadow itself. The pace of the swarm follows from the
// width (docs/rules.md "The swarm · Pace").
#include <cstddef>

#include "sim/geometry.hpp"

namespace meadow::sim {

// Fireflies per meadow (1600 × 900 units) before the world grows
// (docs/rules.md "The land · Growing and shrinking"): on the CPU engine, and on the GPU engine,
// which runs eight times as many in the same land.
inline constexpr std::size_t kCpuFirefliesPerMeadow = 6000;
inline constexpr std::size_t kGpuFirefliesPerMeadow = 48000;

// The world for `count` fireflies at `per_meadow` fireflies per meadow: area = count /
// per_meadow meadows (at least one), the meadow's aspect, centred on the meadow.
[[nodiscard]] Rect world_for_count(std::size_t count, const Rect& meadow,
                                   std::size_t per_meadow = kCpuFirefliesPerMeadow);

// How many meadows wide a rectangle is (world or camera width / 1600).
[[nodiscard]] float meadows_wide(const Rect& r, const Rect& meadow);

}  // namespace meadow::sim
