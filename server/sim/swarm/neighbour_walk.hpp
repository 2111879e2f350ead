#pragma once
// Separation and personal space, one by one (docs/rules.md "The swarm · Neighbours on the CPU"):
// the only rules that still look at neighbours individually; alignment and cohesion come from sums
// over squares (square_window.hpp). The grid's cells are one separation distance wide, so everyone
// closer than 8 units lies in the 3 × 3 cells around a firefly.
//
// A band of cells lays out its candidates once: the fireflies of the rows of cells above, in and
// below it, column by column (in each column those of the row above, then its own, then the row
// below, each in sorted order). The 3 × 3 cells around any cell of the band are then one
// contiguous run of that buffer, read in blocks of kLanes with no per-cell copy; each firefly is
// laid out three times a step (once for each band that reads its row) instead of being copied
// once for each of the nine cells around it.
//
// A run's last block reads past its end into the next columns (or the padding of far-away points
// after the buffer): fireflies two or more cells to the right, 8 units or more away, which push
// with exactly nothing (1/d − 1/8 ≤ 0 is clamped to 0) but where rounding puts one a hair inside
// 8 units. Either way what is read is fixed by the sorted order and the grid alone, so the sums
// are the same whatever the thread count or instruction set.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <span>
#include <vector>

#include "sim/swarm/avx2_path.hpp"
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
  // Candidates are taken this many at a time, one AVX2 register (two SSE2 ones in the portable
  // version), each lane with its own partial sums. Float sums are not associative: the lanes are
  // added up in one fixed order at the end, so the result depends only on the (deterministic)
  // memory order. Eight rather than four: a cell's 3 × 3 cells hold about 12 candidates in a
  // flocked swarm, so a run is one or two blocks instead of one to six, and the loop's exit,
  // which the branch predictor kept missing (0.84 times a firefly at 100,000 by callgrind's
  // model), is far more regular; square roots and divisions cost the same on eight lanes as on
  // four.
  static constexpr std::size_t kLanes = lanes::kWideWidth;

  // Lays out the candidates of band `row` (a row of cells) of the fireflies as `grid` last sorted
  // them (its sorted_columns() are theirs).
  void prepare_band(const SortedFireflies& f, const CellGrid& grid, std::uint32_t row) {
    columns_ = grid.columns();
    if (empty_row_.size() < std::size_t{columns_} + 1) empty_row_.assign(std::size_t{columns_} + 1, 0U);
    // Each of the three rows' cell starts; a row beyond the grid is one with no fireflies.
    const std::span<const std::uint32_t> starts = grid.starts();
    for (std::uint32_t k = 0; k < 3; ++k) {
      const std::int64_t r = std::int64_t{row} + k - 1;
      rows_[k] = r >= 0 && r < std::int64_t{grid.rows()} ? starts.data() + static_cast<std::size_t>(r) * columns_
                                                        : empty_row_.data();
    }
    const std::uint32_t* const r0 = rows_[0];
    const std::uint32_t* const r1 = rows_[1];
    const std::uint32_t* const r2 = rows_[2];
    origin_ = r0[0] + r1[0] + r2[0];
    const std::size_t total = column_start(columns_);
    if (x_.size() < total + kLanes) {
      x_.resize((total + kLanes) * 2);
      y_.resize((total + kLanes) * 2);
    }
    float* const xs = x_.data();
    float* const ys = y_.data();
    const float* const fx = f.x.data();
    const float* const fy = f.y.data();
    const std::uint32_t* const column = grid.sorted_columns().data();
    // Firefly i of row k in column c goes after everyone of the three rows in columns left of c
    // and, in column c, after those of the rows above it: one place worked out from the cell
    // starts, with no loop over cells (whose varying lengths the branch predictor keeps missing).
    const auto lay_out = [&](const std::uint32_t* own, auto before) {
      for (std::uint32_t i = own[0]; i < own[columns_]; ++i) {
        const std::uint32_t place = i + before(column[i]) - origin_;
        xs[place] = fx[i];
        ys[place] = fy[i];
      }
    };
    lay_out(r0, [r1, r2](std::uint32_t c) { return r1[c] + r2[c]; });
    lay_out(r1, [r0, r2](std::uint32_t c) { return r0[c + 1] + r2[c]; });
    lay_out(r2, [r0, r1](std::uint32_t c) { return r0[c + 1] + r1[c + 1]; });
    for (std::size_t k = 0; k < kLanes; ++k) {
      xs[total + k] = kFarAway;
      ys[total + k] = kFarAway;
    }
  }

  // The candidates of a cell's 3 × 3 cells: kLanes-blocks of positions, read by pushes().
  struct Run {
    const float* x;
    const float* y;
    std::size_t blocks;
  };
  // The run of the 3 × 3 cells around cell `column` of the prepared band. (A value the steer
  // stage keeps in registers for the cell's fireflies: members would be loaded again after every
  // store it makes.)
  [[nodiscard]] Run gather(std::uint32_t column) const {
    const std::uint32_t col_lo = column > 0 ? column - 1 : 0;
    const std::uint32_t col_end = std::min(column + 2, columns_);
    const std::size_t first = column_start(col_lo);
    return {x_.data() + first, y_.data() + first, (column_start(col_end) - first + kLanes - 1) / kLanes};
  }

  // The separation and personal-space sums of a firefly at (px, py) in the gathered cell
  // (steering::NeighbourSums' separate_* and personal_*). Itself and anyone on the very same
  // spot add nothing: they give no direction (their nudges differ, so next step they do).
  // One vector: separate_x, separate_y, personal_x, personal_y. Each block's two halves of four
  // lanes are kept apart to the end; then within each half lanes 0 + 1 and 2 + 3 are added, then
  // those two, and last the halves: the order of AVX2's horizontal additions, so that
  // pushes_avx2() computes the same bit for bit in one register with three of them.
  [[nodiscard]] static lanes::F4 pushes(const Run& run, float px, float py) {
    using lanes::F4;
    const F4 own_x = lanes::splat(px);
    const F4 own_y = lanes::splat(py);
    F4 sep_x[2] = {}, sep_y[2] = {}, per_x[2] = {}, per_y[2] = {};
    const float* const xs = run.x;
    const float* const ys = run.y;
    for (std::size_t b = 0; b < run.blocks; ++b) {
      for (std::size_t h = 0; h < 2; ++h) {
        const std::size_t at = b * kLanes + h * lanes::kWidth;
        const F4 dx = lanes::load(xs + at) - own_x;
        const F4 dy = lanes::load(ys + at) - own_y;
        const F4 d2 = dx * dx + dy * dy;
        // (1 − d/reach)/d = 1/d − 1/reach along (dx, dy): away, harder the closer, 0 beyond.
        // At d = 0 the capped inverse meets dx = dy = 0 and adds nothing.
        const F4 inv_d = 1.0F / lanes::sqrt(lanes::max(d2, lanes::splat(kMinDistance2)));
        const F4 separate = lanes::max(F4{}, inv_d - 1.0F / swarm_rules::kSeparationDistance);
        const F4 personal = lanes::max(F4{}, inv_d - 1.0F / swarm_rules::kPersonalSpace);
        sep_x[h] -= dx * separate;
        sep_y[h] -= dy * separate;
        per_x[h] -= dx * personal;
        per_y[h] -= dy * personal;
      }
    }
    // _mm256_hadd_ps of each half: lanes 0 + 1 and 2 + 3 of a, then of b.
    const auto hadd = [](F4 a, F4 b) { return __builtin_shufflevector(a, b, 0, 2, 4, 6) + __builtin_shufflevector(a, b, 1, 3, 5, 7); };
    const F4 low = hadd(hadd(sep_x[0], sep_y[0]), hadd(per_x[0], per_y[0]));
    const F4 high = hadd(hadd(sep_x[1], sep_y[1]), hadd(per_x[1], per_y[1]));
    return low + high;
  }
  // pushes() in AVX2, eight lanes a register.
  MEADOW_TARGET_AVX2 static lanes::F4 pushes_avx2(const Run& run, float px, float py);

 private:
  // Where the candidates of column c of the prepared band begin.
  [[nodiscard]] std::size_t column_start(std::uint32_t c) const { return rows_[0][c] + rows_[1][c] + rows_[2][c] - origin_; }

  // Padding: a point so far away that it adds exactly nothing (units).
  static constexpr float kFarAway = 1e9F;
  // Distances below 10⁻⁶ units count as 10⁻⁶, so the inverse stays finite (units²).
  static constexpr float kMinDistance2 = 1e-12F;

  // The prepared band: its three rows' cell starts, and the sum of their first starts.
  std::uint32_t columns_ = 0;
  std::array<const std::uint32_t*, 3> rows_{};
  std::uint32_t origin_ = 0;
  std::vector<std::uint32_t> empty_row_;
  // The candidates, column by column, then kLanes far-away points.
  std::vector<float> x_;
  std::vector<float> y_;
};

#if defined(MEADOW_HAS_AVX2_PATH)
MEADOW_TARGET_AVX2 inline lanes::F4 SeparationWalk::pushes_avx2(const Run& run, float px, float py) {
  const __m256 own_x = _mm256_set1_ps(px);
  const __m256 own_y = _mm256_set1_ps(py);
  const __m256 min_d2 = _mm256_set1_ps(kMinDistance2);
  const __m256 one = _mm256_set1_ps(1.0F);
  const __m256 separation_reach = _mm256_set1_ps(1.0F / swarm_rules::kSeparationDistance);
  const __m256 personal_reach = _mm256_set1_ps(1.0F / swarm_rules::kPersonalSpace);
  const __m256 zero = _mm256_setzero_ps();
  __m256 sep_x = zero;
  __m256 sep_y = zero;
  __m256 per_x = zero;
  __m256 per_y = zero;
  const float* const xs = run.x;
  const float* const ys = run.y;
  for (std::size_t b = 0; b < run.blocks; ++b) {
    const __m256 dx = _mm256_sub_ps(_mm256_loadu_ps(xs + b * kLanes), own_x);
    const __m256 dy = _mm256_sub_ps(_mm256_loadu_ps(ys + b * kLanes), own_y);
    const __m256 d2 = _mm256_add_ps(_mm256_mul_ps(dx, dx), _mm256_mul_ps(dy, dy));
    // lanes::max(a, b) is maxps(b, a) (lanes.hpp).
    const __m256 inv_d = _mm256_div_ps(one, _mm256_sqrt_ps(_mm256_max_ps(min_d2, d2)));
    const __m256 separate = _mm256_max_ps(_mm256_sub_ps(inv_d, separation_reach), zero);
    const __m256 personal = _mm256_max_ps(_mm256_sub_ps(inv_d, personal_reach), zero);
    sep_x = _mm256_sub_ps(sep_x, _mm256_mul_ps(dx, separate));
    sep_y = _mm256_sub_ps(sep_y, _mm256_mul_ps(dy, separate));
    per_x = _mm256_sub_ps(per_x, _mm256_mul_ps(dx, personal));
    per_y = _mm256_sub_ps(per_y, _mm256_mul_ps(dy, personal));
  }
  // Pairs of lanes, pairs of pairs, then the halves (three horizontal additions and one
  // vertical), as pushes() adds them.
  const __m256 separate = _mm256_hadd_ps(sep_x, sep_y);
  const __m256 personal = _mm256_hadd_ps(per_x, per_y);
  const __m256 quads = _mm256_hadd_ps(separate, personal);
  return lanes::F4(_mm_add_ps(_mm256_castps256_ps128(quads), _mm256_extractf128_ps(quads, 1)));
}
#else
inline lanes::F4 SeparationWalk::pushes_avx2(const Run& run, float px, float py) { return pushes(run, px, py); }
#endif

}  // namespace meadow::sim
