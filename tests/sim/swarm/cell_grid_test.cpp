#include "sim/swarm/cell_grid.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <span>
#include <vector>

#include "app/worker_pool.hpp"
#include "sim/cpu_features.hpp"
#include "sim/parallel_for.hpp"
#include "sim/random.hpp"
#include "sim/swarm/swarm_random.hpp"

namespace meadow::sim {
namespace {

TEST(CellGrid, CoversTheWorldRowByRow) {
  CellGrid grid;
  grid.configure({0.0F, 0.0F, 1600.0F, 900.0F}, 28.0F);
  EXPECT_EQ(grid.columns(), 58U);  // ⌈1600 / 28⌉
  EXPECT_EQ(grid.rows(), 33U);     // ⌈900 / 28⌉
  EXPECT_EQ(grid.cell_of(0.0F, 0.0F), 0U);
  EXPECT_EQ(grid.cell_of(29.0F, 0.0F), 1U);
  EXPECT_EQ(grid.cell_of(0.0F, 29.0F), 58U);
  EXPECT_EQ(grid.cell_of(1600.0F, 900.0F), grid.cell_count() - 1);
}

TEST(CellGrid, PointsOutsideOrNotFiniteGoToABorderCell) {
  CellGrid grid;
  grid.configure({-100.0F, -50.0F, 300.0F, 200.0F}, 28.0F);
  EXPECT_EQ(grid.cell_of(-1000.0F, -1000.0F), 0U);
  EXPECT_EQ(grid.cell_of(1e9F, 1e9F), grid.cell_count() - 1);
  EXPECT_EQ(grid.cell_of(std::numeric_limits<float>::quiet_NaN(), -50.0F), 0U);
  EXPECT_EQ(grid.cell_of(std::numeric_limits<float>::infinity(), -50.0F), grid.columns() - 1);
}

// The rows cut into `parts` runs of about equal numbers of points: at n · k / parts points before.
std::vector<std::uint32_t> rows_cut_by_count(const CellGrid& grid, std::uint32_t n, std::size_t parts) {
  std::vector<std::uint32_t> before(parts);
  for (std::size_t k = 0; k < parts; ++k) before[k] = static_cast<std::uint32_t>(n * k / parts);
  return grid.rows_cut_at(before);
}

// Runs of rows of about equal numbers of points: each run holds its share, give or take one row's
// points, for a swarm bunched into a few rows; runs cover the rows in order.
TEST(CellGrid, RowsCutByCountShareThePointsOut) {
  CellGrid grid;
  grid.configure({0.0F, 0.0F, 1600.0F, 900.0F}, 8.0F);
  const CounterRandom r(3, 0, swarm_random::kPlacement);
  constexpr std::uint32_t kN = 20000;
  std::vector<float> xs(kN);
  std::vector<float> ys(kN);
  for (std::uint32_t i = 0; i < kN; ++i) {
    const std::uint64_t b = r.bits(i);
    xs[i] = 1600.0F * unit_float(b);
    // Two flocks of rows and a thin spread elsewhere.
    ys[i] = i % 10 == 0 ? 900.0F * unit_float_low(b) : (i % 2 == 0 ? 100.0F : 700.0F) + 40.0F * unit_float_low(b);
  }
  LargeVector<std::uint32_t> order;
  SerialFor serial;
  grid.sort(xs, ys, order, serial);
  std::uint32_t fullest_row = 0;
  for (std::uint32_t row = 0; row < grid.rows(); ++row) {
    fullest_row = std::max(fullest_row, grid.start((row + 1) * grid.columns()) - grid.start(row * grid.columns()));
  }
  for (const std::size_t parts : {std::size_t{1}, std::size_t{6}, std::size_t{13}}) {
    const std::vector<std::uint32_t> first = rows_cut_by_count(grid, kN, parts);
    ASSERT_EQ(first.size(), parts + 1);
    EXPECT_EQ(first.front(), 0U);
    EXPECT_EQ(first.back(), grid.rows());
    for (std::size_t k = 0; k < parts; ++k) {
      ASSERT_LE(first[k], first[k + 1]);
      const std::uint32_t held = grid.start(first[k + 1] * grid.columns()) - grid.start(first[k] * grid.columns());
      EXPECT_LE(held, kN / parts + fullest_row) << parts << " parts, run " << k;
      EXPECT_GE(held + fullest_row, kN / parts) << parts << " parts, run " << k;
    }
  }
  // Cut at uneven counts (the steer stage's chunks, biggest first): each run starts at the first
  // row before which at least that many points lie.
  const std::vector<std::uint32_t> before{0, 5000, 5001, 5001, 12000, 19990};
  const std::vector<std::uint32_t> first = grid.rows_cut_at(before);
  ASSERT_EQ(first.size(), before.size() + 1);
  EXPECT_EQ(first.back(), grid.rows());
  for (std::size_t k = 0; k < before.size(); ++k) {
    std::uint32_t row = 0;
    while (row < grid.rows() && grid.start(std::size_t{row} * grid.columns()) < before[k]) ++row;
    EXPECT_EQ(first[k], row) << "cut " << k;
  }
  // The swarm is bunched enough to matter: cut into six runs of equal numbers of rows, some run
  // would hold more than twice its share.
  std::uint32_t most = 0;
  const std::uint32_t rows_per_run = (grid.rows() + 5) / 6;
  for (std::uint32_t row = 0; row < grid.rows(); row += rows_per_run) {
    const std::uint32_t end = std::min(row + rows_per_run, grid.rows());
    most = std::max(most, grid.start(end * grid.columns()) - grid.start(row * grid.columns()));
  }
  EXPECT_GT(most, 2 * kN / 6);
}

// What a sort by cell must give: exactly the order a plain stable sort by cell gives, each cell's
// range holding exactly its points, and each place's column.
void expect_stable_sort_by_cell(const CellGrid& grid, std::span<const float> xs, std::span<const float> ys,
                                const LargeVector<std::uint32_t>& order) {
  const auto n = static_cast<std::uint32_t>(xs.size());
  std::vector<std::uint32_t> cells(n);
  for (std::uint32_t i = 0; i < n; ++i) cells[i] = grid.cell_of(xs[i], ys[i]);
  LargeVector<std::uint32_t> expected(n);
  std::iota(expected.begin(), expected.end(), 0U);
  std::stable_sort(expected.begin(), expected.end(),
                   [&](std::uint32_t a, std::uint32_t b) { return cells[a] < cells[b]; });
  ASSERT_EQ(order, expected) << "n = " << n;
  ASSERT_EQ(grid.starts().size(), grid.cell_count() + 1);
  EXPECT_EQ(grid.start(grid.cell_count()), n);
  for (std::size_t c = 0; c < grid.cell_count(); ++c) {
    for (std::uint32_t k = grid.start(c); k < grid.start(c + 1); ++k) ASSERT_EQ(cells[order[k]], c);
  }
  ASSERT_EQ(grid.sorted_columns().size(), n);
  for (std::uint32_t k = 0; k < n; ++k) ASSERT_EQ(grid.sorted_columns()[k], grid.column_of(xs[order[k]])) << k;
}

// Points bunched as a flocked swarm is: many share few cells; some lie outside the meadow.
void place_bunched(std::uint32_t n, std::uint64_t seed, std::vector<float>& xs, std::vector<float>& ys) {
  const CounterRandom r(seed, 0, swarm_random::kPlacement);
  xs.resize(n);
  ys.resize(n);
  for (std::uint32_t i = 0; i < n; ++i) {
    const std::uint64_t b = r.bits(i);
    xs[i] = 800.0F + 900.0F * signed_unit_float(b) * unit_float_low(b);
    ys[i] = 450.0F + 500.0F * signed_unit_float_low(b);
  }
}

// values in the order a sort gave (as the swarm puts its fireflies after each sort).
std::vector<float> in_order(std::span<const float> values, const LargeVector<std::uint32_t>& order) {
  std::vector<float> out(order.size());
  for (std::size_t k = 0; k < order.size(); ++k) out[k] = values[order[k]];
  return out;
}

// The parallel counting sort gives exactly the order a plain stable sort by cell gives, with
// one thread and with two.
TEST(CellGrid, CountingSortEqualsStableSort) {
  SerialFor serial;
  app::WorkerPool pool(2);
  for (ParallelFor* parallel : {static_cast<ParallelFor*>(&serial), static_cast<ParallelFor*>(&pool)}) {
    for (const std::uint32_t n : {0U, 1U, 7U, 1000U, 50000U}) {
      CellGrid grid;
      grid.configure({0.0F, 0.0F, 1600.0F, 900.0F}, 8.0F);
      std::vector<float> xs;
      std::vector<float> ys;
      place_bunched(n, n, xs, ys);
      LargeVector<std::uint32_t> order;
      grid.sort(xs, ys, order, *parallel);
      EXPECT_FALSE(grid.followed_last_sort()) << "a first sort has nothing to follow";
      expect_stable_sort_by_cell(grid, xs, ys, order);
    }
  }
}

// The swarm's way: sort, put the points in the sorted order, move each less than a row, sort
// again. The second sort finds every row's points near where the first left them, and gives what a
// sort from scratch gives; with the portable and the AVX2 row loops, on one thread and two.
TEST(CellGrid, SortingAgainAfterSmallMovesFollowsTheLastSort) {
  SerialFor serial;
  app::WorkerPool pool(2);
  for (const bool portable : {true, false}) {
    prefer_portable_code(portable);
    for (ParallelFor* parallel : {static_cast<ParallelFor*>(&serial), static_cast<ParallelFor*>(&pool)}) {
      for (const std::uint32_t n : {1U, 9U, 1000U, 50000U}) {
        CellGrid grid;
        grid.configure({0.0F, 0.0F, 1600.0F, 900.0F}, 8.0F);
        std::vector<float> xs;
        std::vector<float> ys;
        place_bunched(n, n + 1, xs, ys);
        LargeVector<std::uint32_t> order;
        grid.sort(xs, ys, order, *parallel);
        // In the sorted order, each moved by up to just under a cell (a row) either way.
        const CounterRandom r(n, 1, swarm_random::kPlacement);
        std::vector<float> moved_x = in_order(xs, order);
        std::vector<float> moved_y = in_order(ys, order);
        for (std::uint32_t k = 0; k < n; ++k) {
          const std::uint64_t b = r.bits(k);
          moved_x[k] += 7.9F * signed_unit_float(b);
          moved_y[k] += 7.9F * signed_unit_float_low(b);
        }
        grid.sort(moved_x, moved_y, order, *parallel);
        EXPECT_TRUE(grid.followed_last_sort()) << "n = " << n << (portable ? ", portable" : ", AVX2");
        expect_stable_sort_by_cell(grid, moved_x, moved_y, order);
      }
    }
  }
  prefer_portable_code(false);
}

// When a point has jumped more than a row since the last sort, or points came or went, the sort
// does not follow the last one, and its order is right all the same.
TEST(CellGrid, AJumpOrANewCountSortsFromScratch) {
  SerialFor serial;
  CellGrid grid;
  grid.configure({0.0F, 0.0F, 1600.0F, 900.0F}, 8.0F);
  std::vector<float> xs;
  std::vector<float> ys;
  place_bunched(20000, 5, xs, ys);
  LargeVector<std::uint32_t> order;
  grid.sort(xs, ys, order, serial);
  const std::vector<float> sorted_x = in_order(xs, order);
  const std::vector<float> sorted_y = in_order(ys, order);
  // One point two rows down (one well inside the meadow, so that it is not held in a border row).
  std::vector<float> jumped_y = sorted_y;
  const auto inside = std::find_if(jumped_y.begin(), jumped_y.end(), [](float y) { return y > 200.0F && y < 700.0F; });
  ASSERT_NE(inside, jumped_y.end());
  *inside += 16.5F;
  grid.sort(sorted_x, jumped_y, order, serial);
  EXPECT_FALSE(grid.followed_last_sort());
  expect_stable_sort_by_cell(grid, sorted_x, jumped_y, order);
  // Sorted again unmoved: it follows (the last sort was the one from scratch).
  std::vector<float> resorted_x = in_order(sorted_x, order);
  std::vector<float> resorted_y = in_order(jumped_y, order);
  grid.sort(resorted_x, resorted_y, order, serial);
  EXPECT_TRUE(grid.followed_last_sort());
  expect_stable_sort_by_cell(grid, resorted_x, resorted_y, order);
  // A point more.
  resorted_x.push_back(400.0F);
  resorted_y.push_back(300.0F);
  grid.sort(resorted_x, resorted_y, order, serial);
  EXPECT_FALSE(grid.followed_last_sort());
  expect_stable_sort_by_cell(grid, resorted_x, resorted_y, order);
}

}  // namespace
}  // namespace meadow::sim
