#include "sim/swarm/world_size.hpp"

#include <cmath>

namespace meadow::sim {

Rect world_for_count(std::size_t count, const Rect& meadow, std::size_t per_meadow) {
  const double meadows = static_cast<double>(count) / static_cast<double>(per_meadow);
  if (meadows <= 1.0) return meadow;
  // Area scales by `meadows`, so each side by its square root.
  const auto scale = static_cast<float>(std::sqrt(meadows));
  const float width = meadow.width * scale;
  const float height = meadow.height * scale;
  const Vec2 mid = meadow.center();
  return {mid.x - 0.5F * width, mid.y - 0.5F * height, width, height};
}

float meadows_wide(const Rect& r, const Rect& meadow) { return r.width / meadow.width; }

}  // namespace meadow::sim
