#pragma once
// Neighbour search of the CPU swarm, issue 2's version: a firefly walks every firefly in the
// cells around it that its circle of view touches and gathers what the rules need. Issue 3 keeps
// this walk for separation and personal space only and takes alignment and cohesion from sums
// over 4-unit squares instead (SPEC §2).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <span>

#include "sim/swarm/cell_grid.hpp"
#include "sim/swarm/steering.hpp"
#include "sim/swarm/swarm_rules.hpp"

namespace meadow::sim {

// The fireflies as the walk reads them: sorted by cell (see CellGrid::sort).
struct SortedFireflies {
  std::span<const float> x;
  std::span<const float> y;
  std::span<const float> vx;
  std::span<const float> vy;
};

namespace detail {

// Candidates are taken kLanes at a time, each lane with its own partial sums, so the compiler
// can keep a block in vector registers. Float sums are not associative: the lanes are added up
// in one fixed order at the end, which keeps the result independent of threads and of anything
// but the (deterministic) memory order.
inline constexpr std::size_t kLanes = 8;

struct LaneSums {
  std::array<float, kLanes> seen{}, vx{}, vy{}, dx{}, dy{}, sep_x{}, sep_y{}, per_x{}, per_y{};

  // Candidates [j, j + count) (count ≤ kLanes), candidate k in lane k. Everything is computed
  // and masked rather than branched on: "is it in view" is a coin toss a branch predictor would
  // lose, and straight-line code lets the compiler use vector registers.
  void add_block(const SortedFireflies& f, std::uint32_t j, std::size_t count, float px, float py) {
    namespace r = swarm_rules;
    const float* const x = f.x.data() + j;
    const float* const y = f.y.data() + j;
    const float* const fvx = f.vx.data() + j;
    const float* const fvy = f.vy.data() + j;
    for (std::size_t lane = 0; lane < count; ++lane) {
      const float ddx = x[lane] - px;
      const float ddy = y[lane] - py;
      const float d2 = ddx * ddx + ddy * ddy;
      const float in_view = d2 < r::kPerception * r::kPerception ? 1.0F : 0.0F;
      seen[lane] += in_view;
      vx[lane] += in_view * fvx[lane];
      vy[lane] += in_view * fvy[lane];
      dx[lane] += in_view * ddx;
      dy[lane] += in_view * ddy;
      // Away from it, harder the closer: (1 − d/reach) along the unit vector, 0 beyond the
      // reach. A firefly on the very same spot has no direction and adds nothing (the huge
      // inverse meets ddx = ddy = 0); their nudges differ (keyed by id), so next step it has one.
      const float d = std::sqrt(d2);
      const float inv_d = 1.0F / std::max(d, 1e-30F);
      const float separate = std::max(0.0F, 1.0F - d * (1.0F / r::kSeparationDistance)) * inv_d;
      sep_x[lane] -= ddx * separate;
      sep_y[lane] -= ddy * separate;
      const float personal = std::max(0.0F, 1.0F - d * (1.0F / r::kPersonalSpace)) * inv_d;
      per_x[lane] -= ddx * personal;
      per_y[lane] -= ddy * personal;
    }
  }

  void add_range(const SortedFireflies& f, std::uint32_t begin, std::uint32_t end, float px, float py) {
    std::uint32_t j = begin;
    for (; j + kLanes <= end; j += kLanes) add_block(f, j, kLanes, px, py);
    if (j < end) add_block(f, j, end - j, px, py);
  }

  [[nodiscard]] steering::NeighbourSums total() const {
    steering::NeighbourSums s;
    for (std::size_t lane = 0; lane < kLanes; ++lane) {
      s.seen += seen[lane];
      s.sum_vx += vx[lane];
      s.sum_vy += vy[lane];
      s.sum_dx += dx[lane];
      s.sum_dy += dy[lane];
      s.separate_x += sep_x[lane];
      s.separate_y += sep_y[lane];
      s.personal_x += per_x[lane];
      s.personal_y += per_y[lane];
    }
    return s;
  }
};

}  // namespace detail

// Gathers the neighbour sums of firefly `i` (a place in the sorted arrays).
[[nodiscard]] inline steering::NeighbourSums walk_neighbours(const SortedFireflies& f, const CellGrid& grid,
                                                             std::uint32_t i) {
  // Cells within this many columns or rows can hold someone in view.
  const auto reach = static_cast<std::uint32_t>(std::ceil(swarm_rules::kPerception / grid.cell_size()));
  const float px = f.x[i];
  const float py = f.y[i];
  const std::uint32_t col = grid.column_of(px);
  const std::uint32_t row = grid.row_of(py);
  const std::uint32_t col_lo = col > reach ? col - reach : 0;
  const std::uint32_t col_hi = col + reach < grid.columns() ? col + reach : grid.columns() - 1;
  const std::uint32_t row_lo = row > reach ? row - reach : 0;
  const std::uint32_t row_hi = row + reach < grid.rows() ? row + reach : grid.rows() - 1;
  detail::LaneSums lanes;
  for (std::uint32_t rr = row_lo; rr <= row_hi; ++rr) {
    // The cells of this row within reach are one contiguous range of places.
    const std::size_t base = std::size_t{rr} * grid.columns();
    const std::uint32_t begin = grid.start(base + col_lo);
    const std::uint32_t end = grid.start(base + col_hi + 1);
    if (i >= begin && i < end) {  // the own row: leave itself out
      lanes.add_range(f, begin, i, px, py);
      lanes.add_range(f, i + 1, end, px, py);
    } else {
      lanes.add_range(f, begin, end, px, py);
    }
  }
  return lanes.total();
}

}  // namespace meadow::sim
