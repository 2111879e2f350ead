#include "sim/swarm/cell_sort_rows.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "sim/cpu_features.hpp"
#include "sim/random.hpp"
#include "sim/swarm/swarm_random.hpp"

namespace meadow::sim::cell_sort {
namespace {

// Rows as the quick pass by row sees them: a stretch of places from three rows in runs (the order
// of the last sort), with points that moved a row scattered through it.
struct Stretch {
  std::vector<std::uint32_t> row;
  std::vector<std::uint32_t> column;
};
Stretch three_rows(std::uint32_t n, std::uint64_t seed) {
  const CounterRandom r(seed, 0, swarm_random::kPlacement);
  Stretch s;
  for (std::uint32_t i = 0; i < n; ++i) {
    const std::uint64_t b = r.bits(i);
    const std::uint32_t run = 3 * i / (n == 0 ? 1 : n);  // 0, 1, 2: the last sort's rows
    const std::uint32_t moved = (b & 7) == 0 ? static_cast<std::uint32_t>((b >> 3) % 3) : 1;  // a row up or down
    s.row.push_back(10 + run + moved - 1);
    s.column.push_back(static_cast<std::uint32_t>((b >> 8) % 1826));
  }
  return s;
}

// Counting and gathering a row's places give, in both versions, what a plain loop gives, for
// stretches of every length around the eight-lane steps and a long one; nothing is written past
// the row's places.
TEST(CellSortRows, CountAndGatherTakeExactlyTheRowsPlacesInOrder) {
  for (const std::uint32_t n : {0U, 1U, 5U, 7U, 8U, 9U, 15U, 16U, 17U, 23U, 40U, 1500U}) {
    const Stretch s = three_rows(n, n);
    const Cells cells{s.row.data(), s.column.data()};
    for (std::uint32_t from : {0U, 3U}) {
      if (from > n) continue;
      for (std::uint32_t row = 9; row <= 13; ++row) {
        std::vector<std::uint32_t> want_places;
        std::vector<std::uint32_t> want_columns;
        for (std::uint32_t i = from; i < n; ++i) {
          if (s.row[i] != row) continue;
          want_places.push_back(i);
          want_columns.push_back(s.column[i]);
        }
        const auto count = static_cast<std::uint32_t>(want_places.size());
        ASSERT_EQ(count_in_row_portable(cells, from, n, row), count);
        ASSERT_EQ(count_in_row_avx2(cells, from, n, row), count) << n << " " << row;
        for (const bool avx2 : {false, true}) {
          // Guard places after the row's: they must keep their mark.
          constexpr std::uint32_t kMark = 0xDEADBEEF;
          std::vector<std::uint32_t> places(count + 9, kMark);
          std::vector<std::uint32_t> columns(count + 9, kMark);
          (avx2 ? gather_row_avx2 : gather_row_portable)(cells, from, n, row, count, places.data(), columns.data());
          for (std::uint32_t k = count; k < places.size(); ++k) {
            ASSERT_EQ(places[k], kMark) << "n " << n << " row " << row << " avx2 " << avx2;
            ASSERT_EQ(columns[k], kMark);
          }
          places.resize(count);
          columns.resize(count);
          EXPECT_EQ(places, want_places) << "n " << n << " row " << row << " avx2 " << avx2;
          EXPECT_EQ(columns, want_columns);
        }
      }
    }
  }
}

// Running ends: first plus the counts up to and including each cell, in both versions, for rows
// of every width around the eight-cell steps, one of the 1,826 cells at the engine's density, and
// sums past 2³².
TEST(CellSortRows, RunningEndsAddTheCountsUp) {
  const CounterRandom r(7, 0, swarm_random::kPlacement);
  for (const std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{7}, std::size_t{8}, std::size_t{9},
                              std::size_t{17}, std::size_t{1826}}) {
    for (const std::uint32_t first : {0U, 1234567U, 0xFFFFFFF0U}) {
      std::vector<std::uint32_t> counts(n);
      for (std::size_t c = 0; c < n; ++c) counts[c] = static_cast<std::uint32_t>(r.bits(c + 100 * n) % 5);
      std::vector<std::uint32_t> want(n);
      std::uint32_t end = first;
      for (std::size_t c = 0; c < n; ++c) want[c] = end += counts[c];
      std::vector<std::uint32_t> portable = counts;
      running_ends_portable(portable.data(), n, first);
      EXPECT_EQ(portable, want) << n;
      std::vector<std::uint32_t> avx2 = counts;
      running_ends_avx2(avx2.data(), n, first);
      EXPECT_EQ(avx2, want) << n;
    }
  }
}

}  // namespace
}  // namespace meadow::sim::cell_sort
