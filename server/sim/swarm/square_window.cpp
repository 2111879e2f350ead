#include "sim/swarm/square_window.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "sim/swarm/swarm_rules.hpp"

namespace meadow::sim {

namespace sq = squares;

static_assert(SquareWindow::kReach == swarm_rules::kPerception);

void SquareWindow::reset(Vec2 origin, std::uint32_t columns, std::uint32_t rows) {
  origin_ = origin;
  columns_ = columns;
  rows_ = rows;
  stride_ = std::size_t{columns} + 1 + kFillBlock;
  // One entry per square and the row's empty start, and one more: build() writes an entry for
  // every square of an occupied cell and only keeps those of occupied squares.
  entry_stride_ = std::size_t{columns} + 2;
  index_.resize(stride_ * kRows + kFillBlock);
  std::fill(index_.begin() + static_cast<std::ptrdiff_t>(stride_ * kRows), index_.end(), 0U);
  quads_.resize(entry_stride_ * kRows);
  ys_.resize(entry_stride_ * kRows);
  row_.fill(Row{});
}

void SquareWindow::fill(std::size_t slot, std::int32_t from, std::int32_t to, std::uint32_t value) {
  std::uint32_t* const index = index_.data() + slot * stride_;
  // Whole blocks, the last one running past `to`: places are written left to right, so what it
  // overwrites is written again later, or lies past the row's end where nothing reads (the slot
  // has room for it). Gaps between occupied cells are mostly short, and are then one block rather
  // than a loop whose varying length the branch predictor keeps missing.
  for (std::int32_t k = from; k < to; k += kFillBlock) {
    for (std::int32_t j = 0; j < kFillBlock; ++j) index[k + j] = value;
  }
}

void SquareWindow::build(const Band& band) {
  const std::int32_t first_row = 2 * band.index;
  const std::size_t slot[2] = {slot_of(first_row), slot_of(first_row + 1)};
  Row& top = row_[slot[0]];
  Row& bottom = row_[slot[1]];
  const std::size_t n = band.x.size();
  if (n == 0) {
    top = {first_row, 0, 0, 0};
    bottom = {first_row + 1, 0, 0, 0};
    return;
  }
  sq::Totals run[2] = {};
  // The sums of the current cell's four squares: [row within the band][column within the cell].
  sq::Totals cell[2][2] = {};
  // Each row's last entry written: the first holds the empty row's totals (zero).
  std::uint32_t entry[2] = {static_cast<std::uint32_t>(slot[0] * entry_stride_),
                            static_cast<std::uint32_t>(slot[1] * entry_stride_)};
  const auto put = [&](std::uint32_t at, const sq::Totals& t) {
    quads_[at] = Quad{t.n, t.vx, t.vy, t.x};
    ys_[at] = t.y;
  };
  put(entry[0], run[0]);
  put(entry[1], run[1]);
  std::int32_t cell_column = column_of(band.x[0]) >> 1;
  const std::int32_t lo = 2 * cell_column;
  std::int32_t next = lo;  // the next index place to write in both rows
  // Points the index places up to and through the current cell at the entries of the totals left
  // of them (the empty squares before it all share one entry), adds an entry after each of its
  // occupied squares, and moves past it. An empty square's entry is written too, without a
  // branch, and then left to be overwritten: it holds the same totals as the entry before it.
  const auto flush = [&] {
    const std::int32_t c = 2 * cell_column;
    for (int r = 0; r < 2; ++r) {
      fill(slot[r], next, c + 1, entry[r]);
      sq::add(run[r], cell[r][0]);
      put(entry[r] + 1, run[r]);
      entry[r] += cell[r][0].n != 0 ? 1U : 0U;
      index_[slot[r] * stride_ + static_cast<std::size_t>(c) + 1] = entry[r];
      sq::add(run[r], cell[r][1]);
      put(entry[r] + 1, run[r]);
      entry[r] += cell[r][1].n != 0 ? 1U : 0U;
      cell[r][0] = cell[r][1] = sq::Totals{};
    }
    next = c + 2;
  };
  for (std::size_t k = 0; k < n; ++k) {
    const std::int32_t column = column_of(band.x[k]);
    if ((column >> 1) != cell_column) {
      flush();
      cell_column = column >> 1;
    }
    const std::int32_t r = row_of(band.y[k]) - first_row;
    assert(r == 0 || r == 1);
    sq::add(cell[r][column & 1], own(band.x[k], band.y[k], band.vx[k], band.vy[k]));
  }
  flush();
  index_[slot[0] * stride_ + static_cast<std::size_t>(next)] = entry[0];
  index_[slot[1] * stride_ + static_cast<std::size_t>(next)] = entry[1];
  top = {first_row, lo, next, run[0].n};
  bottom = {first_row + 1, lo, next, run[1].n};
}

void SquareWindow::prepare(std::int32_t band) {
  active_ = 0;
  const std::int32_t first = 2 * band - kRowsAbove;
  for (std::int32_t r = std::max(first, 0); r < std::min(first + kRowsRead, static_cast<std::int32_t>(rows_)); ++r) {
    const Row& row = row_[slot_of(r)];
    assert(row.index == r && "rows are built before they are read");
    if (row.count == 0) continue;  // rows without fireflies are skipped
    middle_[active_] = (static_cast<float>(r) + 0.5F) * sq::kSquareSize;
    lo_[active_] = static_cast<float>(row.lo);
    end_[active_] = static_cast<float>(row.end);
    index_base_[active_] = static_cast<std::int32_t>(slot_of(r) * stride_);
    ++active_;
  }
  // The unused places read an empty stretch of the zero slot (from = to = 0: adds exactly
  // nothing): read() then runs all kRowsRead places with no remainder loop and no branch (a band
  // in a flocked swarm uses nearly all).
  for (std::int32_t a = active_; a < kRowsRead; ++a) {
    middle_[a] = 0.0F;
    lo_[a] = 0.0F;
    end_[a] = 0.0F;
    index_base_[a] = static_cast<std::int32_t>(kRows * stride_);
  }
}

sq::Totals SquareWindow::read(float x, float y) const {
  // First every row's chord (a loop the compiler vectorises), then the two ends' totals.
  std::array<std::int32_t, kRowsRead> from{};
  std::array<std::int32_t, kRowsRead> to{};
  constexpr std::int32_t m = kRowsRead;
  x -= origin_.x;
  y -= origin_.y;
  for (std::int32_t a = 0; a < m; ++a) {
    // squares::chord, clamped to the row's stretch [lo, end] before rounding rather than after:
    // the same columns (ceil and floor are monotone and the stretch's ends are whole numbers), but
    // float min and max are single vector instructions where int ones are not (SSE2).
    const float dy = middle_[a] - y;
    const float h2 = kReach * kReach - dy * dy;
    const float h = std::sqrt(h2 > 0.0F ? h2 : 0.0F);
    const float lo = std::min(std::max((x - h) * sq::kInvSquareSize - 0.5F, lo_[a]), end_[a]);
    const std::int32_t f = sq::ceil_int(lo);
    const float hi = std::min(std::max((x + h) * sq::kInvSquareSize - 0.5F, static_cast<float>(f) - 1.0F), end_[a] - 1.0F);
    from[a] = index_base_[a] + f;
    to[a] = index_base_[a] + (h2 >= 0.0F ? sq::floor_int(hi) + 1 : f);  // out of reach of the row: nothing
  }
  sq::Totals t;
  const std::uint32_t* const index = index_.data();
  const Quad* const quads = quads_.data();
  const std::uint32_t* const ys = ys_.data();
  for (std::int32_t a = 0; a < m; ++a) {
    const std::uint32_t e_hi = index[to[a]];
    const std::uint32_t e_lo = index[from[a]];
    const Quad& hi = quads[e_hi];
    const Quad& lo = quads[e_lo];
    t.n += hi.n - lo.n;
    t.vx += hi.vx - lo.vx;
    t.vy += hi.vy - lo.vy;
    t.x += hi.x - lo.x;
    t.y += ys[e_hi] - ys[e_lo];
  }
  return t;
}

}  // namespace meadow::sim
