#include "sim/swarm/cell_grid.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace meadow::sim {

void CellGrid::configure(const Rect& world, float cell_size) {
  assert(cell_size > 0.0F && world.width > 0.0F && world.height > 0.0F);
  origin_ = {world.x, world.y};
  cell_size_ = cell_size;
  inv_cell_ = 1.0F / cell_size;
  columns_ = std::max(1U, static_cast<std::uint32_t>(std::ceil(world.width * inv_cell_)));
  rows_ = std::max(1U, static_cast<std::uint32_t>(std::ceil(world.height * inv_cell_)));
}

void CellGrid::sort(std::span<const std::uint32_t> cells, std::vector<std::uint32_t>& order) {
  const std::size_t n_cells = cell_count();
  // Count per cell, shifted by one so that the prefix sum leaves each cell's start in place.
  starts_.assign(n_cells + 1, 0U);
  for (const std::uint32_t c : cells) {
    assert(c < n_cells);
    ++starts_[c + 1];
  }
  for (std::size_t c = 0; c < n_cells; ++c) starts_[c + 1] += starts_[c];
  // Scatter in the old order, which makes the sort stable.
  cursor_.assign(starts_.begin(), starts_.end() - 1);
  order.resize(cells.size());
  for (std::size_t i = 0; i < cells.size(); ++i) {
    order[cursor_[cells[i]]++] = static_cast<std::uint32_t>(i);
  }
}

}  // namespace meadow::sim
