#include "sim/plate/plate_trails.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "sim/plate/plate_rules.hpp"

namespace meadow::sim {

namespace {

// The ramp (docs/rules.md "The plate"): a, b and the phase per channel, and the span of t.
constexpr double kRampA[3] = {0.46, 0.4185, 0.1389};
constexpr double kRampB[3] = {0.5, 0.4549, 0.151};
constexpr double kRampPhase[3] = {0.0, 0.05, 0.1};
constexpr double kRampStart = 0.82;
constexpr double kRampSpan = 0.24;
// A step longer than this (plate units, either axis) is the torus wrapping: the line is lifted.
constexpr float kSeamJump = 0.5F;

}  // namespace

TrailColour plate_colour(double hue) {
  const double t = kRampStart + std::clamp(hue, 0.0, 1.0) * kRampSpan;
  TrailColour c{};
  for (std::size_t i = 0; i < c.size(); ++i) {
    c[i] = static_cast<float>(std::clamp(kRampA[i] + kRampB[i] * std::cos(2.0 * std::numbers::pi * (t + kRampPhase[i])), 0.0, 1.0));
  }
  return c;
}

void PlatePathLog::add(const PlateBirds& birds) {
  const std::size_t n = std::min(points_.size(), birds.size());
  for (std::size_t i = 0; i < n; ++i) points_[i].push_back(Vec2{static_cast<float>(birds.x[i]), static_cast<float>(birds.y[i])});
}

std::vector<Trail> PlatePathLog::trails() const {
  std::vector<Trail> out;
  const std::size_t n = points_.size();
  for (std::size_t i = 0; i < n; ++i) {
    Trail t;
    t.id = static_cast<std::uint32_t>(i);
    t.colour = plate_colour(n > 1 ? static_cast<double>(i) / static_cast<double>(n - 1) : 0.0);
    std::vector<Vec2> piece;
    for (const Vec2& p : points_[i]) {
      if (!piece.empty() && (std::abs(p.x - piece.back().x) > kSeamJump || std::abs(p.y - piece.back().y) > kSeamJump)) {
        if (piece.size() >= 2) t.pieces.push_back(std::move(piece));
        piece.clear();
      }
      piece.push_back(p);
    }
    if (piece.size() >= 2) t.pieces.push_back(std::move(piece));
    if (!t.pieces.empty()) out.push_back(std::move(t));
  }
  return out;
}

std::vector<Trail> fresh_plate_trails(std::uint32_t birds, const PlateWeights& weights, TrailPlan plan) {
  PlateBirds plate = scatter_birds(birds, plate_rules::kSeed);
  SerialFor serial;
  for (std::uint32_t s = 0; s < plan.warmup_steps; ++s) step_birds(plate, weights, serial);
  PlatePathLog log(std::min<std::size_t>(plan.count, plate.size()));
  log.add(plate);  // where the recording starts
  for (std::uint32_t s = 0; s < plan.steps; ++s) {
    step_birds(plate, weights, serial);
    log.add(plate);
  }
  return log.trails();
}

}  // namespace meadow::sim
