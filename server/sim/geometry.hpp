#pragma once
// Plain geometry in world units (one meadow is 1600 × 900; x grows to the right, y downwards).
#include <cmath>
#include <numbers>

namespace meadow::sim {

// A full turn (radians).
inline constexpr float kTau = 2.0F * std::numbers::pi_v<float>;

struct Vec2 {
  float x = 0.0F;
  float y = 0.0F;
  friend constexpr bool operator==(Vec2, Vec2) = default;
};

// Compare squared distances where only "within r" matters: no square root.
[[nodiscard]] constexpr float distance_squared(Vec2 a, Vec2 b) {
  return (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y);
}
// Plain sqrt, not std::hypot: world coordinates are far from overflow, and hypot is several
// times slower.
[[nodiscard]] inline float distance(Vec2 a, Vec2 b) { return std::sqrt(distance_squared(a, b)); }

struct Rect {
  float x = 0.0F;
  float y = 0.0F;
  float width = 0.0F;
  float height = 0.0F;

  [[nodiscard]] constexpr float right() const { return x + width; }
  [[nodiscard]] constexpr float bottom() const { return y + height; }
  [[nodiscard]] constexpr Vec2 center() const { return {x + width * 0.5F, y + height * 0.5F}; }
  [[nodiscard]] constexpr bool contains(Vec2 p) const {
    return p.x >= x && p.x <= right() && p.y >= y && p.y <= bottom();
  }
  friend constexpr bool operator==(const Rect&, const Rect&) = default;
};

}  // namespace meadow::sim
