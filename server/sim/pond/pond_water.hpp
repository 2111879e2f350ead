#pragma once
// The pond's water (docs/rules.md "The pond"): the meadow's own pond, the one every viewer's ground
// paints in the home meadow (web-viewer/src/render/land-features.ts, pondOf(0, 0)), grown here
// from the same seeded numbers so that the fish swim where the water is drawn: an ellipse of
// 120 × 74 world units whose shore wobbles at 14 points, with 5 to 9 lily pads on it. The water
// is the school's tank: the shore and the pads are its walls.
#include <array>
#include <cstdint>
#include <vector>

#include "sim/geometry.hpp"
#include "sim/random.hpp"

namespace meadow::sim {

struct LilyPad {
  double x = 0.0, y = 0.0, r = 0.0;  // world units
};

// Points round the shore, as the viewer's ground has them.
inline constexpr std::size_t kShorePoints = 14;

class PondWater {
 public:
  // The pond of the meadow `meadow` (its top right, far from the stump).
  explicit PondWater(const Rect& meadow);

  [[nodiscard]] Vec2 centre() const { return {static_cast<float>(cx_), static_cast<float>(cy_)}; }
  [[nodiscard]] double rx() const { return rx_; }
  [[nodiscard]] double ry() const { return ry_; }
  [[nodiscard]] const std::array<double, kShorePoints>& shore() const { return shore_; }
  [[nodiscard]] const std::vector<LilyPad>& pads() const { return pads_; }
  // The box the shore lies in, world units.
  [[nodiscard]] Rect bounds() const;

  // The shore's radius factor at angle `a` of the ellipse (radians), between the shore points.
  [[nodiscard]] double shore_at(double a) const;
  // Whether (x, y) is open water: inside the shore and on no lily pad.
  [[nodiscard]] bool in_water(double x, double y) const;
  // Whether a fish may be at (x, y): open water with a fish's clearance from the shore and the pads.
  [[nodiscard]] bool swimmable(double x, double y) const;
  // Away from the shore and the pads near (x, y): the sum of a unit vector from each obstacle
  // within `margin` world units, weighted 1 at the obstacle falling to 0 at the margin.
  [[nodiscard]] Vec2 away_from_obstacles(double x, double y, double margin) const;
  // The unit normal of the obstacle a point off the water has met, pointing out of the water
  // (where a velocity that carried a fish there is mirrored).
  [[nodiscard]] Vec2 outward_normal(double x, double y) const;
  // A swimmable point drawn from `random` for `entity` (tries its draws in order; the centre if
  // none lands, which the tests show cannot happen for the meadow's pond).
  [[nodiscard]] Vec2 random_point(const CounterRandom& random, std::uint64_t entity) const;

 private:
  // Where (x, y) lies in the ellipse's own terms: its angle and its radius as a share of rx, ry.
  void polar(double x, double y, double& angle, double& share) const;

  double cx_ = 0.0, cy_ = 0.0, rx_ = 0.0, ry_ = 0.0;
  std::array<double, kShorePoints> shore_{};
  std::vector<LilyPad> pads_;
};

// The viewer's land hash (web-viewer/src/util/hash-random.ts, hash2 and mulberry32), bit for bit:
// the ground grows the pond from these, so the water here is the water drawn.
[[nodiscard]] std::uint32_t land_hash2(std::int32_t a, std::int32_t b);
class LandRandom {
 public:
  explicit LandRandom(std::uint32_t seed) : s_(seed) {}
  [[nodiscard]] double next();  // [0, 1)

 private:
  std::uint32_t s_;
};

}  // namespace meadow::sim
