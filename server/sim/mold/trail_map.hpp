#pragma once
// The mold's trail map (docs/mold.md "The model"): cells of fixed-point trail
// (mold_rules::kTrailOne = 1.0) that cover the meadow and wrap at its edges (a torus). Row-major,
// top row first.
#include <cstdint>
#include <span>

#include "sim/geometry.hpp"
#include "sim/mold/mold_rules.hpp"

namespace meadow::sim {

struct MapSize {
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  [[nodiscard]] constexpr std::uint32_t cells() const { return width * height; }
  friend bool operator==(const MapSize&, const MapSize&) = default;
};

// The 16:9 map `width` cells wide.
[[nodiscard]] constexpr MapSize map_of_width(std::uint32_t width) {
  return MapSize{width, width * mold_rules::kMapAspectHigh / mold_rules::kMapAspectWide};
}

// A read-only view of a trail map; valid until its engine's next step.
struct TrailView {
  MapSize size;
  std::span<const std::uint16_t> cells;  // size.cells() values, 0 … kTrailOne
  [[nodiscard]] std::uint16_t at(std::uint32_t x, std::uint32_t y) const { return cells[y * size.width + x]; }
};

// What a cell of the map is besides its trail.
enum class CellKind : std::uint8_t {
  open = 0,
  wall = 1,   // under a rock: never entered, its sensors read it as empty and it holds no trail
};

// Where the map lies on the meadow: world units ↔ cells.
struct MapPlacement {
  Rect meadow;
  MapSize size;
  [[nodiscard]] float cell_width() const { return meadow.width / static_cast<float>(size.width); }
  [[nodiscard]] float cell_height() const { return meadow.height / static_cast<float>(size.height); }
  // Cell coordinates (continuous: cell (i, j) spans [i, i + 1) × [j, j + 1)).
  [[nodiscard]] Vec2 to_cells(Vec2 p) const {
    return Vec2{(p.x - meadow.x) / cell_width(), (p.y - meadow.y) / cell_height()};
  }
  [[nodiscard]] Vec2 to_world(Vec2 cells) const {
    return Vec2{meadow.x + cells.x * cell_width(), meadow.y + cells.y * cell_height()};
  }
};

}  // namespace meadow::sim
