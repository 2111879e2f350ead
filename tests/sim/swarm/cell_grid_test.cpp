#include "sim/swarm/cell_grid.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <vector>

#include "app/worker_pool.hpp"
#include "sim/parallel_for.hpp"
#include "sim/random.hpp"

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

// The parallel counting sort gives exactly the order a plain stable sort by cell gives, with
// one thread and with two.
TEST(CellGrid, CountingSortEqualsStableSort) {
  SerialFor serial;
  app::WorkerPool pool(2);
  for (ParallelFor* parallel : {static_cast<ParallelFor*>(&serial), static_cast<ParallelFor*>(&pool)}) {
  for (const std::uint32_t n : {0U, 1U, 7U, 1000U, 50000U}) {
    CellGrid grid;
    grid.configure({0.0F, 0.0F, 1600.0F, 900.0F}, 8.0F);
    const CounterRandom r(n, 0, RandomPurpose::kSwarmPlacement);
    std::vector<std::uint32_t> cells(n);
    std::vector<float> xs(n);
    std::vector<float> ys(n);
    for (std::uint32_t i = 0; i < n; ++i) {
      // Clustered, as a flocked swarm is: many fireflies share few cells; some lie outside.
      const std::uint64_t b = r.bits(i);
      xs[i] = 800.0F + 900.0F * signed_unit_float(b) * unit_float_low(b);
      ys[i] = 450.0F + 500.0F * signed_unit_float_low(b);
      cells[i] = grid.cell_of(xs[i], ys[i]);
    }
    LargeVector<std::uint32_t> order;
    grid.sort(xs, ys, order, *parallel);

    LargeVector<std::uint32_t> expected(n);
    std::iota(expected.begin(), expected.end(), 0U);
    std::stable_sort(expected.begin(), expected.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return cells[a] < cells[b]; });
    EXPECT_EQ(order, expected) << "n = " << n;

    // Every cell's range holds exactly its fireflies.
    ASSERT_EQ(grid.starts().size(), grid.cell_count() + 1);
    EXPECT_EQ(grid.start(grid.cell_count()), n);
    for (std::size_t c = 0; c < grid.cell_count(); ++c) {
      for (std::uint32_t k = grid.start(c); k < grid.start(c + 1); ++k) ASSERT_EQ(cells[order[k]], c);
    }
    // Each place's column, as the walks take it from the sort.
    ASSERT_EQ(grid.sorted_columns().size(), n);
    for (std::uint32_t k = 0; k < n; ++k) ASSERT_EQ(grid.sorted_columns()[k], grid.column_of(xs[order[k]])) << k;
  }
  }
}

}  // namespace
}  // namespace meadow::sim
