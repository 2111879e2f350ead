#pragma once
// The direction of every heading step (mold_rules::kHeadingSteps a turn), computed once, so that
// agents sense, turn and move by table lookups instead of sin and cos.
#include <array>
#include <cmath>
#include <cstdint>

#include "sim/geometry.hpp"
#include "sim/mold/mold_rules.hpp"

namespace meadow::sim {

struct MoldDirections {
  std::array<float, mold_rules::kHeadingSteps> cos{};
  std::array<float, mold_rules::kHeadingSteps> sin{};
};

[[nodiscard]] inline const MoldDirections& mold_directions() {
  static const MoldDirections table = [] {
    MoldDirections t;
    for (std::uint32_t h = 0; h < mold_rules::kHeadingSteps; ++h) {
      const double angle = static_cast<double>(h) * static_cast<double>(kTau) / mold_rules::kHeadingSteps;
      t.cos[h] = static_cast<float>(std::cos(angle));
      t.sin[h] = static_cast<float>(std::sin(angle));
    }
    return t;
  }();
  return table;
}

// Heading steps of an angle in degrees, rounded.
[[nodiscard]] inline std::uint32_t heading_steps_of(float degrees) {
  return static_cast<std::uint32_t>(std::lround(degrees / 360.0F * static_cast<float>(mold_rules::kHeadingSteps)));
}

}  // namespace meadow::sim
