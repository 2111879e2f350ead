#pragma once
// The plate's trails (docs/rules.md "The plate"): each bird's path over the recorded steps as its
// own polyline in plate units (the plate's side is 1), lifted where it crosses the seam (a step
// longer than half the plate is the torus wrapping), coloured from the plate's warm cosine ramp
// a + b·cos(2π(t + phase)) at t = 0.82 + hue × 0.24, each bird's hue its place among the birds.
#include <cstddef>
#include <vector>

#include "sim/plate/plate_flock.hpp"
#include "sim/trails.hpp"

namespace meadow::sim {

// The ramp's colour at `hue` (0 … 1).
[[nodiscard]] TrailColour plate_colour(double hue);

// What a recording gathers: each recorded step's positions of the first birds.
class PlatePathLog {
 public:
  explicit PlatePathLog(std::size_t birds) : points_(birds) {}
  // The positions of its birds after a step (those the plate still has).
  void add(const PlateBirds& birds);
  [[nodiscard]] std::size_t birds() const { return points_.size(); }
  // The trails: one per bird, ordered as the birds, each its pieces lifted at the seam.
  [[nodiscard]] std::vector<Trail> trails() const;

 private:
  std::vector<std::vector<Vec2>> points_;  // per bird
};

// A fresh study: the plate's scatter of `weights`' birds from its seed, `plan.warmup_steps` steps
// of warm-up, then `plan.steps` recorded, of the first `plan.count` birds (on this thread).
[[nodiscard]] std::vector<Trail> fresh_plate_trails(std::uint32_t birds, const PlateWeights& weights, TrailPlan plan);

}  // namespace meadow::sim
