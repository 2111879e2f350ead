#pragma once
// How the land pushes a flier away from its rocks and its edges (docs/rules.md "The land · Tiles
// and rocks"), as pure functions of one position: one place for every world whose movers
// fly over the land, so that a rock and an edge push alike wherever they fly.
#include <cmath>
#include <span>

#include "sim/geometry.hpp"
#include "sim/land.hpp"

namespace meadow::sim::land_push {

// --- Rocks: push away a flier within this distance of a rock's edge, harder the closer ----------
inline constexpr float kRockReach = 26.0F;  // units from the rock's edge
// Push at the edge of the rock (units/step²); it falls off with the square of the distance, so it
// is gentle at the reach and, near the rim, stronger than any speed a flier keeps can overcome.
inline constexpr float kRockStrength = 3.0F;

// --- Edges: push back softly over the last stretch of the land ---------------------------------
inline constexpr float kEdgeMargin = 70.0F;  // units from the edge
// Push at the very edge (units/step²), falling off with the square of the distance to
// kEdgeMargin: soft far out, and past about 16 units from the edge stronger than the slowest
// flier's speed, so even one flying straight at the edge turns before it reaches it.
inline constexpr float kEdgeStrength = 3.0F;

// Push away from every rock whose edge is within kRockReach, growing with the square of the
// closeness (units/step²). A flier inside a rock (a rock placed on it) is pushed out hardest.
[[nodiscard]] inline Vec2 rock_push(Vec2 p, std::span<const Rock> rocks) {
  Vec2 a;
  for (const Rock& rock : rocks) {
    const float dx = p.x - rock.center.x;
    const float dy = p.y - rock.center.y;
    const float reach = rock.radius + kRockReach;
    const float d2 = dx * dx + dy * dy;
    if (d2 >= reach * reach) continue;
    const float d = std::sqrt(d2);
    const float closeness = 1.0F - (d - rock.radius) * (1.0F / kRockReach);  // 0 … 1 (> 1 inside)
    const float push = kRockStrength * closeness * closeness;
    if (d > 0.0F) {
      a.x += dx / d * push;
      a.y += dy / d * push;
    } else {
      a.x += push;  // exactly at the centre: any way out will do, this one is deterministic
    }
  }
  return a;
}

// The soft push of the edges over their last kEdgeMargin units (units/step²).
[[nodiscard]] inline float edge_push_1d(float p, float low, float high) {
  float a = 0.0F;
  const float from_low = p - low;
  if (from_low < kEdgeMargin) {
    const float c = 1.0F - from_low * (1.0F / kEdgeMargin);
    a += kEdgeStrength * c * c;
  }
  const float from_high = high - p;
  if (from_high < kEdgeMargin) {
    const float c = 1.0F - from_high * (1.0F / kEdgeMargin);
    a -= kEdgeStrength * c * c;
  }
  return a;
}
[[nodiscard]] inline Vec2 edge_push(Vec2 p, const Rect& bounds) {
  return {edge_push_1d(p.x, bounds.x, bounds.right()), edge_push_1d(p.y, bounds.y, bounds.bottom())};
}

}  // namespace meadow::sim::land_push
