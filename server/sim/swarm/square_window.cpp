#include "sim/swarm/square_window.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstddef>
#include <cstring>

#include "sim/swarm/avx2_path.hpp"
#include "sim/swarm/lanes.hpp"
#include "sim/swarm/swarm_rules.hpp"

namespace meadow::sim {

namespace sq = squares;

static_assert(SquareWindow::kReach == swarm_rules::kPerception);

void SquareWindow::reset(Vec2 origin, std::uint32_t columns, std::uint32_t rows) {
  origin_ = origin;
  columns_ = columns;
  rows_ = rows;
  stride_ = std::size_t{columns} + 1 + kFillFirst;
  // One entry per square and the row's empty start, and one more: build() writes an entry for
  // every square of an occupied cell and only keeps those of occupied squares.
  entry_stride_ = std::size_t{columns} + 2;
  index_.resize(stride_ * kRows + kFillBlock);
  std::fill(index_.begin() + static_cast<std::ptrdiff_t>(stride_ * kRows), index_.end(), 0U);
  entries_.resize(entry_stride_ * kRows);
  row_.fill(Row{});
}

void SquareWindow::describe(std::span<const float> x, std::span<const float> y, std::span<const float> vx,
                            std::span<const float> vy, std::size_t begin, std::size_t end,
                            std::span<Firefly> out) const {
  if (avx2_) {
    describe_avx2(x, y, vx, vy, begin, end, out);
  } else {
    describe_portable(x, y, vx, vy, begin, end, out);
  }
}

void SquareWindow::describe_portable(std::span<const float> x, std::span<const float> y, std::span<const float> vx,
                                     std::span<const float> vy, std::size_t begin, std::size_t end,
                                     std::span<Firefly> out) const {
  describe_body(x, y, vx, vy, begin, end, out);
}

MEADOW_TARGET_AVX2 void SquareWindow::describe_avx2(std::span<const float> x, std::span<const float> y,
                                                   std::span<const float> vx, std::span<const float> vy,
                                                   std::size_t begin, std::size_t end, std::span<Firefly> out) const {
  describe_body(x, y, vx, vy, begin, end, out);
}

// Eight fireflies at a time: own_lanes() and the same float operations as column_of() and
// row_of(), lane by lane, then the eight fields of each lane transposed into its 32-byte record.
[[gnu::always_inline]] inline void SquareWindow::describe_body(std::span<const float> x, std::span<const float> y,
                                                               std::span<const float> vx, std::span<const float> vy,
                                                               std::size_t begin, std::size_t end,
                                                               std::span<Firefly> out) const {
  using lanes::F8;
  using lanes::I8;
  static_assert(sizeof(Firefly) == sizeof(I8));
  constexpr std::size_t kWide = lanes::kWideWidth;
  const auto load = [](const float* p) __attribute__((always_inline)) {
    F8 v;
    std::memcpy(&v, p, sizeof v);
    return v;
  };
  const auto last_column = static_cast<float>(columns_ - 1);
  const auto last_row = static_cast<float>(rows_ - 1);
  const auto eight = [&](std::size_t i) __attribute__((always_inline)) {
    const F8 px = load(&x[i]);
    const F8 py = load(&y[i]);
    const OwnLanes own = own_lanes(px, py, load(&vx[i]), load(&vy[i]));
    I8 fields[8] = {
        I8{} + 1,
        own.vx,
        own.vy,
        own.x,
        own.y,
        lanes::clamped_index((px - origin_.x) * sq::kInvSquareSize, last_column),
        lanes::clamped_index((py - origin_.y) * sq::kInvSquareSize, last_row),
        -own.sees_own,  // 1 or 0
    };
    lanes::transpose(fields);
#pragma GCC unroll 8
    for (std::size_t l = 0; l < kWide; ++l) std::memcpy(&out[i + l], &fields[l], sizeof(Firefly));
  };
  std::size_t i = begin;
  for (; i + kWide <= end; i += kWide) eight(i);
  // A tail of fewer than eight: the last eight again where there are as many (each lane is worked
  // out alone, so the overlap is written with what it already holds), one by one otherwise.
  if (i < end && end - begin >= kWide) {
    eight(end - kWide);
    return;
  }
  for (; i < end; ++i) out[i] = describe(x[i], y[i], vx[i], vy[i]);
}

[[gnu::always_inline]] inline void SquareWindow::fill(std::uint32_t* index, std::int32_t from, std::int32_t to,
                                                       std::uint32_t value) {
  // kFillFirst places at once whatever the gap, then whole blocks, the last one running past `to`:
  // places are written left to right, so what this overwrites is written again later, or lies
  // past the row's end where nothing reads (the slot has room for it). Gaps between occupied
  // cells are mostly short: they are then one straight run of stores, with no loop whose varying
  // length the branch predictor keeps missing (in callgrind's model a loop of 8-place blocks
  // missed 0.7 times a firefly).
  // Eight places a store (one AVX2 register, two SSE2 ones).
  using U8 = std::uint32_t __attribute__((vector_size(32)));
  static_assert(kFillBlock % 8 == 0 && kFillFirst % kFillBlock == 0);
  const U8 eight = U8{} + value;
  for (std::int32_t j = 0; j < kFillFirst; j += 8) std::memcpy(index + from + j, &eight, sizeof eight);
  for (std::int32_t k = from + kFillFirst; k < to; k += kFillBlock) {
    for (std::int32_t j = 0; j < kFillBlock; j += 8) std::memcpy(index + k + j, &eight, sizeof eight);
  }
}

[[gnu::always_inline]] inline void SquareWindow::build_body(const Band& band) {
  // A whole entry as one vector: count, Σvx, Σvy, Σx, Σy and three lanes of zero (one AVX2
  // register, two SSE2 ones). A described firefly's first five fields are the same totals, so it
  // is one load and one mask.
  using U8 = std::uint32_t __attribute__((vector_size(32)));
  static_assert(sizeof(U8) == sizeof(Entry) && sizeof(U8) == sizeof(Firefly));
  static_assert(offsetof(Firefly, y) == offsetof(Entry, y) && offsetof(Entry, n) == 0);
  constexpr U8 kTotalsOnly = {~0U, ~0U, ~0U, ~0U, ~0U, 0U, 0U, 0U};
  // Per square of a cell (2 × row + column, within the band and the cell), the masks for the
  // four squares' totals: kTotalsOnly for its own, nothing for the others.
  alignas(32) static constexpr U8 kKeepIn[4][4] = {{kTotalsOnly, U8{}, U8{}, U8{}},
                                                   {U8{}, kTotalsOnly, U8{}, U8{}},
                                                   {U8{}, U8{}, kTotalsOnly, U8{}},
                                                   {U8{}, U8{}, U8{}, kTotalsOnly}};
  const std::int32_t first_row = 2 * band.index;
  const std::size_t slot[2] = {slot_of(first_row), slot_of(first_row + 1)};
  Row& top = row_[slot[0]];
  Row& bottom = row_[slot[1]];
  const std::size_t count = band.x.size();
  assert(band.y.size() == count && band.vx.size() == count && band.vy.size() == count);
  if (count == 0) {
    top = {first_row, 0, 0, 0};
    bottom = {first_row + 1, 0, 0, 0};
    return;
  }
  // Running totals of each row, and the totals of the current cell's four squares:
  // [row within the band][column within the cell].
  U8 run[2] = {};
  U8 cell[2][2] = {};
  // Each row's last entry written: the first holds the empty row's totals (zero).
  std::uint32_t entry[2] = {static_cast<std::uint32_t>(slot[0] * entry_stride_),
                            static_cast<std::uint32_t>(slot[1] * entry_stride_)};
  // Plain pointers, taken once: the compiler cannot tell that stores through them leave the
  // vectors' own pointers alone, and would load those again after every store.
  Entry* const entries = entries_.data();
  std::uint32_t* const index[2] = {index_.data() + slot[0] * stride_, index_.data() + slot[1] * stride_};
  // The lambdas of the bodies compiled in two versions are always inlined: a lambda left out of
  // line does not take the AVX2 target of the function it is in, and GCC once left `flush` out
  // (its 32-byte vectors then split into SSE2 halves: a third of a step's time) when a change to
  // another header tipped its inlining.
  const auto offset = [](std::uint32_t at) __attribute__((always_inline)) { return at * static_cast<std::uint32_t>(sizeof(Entry)); };
  const auto put = [entries](std::uint32_t at, U8 t) __attribute__((always_inline)) { std::memcpy(&entries[at], &t, sizeof t); };
  put(entry[0], run[0]);
  put(entry[1], run[1]);
  // The fireflies are described (describe()) kDescribeBlock at a time into this buffer, which
  // stays in the level-1 cache, just before they are added; the last block takes up to seven
  // more rather than leave fewer than eight for a block of their own (which describe() would
  // take one by one).
  constexpr std::size_t kLongestBlock = kDescribeBlock + lanes::kWideWidth - 1;
  alignas(32) Firefly described[kLongestBlock];
  const auto describe_block = [&](std::size_t begin) __attribute__((always_inline)) {
    const std::size_t m = count - begin <= kLongestBlock ? count - begin : kDescribeBlock;
    describe_body(band.x.subspan(begin, m), band.y.subspan(begin, m), band.vx.subspan(begin, m),
                  band.vy.subspan(begin, m), 0, m, std::span<Firefly>(described, m));
    return m;
  };
  // The first block before the loop: its first firefly gives the first cell. (Starting from
  // column_of() of the first firefly and describing every block inside the loop cost 2.6 more
  // instructions a firefly in GCC's code.)
  std::size_t described_count = describe_block(0);
  std::int32_t cell_column = described[0].column >> 1;
  const std::int32_t lo = 2 * cell_column;
  std::int32_t next = lo;  // the next index place to write in both rows
  // Points the index places up to and through the current cell at the entries of the totals left
  // of them (the empty squares before it all share one entry), adds an entry after each of its
  // occupied squares, and moves past it. An empty square's entry is written too, without a
  // branch, and then left to be overwritten: it holds the same totals as the entry before it.
  const auto flush = [&]() __attribute__((always_inline)) {
    const std::int32_t c = 2 * cell_column;
    // Both rows in straight code (GCC keeps the loop otherwise, and each row's running totals,
    // cells and entry in memory: 26 more instructions a firefly).
#pragma GCC unroll 2
    for (int r = 0; r < 2; ++r) {
      fill(index[r], next, c + 1, offset(entry[r]));
      run[r] += cell[r][0];
      put(entry[r] + 1, run[r]);
      entry[r] += cell[r][0][0] != 0 ? 1U : 0U;
      index[r][c + 1] = offset(entry[r]);
      run[r] += cell[r][1];
      put(entry[r] + 1, run[r]);
      entry[r] += cell[r][1][0] != 0 ? 1U : 0U;
      cell[r][0] = U8{};
      cell[r][1] = U8{};
    }
    next = c + 2;
  };
  for (std::size_t begin = 0; begin < count;) {
    if (begin > 0) described_count = describe_block(begin);
    for (std::size_t k = 0; k < described_count; ++k) {
      const Firefly& ff = described[k];
      if ((ff.column >> 1) != cell_column) {
        flush();
        cell_column = ff.column >> 1;
      }
      const std::int32_t r = ff.row - first_row;
      assert(r == 0 || r == 1);
      U8 own;
      std::memcpy(&own, &ff, sizeof own);
      // Added to all four squares' totals under masks that keep it only in its own, so the
      // totals stay in registers. Adding to the one total its square indexes puts them in
      // memory, where each addition waits on the store of the one before in the same square:
      // 12 instructions a firefly fewer, but a step about 4 % slower (README, seventh round).
      const U8* const keep = kKeepIn[2 * r + (ff.column & 1)];
      cell[0][0] += own & keep[0];
      cell[0][1] += own & keep[1];
      cell[1][0] += own & keep[2];
      cell[1][1] += own & keep[3];
    }
    begin += described_count;
  }
  flush();
  index[0][next] = offset(entry[0]);
  index[1][next] = offset(entry[1]);
  top = {first_row, lo, next, run[0][0]};
  bottom = {first_row + 1, lo, next, run[1][0]};
}

void SquareWindow::build_portable(const Band& band) { build_body(band); }
MEADOW_TARGET_AVX2 void SquareWindow::build_avx2(const Band& band) { build_body(band); }

void SquareWindow::prepare(std::int32_t band) {
  active_ = 0;
  square_reads::Rows& c = chord_rows_;
  const std::int32_t first = 2 * band - kRowsAbove;
  for (std::int32_t r = std::max(first, 0); r < std::min(first + kRowsRead, static_cast<std::int32_t>(rows_)); ++r) {
    const Row& row = row_[slot_of(r)];
    assert(row.index == r && "rows are built before they are read");
    if (row.count == 0) continue;  // rows without fireflies are skipped
    c.middle[active_] = static_cast<float>(r) + 0.5F;
    c.lo[active_] = static_cast<float>(row.lo);
    c.end[active_] = static_cast<float>(row.end);
    c.last[active_] = c.end[active_] - 1.0F;
    c.index_base[active_] = static_cast<std::int32_t>(slot_of(r) * stride_);
    ++active_;
  }
  // The unused places read an empty stretch of the zero slot (from = to = 0: adds exactly
  // nothing): read() then runs all kRowsRead places with no remainder loop and no branch (a band
  // in a flocked swarm uses nearly all).
  for (std::int32_t a = active_; a < kRowsRead; ++a) {
    c.middle[a] = 0.0F;
    c.lo[a] = 0.0F;
    c.end[a] = 0.0F;
    c.last[a] = -1.0F;
    c.index_base[a] = static_cast<std::int32_t>(kRows * stride_);
  }
}

}  // namespace meadow::sim
