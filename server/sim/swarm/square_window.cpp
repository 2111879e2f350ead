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
  quads_.resize(stride_ * kRows);
  ys_.resize(stride_ * kRows);
  row_.fill(Row{});
}

void SquareWindow::fill(std::size_t slot, std::int32_t from, std::int32_t to, const sq::Totals& t) {
  Quad* const q = quads_.data() + slot * stride_;
  std::uint32_t* const y = ys_.data() + slot * stride_;
  const Quad value{t.n, t.vx, t.vy, t.x};
  // Whole blocks, the last one running past `to`: entries are written left to right, so what it
  // overwrites is written again later, or lies past the row's end where nothing reads (the slot
  // has room for it). Gaps between occupied cells are mostly short, and are then one block rather
  // than a loop whose varying length the branch predictor keeps missing.
  for (std::int32_t k = from; k < to; k += kFillBlock) {
    for (std::int32_t j = 0; j < kFillBlock; ++j) q[k + j] = value;
    for (std::int32_t j = 0; j < kFillBlock; ++j) y[k + j] = t.y;
  }
}

void SquareWindow::put(std::size_t slot, std::int32_t at, const sq::Totals& t) {
  const std::size_t k = slot * stride_ + static_cast<std::size_t>(at);
  quads_[k] = Quad{t.n, t.vx, t.vy, t.x};
  ys_[k] = t.y;
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
  std::int32_t cell_column = column_of(band.x[0]) >> 1;
  const std::int32_t lo = 2 * cell_column;
  std::int32_t next = lo;  // the next entry to write in both rows
  // Writes the running totals up to and through the current cell (the empty squares before it
  // all hold the same totals), and moves past it.
  const auto flush = [&] {
    const std::int32_t c = 2 * cell_column;
    for (int r = 0; r < 2; ++r) {
      fill(slot[r], next, c + 1, run[r]);
      sq::add(run[r], cell[r][0]);
      put(slot[r], c + 1, run[r]);
      sq::add(run[r], cell[r][1]);
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
  put(slot[0], next, run[0]);
  put(slot[1], next, run[1]);
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
    quad_base_[active_] = quads_.data() + slot_of(r) * stride_;
    y_base_[active_] = ys_.data() + slot_of(r) * stride_;
    ++active_;
  }
  // The unused places read an empty stretch of the zero entry: read() then runs all kRowsRead
  // places with no remainder loop and no branch (a band in a flocked swarm uses nearly all).
  for (std::int32_t a = active_; a < kRowsRead; ++a) {
    middle_[a] = 0.0F;
    lo_[a] = 0.0F;
    end_[a] = 0.0F;
    quad_base_[a] = &kZeroQuad;
    y_base_[a] = &kZeroY;
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
    from[a] = f;
    to[a] = h2 >= 0.0F ? sq::floor_int(hi) + 1 : f;  // out of reach of the row: nothing
  }
  sq::Totals t;
  for (std::int32_t a = 0; a < m; ++a) {
    const Quad& hi = quad_base_[a][to[a]];
    const Quad& lo = quad_base_[a][from[a]];
    t.n += hi.n - lo.n;
    t.vx += hi.vx - lo.vx;
    t.vy += hi.vy - lo.vy;
    t.x += hi.x - lo.x;
    t.y += y_base_[a][to[a]] - y_base_[a][from[a]];
  }
  return t;
}

}  // namespace meadow::sim
