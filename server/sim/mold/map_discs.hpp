#pragma once
// The cells of the mold's map inside a disc: a cell is inside when its centre (i + 0.5, j + 0.5)
// lies within `radius` of `center` (both in cells). The tools' discs reach across the map's wrap
// (it is a torus); a rock's disc stops at the map's edge (the meadow does not wrap for rocks).
#include <cmath>
#include <cstdint>

#include "sim/geometry.hpp"
#include "sim/mold/trail_map.hpp"

namespace meadow::sim {

enum class DiscEdges : std::uint8_t { wrap, clip };

// Calls visit(cell) (the row-major index) for every cell inside the disc, each once.
template <typename Visit>
void for_each_cell_in_disc(MapSize size, Vec2 center, float radius, DiscEdges edges, Visit&& visit) {
  const auto w = static_cast<std::int64_t>(size.width);
  const auto h = static_cast<std::int64_t>(size.height);
  auto x0 = static_cast<std::int64_t>(std::floor(center.x - radius));
  auto x1 = static_cast<std::int64_t>(std::floor(center.x + radius));
  auto y0 = static_cast<std::int64_t>(std::floor(center.y - radius));
  auto y1 = static_cast<std::int64_t>(std::floor(center.y + radius));
  if (edges == DiscEdges::clip) {
    x0 = x0 < 0 ? 0 : x0;
    y0 = y0 < 0 ? 0 : y0;
    x1 = x1 > w - 1 ? w - 1 : x1;
    y1 = y1 > h - 1 ? h - 1 : y1;
  }
  // Across the wrap a disc wider than the map visits each cell once: at most a map's extent.
  for (std::int64_t y = y0; y <= y1 && y - y0 < h; ++y) {
    for (std::int64_t x = x0; x <= x1 && x - x0 < w; ++x) {
      const float dx = static_cast<float>(x) + 0.5F - center.x;
      const float dy = static_cast<float>(y) + 0.5F - center.y;
      if (dx * dx + dy * dy > radius * radius) continue;
      visit(static_cast<std::uint32_t>(((y % h + h) % h) * w + ((x % w + w) % w)));
    }
  }
}

}  // namespace meadow::sim
