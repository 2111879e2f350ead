// The square reads (square_reads.hpp): both versions give, for every row, the index places of
// squares::chord clamped to the row's occupied stretch, and the totals of the entries there, the
// same bit for bit.
#include "sim/swarm/square_reads.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "sim/cpu_features.hpp"
#include "sim/random.hpp"
#include "sim/swarm/square_sums.hpp"
#include "sim/swarm/swarm_random.hpp"

namespace meadow::sim {
namespace {

namespace sq = squares;
using square_reads::kRows;

constexpr float kReach = 7.0F;  // squares: 28 units, the swarm's perception

// Rows as SquareWindow::prepare lays them out: `active` rows from `first_row` with stretches of
// their own, the rest empty at the zero slot.
square_reads::Rows rows_from(std::int32_t first_row, int active, const CounterRandom& rnd) {
  square_reads::Rows r{};
  for (int a = 0; a < kRows; ++a) {
    if (a < active) {
      const auto lo = static_cast<std::int32_t>(rnd.bits(static_cast<std::uint64_t>(a)) % 40U);
      const auto end = lo + static_cast<std::int32_t>(rnd.bits(static_cast<std::uint64_t>(a), 1) % 30U);
      r.middle[a] = static_cast<float>(first_row + a) + 0.5F;
      r.lo[a] = static_cast<float>(lo);
      r.end[a] = static_cast<float>(end);
      r.last[a] = r.end[a] - 1.0F;
      r.index_base[a] = 1000 * (a + 1);
    } else {
      r.middle[a] = 0.0F;
      r.lo[a] = 0.0F;
      r.end[a] = 0.0F;
      r.last[a] = -1.0F;
      r.index_base[a] = 99'000;
    }
  }
  return r;
}

struct Places {
  std::array<std::int32_t, kRows> from{};
  std::array<std::int32_t, kRows> to{};
  friend bool operator==(const Places&, const Places&) = default;
};

using ChordFn = void (*)(const square_reads::Rows&, float, float, float, std::int32_t*, std::int32_t*);

Places run(ChordFn fn, const square_reads::Rows& rows, float sx, float sy) {
  Places p;
  fn(rows, sx, sy, kReach, p.from.data(), p.to.data());
  return p;
}

// From the definition: the squares whose middles lie within reach (squares::chord, in units),
// clamped to the stretch [lo, end].
Places reference(const square_reads::Rows& rows, float sx, float sy) {
  Places p;
  for (int a = 0; a < kRows; ++a) {
    const sq::Span s = sq::chord(sx * sq::kSquareSize, sy * sq::kSquareSize, rows.middle[a] * sq::kSquareSize,
                                 kReach * sq::kSquareSize);
    const auto lo = static_cast<std::int32_t>(rows.lo[a]);
    const auto end = static_cast<std::int32_t>(rows.end[a]);
    const std::int32_t from = std::clamp(s.lo, lo, end);
    const std::int32_t to = std::clamp(s.end, from, std::max(from, end));
    p.from[a] = rows.index_base[a] + from;
    p.to[a] = rows.index_base[a] + to;
  }
  return p;
}

// An index and entries for the places rows_from() uses (up to 99,000): every place points at one
// of kEntries entries of random totals.
constexpr std::size_t kEntries = 509;
struct Entries {
  std::vector<std::uint32_t> index;
  std::vector<square_reads::Entry> entries;
  [[nodiscard]] square_reads::Window window(const square_reads::Rows& rows) const {
    return {&rows, index.data(), reinterpret_cast<const unsigned char*>(entries.data())};
  }
};
Entries random_entries() {
  const CounterRandom rnd(11, 0, swarm_random::kPlacement);
  Entries e;
  for (std::uint32_t p = 0; p < 100'000; ++p) {
    e.index.push_back(static_cast<std::uint32_t>((p * 7919U) % kEntries * sizeof(square_reads::Entry)));
  }
  for (std::uint64_t k = 0; k < kEntries; ++k) {
    const auto word = [&](std::uint32_t draw) { return static_cast<std::uint32_t>(rnd.bits(k, draw)); };
    e.entries.push_back({word(0), word(1), word(2), word(3), word(4), {0, 0, 0}});
  }
  return e;
}
// The totals at the places, upper ends minus lower (modulo 2³²).
sq::Totals totals_at(const Entries& e, const Places& p) {
  sq::Totals t;
  for (int a = 0; a < kRows; ++a) {
    const square_reads::Entry& hi = e.entries[e.index[static_cast<std::size_t>(p.to[a])] / sizeof(square_reads::Entry)];
    const square_reads::Entry& lo = e.entries[e.index[static_cast<std::size_t>(p.from[a])] / sizeof(square_reads::Entry)];
    sq::add(t, {hi.n - lo.n, hi.vx - lo.vx, hi.vy - lo.vy, hi.x - lo.x, hi.y - lo.y});
  }
  return t;
}

// Positions over and around the rows, half of them on the half-squares where chords begin and end
// (a chord's end is decided by an exact comparison there).
TEST(SquareReads, BothVersionsGiveTheClampedChordOfEveryRowAndItsTotals) {
  const CounterRandom rnd(7, 0, swarm_random::kPlacement);
  const Entries entries = random_entries();
  const bool avx2 = has_avx2();
  int checked = 0;
  for (std::uint64_t i = 0; i < 20'000; ++i) {
    const int active = static_cast<int>(i % (kRows + 1));
    const auto first_row = static_cast<std::int32_t>(i % 7);
    const square_reads::Rows rows = rows_from(first_row, active, CounterRandom(i, 1, swarm_random::kPlacement));
    const std::uint64_t b = rnd.bits(i);
    float sx = -10.0F + 70.0F * unit_float(b);
    float sy = static_cast<float>(first_row) - 9.0F + 34.0F * unit_float_low(b);
    if (i % 2 == 0) {
      sx = static_cast<float>(static_cast<std::int32_t>(sx)) + 0.5F;
      if (i % 4 == 0) sy = static_cast<float>(static_cast<std::int32_t>(sy)) + 0.5F;
    }
    const Places expected = reference(rows, sx, sy);
    const sq::Totals totals = totals_at(entries, expected);
    ASSERT_EQ(run(&square_reads::chords_portable, rows, sx, sy), expected) << "portable, i = " << i;
    ASSERT_EQ(square_reads::portable(entries.window(rows), sx, sy, kReach), totals) << "portable, i = " << i;
    if (avx2) {
      ASSERT_EQ(run(&square_reads::chords_avx2, rows, sx, sy), expected) << "AVX2, i = " << i;
      ASSERT_EQ(square_reads::avx2(entries.window(rows), sx, sy, kReach), totals) << "AVX2, i = " << i;
    }
    ++checked;
  }
  EXPECT_EQ(checked, 20'000);
  if (!avx2) GTEST_SKIP() << "this CPU has no AVX2: only the portable version was checked";
}

TEST(SquareReads, RowsOutOfReachAndEmptyRowsGiveNothing) {
  square_reads::Rows rows = rows_from(0, kRows, CounterRandom(3, 1, swarm_random::kPlacement));
  // A firefly 20 squares below the first row's middle: rows 0 … 12 are beyond its 7 squares.
  const float sy = 20.5F;
  const ChordFn best_chords = has_avx2() ? &square_reads::chords_avx2 : &square_reads::chords_portable;
  for (const ChordFn fn : {ChordFn{&square_reads::chords_portable}, best_chords}) {
    const Places p = run(fn, rows, 20.0F, sy);
    for (int a = 0; a < kRows; ++a) {
      if (rows.middle[a] < sy - kReach) {
        EXPECT_EQ(p.from[a], p.to[a]) << "row " << a;
      }
    }
  }
  rows = rows_from(0, 0, CounterRandom(3, 1, swarm_random::kPlacement));
  const Places empty = run(best_chords, rows, 3.0F, 3.0F);
  for (int a = 0; a < kRows; ++a) {
    EXPECT_EQ(empty.from[a], 99'000);
    EXPECT_EQ(empty.to[a], 99'000);
  }
}

}  // namespace
}  // namespace meadow::sim
