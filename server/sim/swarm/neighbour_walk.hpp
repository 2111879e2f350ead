#pragma once
// Separation and personal space, one by one (SPEC §2): the only rules that still look at
// neighbours individually; alignment and cohesion come from sums over squares
// (square_window.hpp). The grid's cells are one separation distance wide, so everyone closer
// than 8 units lies in the 3 × 3 cells around a firefly.
//
// The fireflies of one cell share those 3 × 3 cells, so their positions are copied once per cell
// into a small buffer padded with far-away points to whole blocks of kLanes: the loop over them
// then has no remainder and no branch, and the compiler keeps a block in vector registers.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <span>
#include <vector>

#include "sim/swarm/cell_grid.hpp"
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
  // Candidates are taken this many at a time, each lane with its own partial sums. Float sums
  // are not associative: the lanes are added up in one fixed order at the end, so the result
  // depends only on the (deterministic) memory order.
  static constexpr std::size_t kLanes = 8;
  // Floats copied at a time when gathering candidates.
  static constexpr std::size_t kCopyBlock = 8;
  static_assert(kLanes <= kCopyBlock, "one block of padding fills the last lane block");

  // Collects the fireflies of the 3 × 3 cells around cell (column, row).
  void gather(const SortedFireflies& f, const CellGrid& grid, std::uint32_t column, std::uint32_t row) {
    const std::uint32_t col_lo = column > 0 ? column - 1 : 0;
    const std::uint32_t col_hi = std::min(column + 1, grid.columns() - 1);
    const std::uint32_t row_lo = row > 0 ? row - 1 : 0;
    const std::uint32_t row_hi = std::min(row + 1, grid.rows() - 1);
    // The cells of each row within reach are one contiguous range of places: first their
    // extents, so the buffer is checked for room once, then plain copies (a handful of floats,
    // not worth a library call) through local pointers the compiler keeps in registers.
    std::array<std::uint32_t, 3> begin{};
    std::array<std::uint32_t, 3> end{};
    std::size_t total = 0;
    const std::uint32_t rows = row_hi - row_lo + 1;
    for (std::uint32_t k = 0; k < rows; ++k) {
      const std::size_t base = std::size_t{row_lo + k} * grid.columns();
      begin[k] = grid.start(base + col_lo);
      end[k] = grid.start(base + col_hi + 1);
      total += end[k] - begin[k];
    }
    const std::size_t padded = (total + kLanes - 1) / kLanes * kLanes;
    // Room for whole copy blocks past the last row's end.
    const std::size_t room = total + 3 * kCopyBlock + kLanes;
    if (x_.size() < room) {
      x_.resize(room * 2);
      y_.resize(room * 2);
    }
    float* const xs = x_.data();
    float* const ys = y_.data();
    const float* const fx = f.x.data();
    const float* const fy = f.y.data();
    const std::size_t n = f.x.size();
    std::size_t count = 0;
    for (std::uint32_t k = 0; k < rows; ++k) {
      const std::uint32_t len = end[k] - begin[k];
      if (end[k] + kCopyBlock <= n) {
        // Whole blocks, the last one running past the row's end (overwritten by the next row or
        // the padding): a row's few fireflies are then one block, with no loop whose varying
        // length the branch predictor keeps missing.
        for (std::uint32_t j = 0; j < len; j += kCopyBlock) {
          copy_block(fx + begin[k] + j, fy + begin[k] + j, xs + count + j, ys + count + j);
        }
      } else {
        for (std::uint32_t j = 0; j < len; ++j) {
          xs[count + j] = fx[begin[k] + j];
          ys[count + j] = fy[begin[k] + j];
        }
      }
      count += len;
    }
    // Padding: one whole block of far-away points after the last one (kLanes ≤ kCopyBlock).
    for (std::size_t j = 0; j < kCopyBlock; ++j) {
      xs[count + j] = kFarAway;
      ys[count + j] = kFarAway;
    }
    count_ = total;
    blocks_ = padded / kLanes;
  }

  // The separation and personal-space sums of a firefly at (px, py) in the gathered cell
  // (steering::NeighbourSums' separate_* and personal_*). Itself and anyone on the very same
  // spot add nothing: they give no direction (their nudges differ, so next step they do).
  void add_pushes(float px, float py, steering::NeighbourSums& sums) const {
    namespace r = swarm_rules;
    std::array<float, kLanes> sep_x{}, sep_y{}, per_x{}, per_y{};
    const float* const xs = x_.data();
    const float* const ys = y_.data();
    for (std::size_t b = 0; b < blocks_; ++b) {
      for (std::size_t lane = 0; lane < kLanes; ++lane) {
        const float dx = xs[b * kLanes + lane] - px;
        const float dy = ys[b * kLanes + lane] - py;
        const float d2 = dx * dx + dy * dy;
        // (1 − d/reach)/d = 1/d − 1/reach along (dx, dy): away, harder the closer, 0 beyond.
        // At d = 0 the capped inverse meets dx = dy = 0 and adds nothing.
        const float inv_d = 1.0F / std::sqrt(std::max(d2, kMinDistance2));
        const float separate = std::max(0.0F, inv_d - 1.0F / r::kSeparationDistance);
        const float personal = std::max(0.0F, inv_d - 1.0F / r::kPersonalSpace);
        sep_x[lane] -= dx * separate;
        sep_y[lane] -= dy * separate;
        per_x[lane] -= dx * personal;
        per_y[lane] -= dy * personal;
      }
    }
    for (std::size_t lane = 0; lane < kLanes; ++lane) {
      sums.separate_x += sep_x[lane];
      sums.separate_y += sep_y[lane];
      sums.personal_x += per_x[lane];
      sums.personal_y += per_y[lane];
    }
  }

 private:
  // Loads a block, then stores it: the source and destination are both float arrays, and this
  // order spares the compiler proving they do not overlap.
  static void copy_block(const float* from_x, const float* from_y, float* to_x, float* to_y) {
    std::array<float, kCopyBlock> bx;
    std::array<float, kCopyBlock> by;
    for (std::size_t j = 0; j < kCopyBlock; ++j) {
      bx[j] = from_x[j];
      by[j] = from_y[j];
    }
    for (std::size_t j = 0; j < kCopyBlock; ++j) {
      to_x[j] = bx[j];
      to_y[j] = by[j];
    }
  }

  // Padding: a point so far away that it adds exactly nothing (units).
  static constexpr float kFarAway = 1e9F;
  // Distances below 10⁻⁶ units count as 10⁻⁶, so the inverse stays finite (units²).
  static constexpr float kMinDistance2 = 1e-12F;

  std::vector<float> x_;
  std::vector<float> y_;
  std::size_t count_ = 0;
  std::size_t blocks_ = 0;
};

}  // namespace meadow::sim
