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
#include <cstring>
#include <span>
#include <vector>

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
  // the result depends only on the (deterministic) memory order. A cell's 3 × 3 cells hold about
  // 14 fireflies in a flocked swarm, so blocks of 4 waste little on padding.
  static constexpr std::size_t kLanes = lanes::kWidth;
  // Floats copied at a time when gathering candidates.
  static constexpr std::size_t kCopyBlock = 8;
  // A row of three cells with at most this many fireflies is copied in two blocks at once.
  static constexpr std::size_t kShortRow = 2 * kCopyBlock;
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
    // Room for a short row's two blocks, or whole copy blocks, past the last row's end.
    const std::size_t room = total + kShortRow + 3 * kCopyBlock + kLanes;
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
      if (len <= kShortRow && begin[k] + kShortRow <= n) {
        // The usual row of a few fireflies: kShortRow floats whatever its length, the copy
        // running past the row's end (overwritten by the next row or the padding). One straight
        // run of copies, with no loop whose varying length the branch predictor keeps missing
        // (a loop of blocks missed about once a cell in callgrind's model).
        copy_block(fx + begin[k], fy + begin[k], xs + count, ys + count);
        copy_block(fx + begin[k] + kCopyBlock, fy + begin[k] + kCopyBlock, xs + count + kCopyBlock,
                   ys + count + kCopyBlock);
      } else if (end[k] + kCopyBlock <= n) {
        // Whole blocks, the last one running past the row's end.
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
    copy_block(kFarBlock.data(), kFarBlock.data(), xs + count, ys + count);
    count_ = total;
    blocks_ = padded / kLanes;
  }

  // The separation and personal-space sums of a firefly at (px, py) in the gathered cell
  // (steering::NeighbourSums' separate_* and personal_*). Itself and anyone on the very same
  // spot add nothing: they give no direction (their nudges differ, so next step they do).
  void add_pushes(float px, float py, steering::NeighbourSums& sums) const {
    namespace r = swarm_rules;
    using lanes::F4;
    const F4 own_x = lanes::splat(px);
    const F4 own_y = lanes::splat(py);
    const F4 min_d2 = lanes::splat(kMinDistance2);
    const F4 zero{};
    F4 sep_x{}, sep_y{}, per_x{}, per_y{};
    const float* const xs = x_.data();
    const float* const ys = y_.data();
    for (std::size_t b = 0; b < blocks_; ++b) {
      const F4 dx = lanes::load(xs + b * kLanes) - own_x;
      const F4 dy = lanes::load(ys + b * kLanes) - own_y;
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
    }
    const F4 total = lanes::sums(sep_x, sep_y, per_x, per_y);
    sums.separate_x += total[0];
    sums.separate_y += total[1];
    sums.personal_x += total[2];
    sums.personal_y += total[3];
  }

 private:
  // One block of kCopyBlock floats of x and of y. A copy of a constant size is inlined as a few
  // vector loads and stores (element-wise loops were left scalar by the compiler).
  static void copy_block(const float* from_x, const float* from_y, float* to_x, float* to_y) {
    std::memcpy(to_x, from_x, kCopyBlock * sizeof(float));
    std::memcpy(to_y, from_y, kCopyBlock * sizeof(float));
  }

  // Padding: a point so far away that it adds exactly nothing (units).
  static constexpr float kFarAway = 1e9F;
  static constexpr std::array<float, kCopyBlock> kFarBlock = [] {
    std::array<float, kCopyBlock> b{};
    b.fill(kFarAway);
    return b;
  }();
  // Distances below 10⁻⁶ units count as 10⁻⁶, so the inverse stays finite (units²).
  static constexpr float kMinDistance2 = 1e-12F;

  std::vector<float> x_;
  std::vector<float> y_;
  std::size_t count_ = 0;
  std::size_t blocks_ = 0;
};

}  // namespace meadow::sim
