#pragma once
// Separation and personal space, one by one (SPEC §2): the only rules that still look at
// neighbours individually; alignment and cohesion come from sums over squares
// (square_window.hpp). The grid's cells are one separation distance wide, so everyone closer
// than 8 units lies in the 3 × 3 cells around a firefly.
//
// The fireflies are sorted by cell, so the 3 × 3 cells are three contiguous runs of the sorted
// arrays, read in place in blocks of kLanes; lanes past a run's end are masked to far-away points.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <span>

#include "sim/swarm/cell_grid.hpp"
#include "sim/swarm/lanes.hpp"
#include "sim/swarm/steering.hpp"
#include "sim/swarm/swarm_rules.hpp"

namespace meadow::sim {

// The fireflies as the walks read them: sorted by cell (see CellGrid::sort).
struct SortedFireflies {
  std::span<const float> x;
  std::span<const float> y;
  std::span<const float> vx;
  std::span<const float> vy;
};

class SeparationWalk {
 public:
  // Candidates are taken this many at a time, one vector register, each lane with its own partial
  // sums. Float sums are not associative: the lanes are added up in one fixed order at the end, so
  // the result depends only on the (deterministic) memory order.
  static constexpr std::size_t kLanes = lanes::kWidth;
  // A row's three cells with at most this many fireflies are read as two blocks, masked, with no
  // loop: a flocked swarm holds about 14 in the 3 × 3 cells, so this is the usual case, and a
  // loop of varying length would cost a mispredicted branch a row.
  static constexpr std::size_t kShortRow = 2 * kLanes;

  // Chooses the 3 × 3 cells around cell (column, row). The fireflies are sorted by cell, row by
  // row, so the cells of one row within reach are one contiguous range of places in the sorted
  // arrays: they are read where they are, not copied.
  void select(const CellGrid& grid, std::uint32_t column, std::uint32_t row) {
    const std::uint32_t col_lo = column > 0 ? column - 1 : 0;
    const std::uint32_t col_hi = std::min(column + 1, grid.columns() - 1);
    const std::uint32_t row_lo = row > 0 ? row - 1 : 0;
    const std::uint32_t row_hi = std::min(row + 1, grid.rows() - 1);
    rows_ = row_hi - row_lo + 1;
    for (std::uint32_t k = 0; k < rows_; ++k) {
      const std::size_t base = std::size_t{row_lo + k} * grid.columns();
      begin_[k] = grid.start(base + col_lo);
      end_[k] = grid.start(base + col_hi + 1);
    }
  }

  // The separation and personal-space sums of a firefly at (px, py) in the selected cell
  // (steering::NeighbourSums' separate_* and personal_*). Itself and anyone on the very same
  // spot add nothing: they give no direction (their nudges differ, so next step they do).
  void add_pushes(const SortedFireflies& f, float px, float py, steering::NeighbourSums& sums) const {
    namespace r = swarm_rules;
    using lanes::F4;
    using lanes::I4;
    const F4 own_x = lanes::splat(px);
    const F4 own_y = lanes::splat(py);
    const F4 min_d2 = lanes::splat(kMinDistance2);
    const F4 far = lanes::splat(kFarAway);
    const F4 zero{};
    F4 sep_x{}, sep_y{}, per_x{}, per_y{};
    const auto push = [&](F4 x, F4 y) {
      const F4 dx = x - own_x;
      const F4 dy = y - own_y;
      const F4 d2 = dx * dx + dy * dy;
      // (1 − d/reach)/d = 1/d − 1/reach along (dx, dy): away, harder the closer, 0 beyond.
      // At d = 0 the capped inverse meets dx = dy = 0 and adds nothing.
      const F4 inv_d = 1.0F / lanes::sqrt(lanes::max(d2, min_d2));
      const F4 separate = lanes::max(zero, inv_d - 1.0F / r::kSeparationDistance);
      const F4 personal = lanes::max(zero, inv_d - 1.0F / r::kPersonalSpace);
      sep_x -= dx * separate;
      sep_y -= dy * separate;
      per_x -= dx * personal;
      per_y -= dy * personal;
    };
    // A block of lanes from place `at`, the lanes from `live` on far away (they belong to other
    // cells, or lie past the arrays' end, which is never read).
    const float* const xs = f.x.data();
    const float* const ys = f.y.data();
    const std::size_t n = f.x.size();
    const auto masked = [&](std::size_t at, std::size_t live) {
      const I4 keep = kLaneIndex < static_cast<std::int32_t>(live);
      if (at + kLanes <= n) {
        push(lanes::select(keep, lanes::load(xs + at), far), lanes::select(keep, lanes::load(ys + at), far));
        return;
      }
      F4 x = far;
      F4 y = far;
      for (std::size_t l = 0; l < live; ++l) {
        x[l] = xs[at + l];
        y[l] = ys[at + l];
      }
      push(x, y);
    };
    for (std::uint32_t k = 0; k < rows_; ++k) {
      const std::size_t begin = begin_[k];
      const std::size_t len = end_[k] - begin;
      if (len <= kShortRow) {
        masked(begin, std::min(len, kLanes));
        masked(begin + kLanes, len > kLanes ? len - kLanes : 0);
        continue;
      }
      std::size_t j = begin;
      for (; j + kLanes <= end_[k]; j += kLanes) push(lanes::load(xs + j), lanes::load(ys + j));
      if (j < end_[k]) masked(j, end_[k] - j);
    }
    const F4 total = lanes::sums(sep_x, sep_y, per_x, per_y);
    sums.separate_x += total[0];
    sums.separate_y += total[1];
    sums.personal_x += total[2];
    sums.personal_y += total[3];
  }

 private:
  // A point so far away that it adds exactly nothing (units).
  static constexpr float kFarAway = 1e9F;
  // Distances below 10⁻⁶ units count as 10⁻⁶, so the inverse stays finite (units²).
  static constexpr float kMinDistance2 = 1e-12F;
  static constexpr lanes::I4 kLaneIndex{0, 1, 2, 3};
  static_assert(kLanes == 4, "kLaneIndex names four lanes");

  std::array<std::uint32_t, 3> begin_{};
  std::array<std::uint32_t, 3> end_{};
  std::uint32_t rows_ = 0;
};

}  // namespace meadow::sim
