#pragma once
// The checks every world's snapshot mapping makes of what it reads back (a damaged disk, or worse,
// can hand back anything): numbers finite, rectangles inside the largest world a swarm makes,
// counts within what an engine holds. A failed check throws std::invalid_argument naming what was
// wrong; recovery then falls back to the snapshot before.
#include <cstdint>
#include <string>

#include "meadow/v1/viewer.pb.h"
#include "sim/geometry.hpp"

namespace meadow::stream::snapshot_checks {

[[noreturn]] void damaged(const std::string& what);
[[nodiscard]] float finite(float value, const char* what);
[[nodiscard]] sim::Vec2 point(const v1::Vec2& p, const char* what);
// A point on the land: finite, and within a meadow of the largest world a swarm makes (fireflies
// in transit fly just outside a world; nothing the meadow keeps is farther).
[[nodiscard]] sim::Vec2 land_point(const v1::Vec2& p, const char* what);
[[nodiscard]] sim::Vec2 land_point(float x, float y, const char* what);
// A speed of at most `most` (units a step), finite.
[[nodiscard]] sim::Vec2 velocity(float vx, float vy, float most, const char* what);
// The swarm's speed setting: within swarm_rules' range (the engines' fixed-point sums count on it).
[[nodiscard]] float speed_factor(float factor, const char* what);
// A world, camera or pending world: finite, not inverted, inside the world of the most
// fireflies the CPU engine holds (the largest any engine makes).
[[nodiscard]] sim::Rect world_rect(const v1::Rect& r, const char* what);
// A count of fireflies: at most what the CPU engine holds.
[[nodiscard]] std::size_t firefly_count(std::uint64_t count, const char* what);

}  // namespace meadow::stream::snapshot_checks
