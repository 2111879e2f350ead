#pragma once
// Fireflies put exactly where a stream test wants them, as the arrays a SwarmView reads: for the
// light raster and rock-rim tests, which need a handful of fireflies at chosen spots, not a swarm.
#include <vector>

#include "sim/geometry.hpp"
#include "sim/land.hpp"
#include "sim/swarm/swarm_engine.hpp"

namespace meadow::testing {

// One meadow (1600 × 900 units), the world the stream tests raster.
inline constexpr sim::Rect kOneMeadow{0.0F, 0.0F, sim::kMeadowWidth, sim::kMeadowHeight};

struct PlacedFireflies {
  // A speed that makes no heat (docs/rules.md "The swarm · Light": only hurried fireflies
  // burn whiter), units per step.
  static constexpr float kCruise = 2.0F;

  std::vector<float> x, y, vx, vy;
  // One firefly at (px, py) flying east at `speed`.
  void add(float px, float py, float speed = 0.0F) {
    x.push_back(px);
    y.push_back(py);
    vx.push_back(speed);
    vy.push_back(0.0F);
  }
  // n fireflies at cruising speed, 2 units apart in rows of 5, around (cx, cy).
  void patch(float cx, float cy, int n) {
    for (int i = 0; i < n; ++i) {
      add(cx + static_cast<float>(i % 5) * 2.0F - 4.0F, cy + static_cast<float>(i / 5) * 2.0F - 4.0F, kCruise);
    }
  }
  [[nodiscard]] sim::SwarmView view() const { return {x, y, vx, vy}; }
};

}  // namespace meadow::testing
