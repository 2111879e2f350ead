#pragma once
// The checks every world's snapshot mapping makes of what it reads back (a damaged disk, or worse,
// can hand back anything): numbers finite, rectangles inside the largest land any world grows,
// speeds within a bound. A world's own checks (its counts, its settings) live with its mapping. A
// failed check throws std::invalid_argument naming what was wrong; recovery then falls back to
// the snapshot before.
#include <cstdint>
#include <string>

#include "meadow/v1/viewer.pb.h"
#include "sim/geometry.hpp"

namespace meadow::stream::snapshot_checks {

[[noreturn]] void damaged(const std::string& what);
[[nodiscard]] float finite(float value, const char* what);
[[nodiscard]] sim::Vec2 point(const v1::Vec2& p, const char* what);
// The largest world any world grows the land to: kMostLandMeadows meadows' area, the meadow's
// shape, centred on it. A world that grows the land proves in its tests that it stays inside.
inline constexpr double kMostLandMeadows = 2'000'000.0 / 6'000.0;
[[nodiscard]] const sim::Rect& largest_land();
// A point on the land: finite, and within a meadow of the largest land (what moves may stray
// just outside a world; nothing the meadow keeps is farther).
[[nodiscard]] sim::Vec2 land_point(const v1::Vec2& p, const char* what);
[[nodiscard]] sim::Vec2 land_point(float x, float y, const char* what);
// A speed of at most `most` (units a step), finite.
[[nodiscard]] sim::Vec2 velocity(float vx, float vy, float most, const char* what);
// A world, camera or pending world: finite, not inverted, inside the largest land.
[[nodiscard]] sim::Rect world_rect(const v1::Rect& r, const char* what);

}  // namespace meadow::stream::snapshot_checks
