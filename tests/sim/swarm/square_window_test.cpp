// Sums over squares (docs/rules.md "The swarm · Neighbours on the CPU") equal brute-force sums over
// the same squares, exactly.
#include "sim/swarm/square_window.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "sim/cpu_features.hpp"
#include "sim/parallel_for.hpp"
#include "sim/random.hpp"
#include "sim/swarm/cell_grid.hpp"
#include "sim/swarm/square_sums.hpp"
#include "sim/swarm/swarm_rules.hpp"
#include "sim/swarm/swarm_random.hpp"

namespace meadow::sim {
namespace {

namespace sq = squares;
namespace r = swarm_rules;

struct Swarm {
  std::vector<float> x, y, vx, vy;
};

// Fireflies sorted by cell, as the engine keeps them: half in tight clusters (many per square),
// half spread out, a few outside the world (they count to its border cells).
Swarm sorted_swarm(std::uint32_t n, const Rect& world, CellGrid& grid) {
  const CounterRandom rnd(n, 1, swarm_random::kPlacement);
  Swarm s;
  for (std::uint32_t i = 0; i < n; ++i) {
    const std::uint64_t b = rnd.bits(i);
    const std::uint64_t c = rnd.bits(i, 1);
    float x = world.x + unit_float(b) * world.width;
    float y = world.y + unit_float_low(b) * world.height;
    if (i % 2 == 0) {  // a cluster around one of 8 spots
      const auto spot = static_cast<float>(i % 16);
      x = world.x + 40.0F + spot * 0.06F * world.width + 10.0F * signed_unit_float(c);
      y = world.y + 0.5F * world.height + 10.0F * signed_unit_float_low(c);
    }
    if (i % 97 == 0) x = world.x - 30.0F;  // outside, left
    if (i % 89 == 0) y = world.bottom() + 20.0F;  // outside, below
    s.x.push_back(x);
    s.y.push_back(y);
    s.vx.push_back(3.2F * signed_unit_float(c));
    s.vy.push_back(-3.2F * unit_float_low(c));
  }
  grid.configure(world, r::kCellSize);
  LargeVector<std::uint32_t> order;
  SerialFor serial;
  grid.sort(s.x, s.y, order, serial);
  Swarm sorted;
  for (const std::uint32_t i : order) {
    sorted.x.push_back(s.x[i]);
    sorted.y.push_back(s.y[i]);
    sorted.vx.push_back(s.vx[i]);
    sorted.vy.push_back(s.vy[i]);
  }
  return sorted;
}

TEST(SquareWindow, SumsOverSquaresEqualBruteForceSumsOverTheSameSquares) {
  for (const Rect world : {Rect{0.0F, 0.0F, 1600.0F, 900.0F}, Rect{-403.0F, -117.5F, 611.0F, 301.0F}}) {
    CellGrid grid;
    const Swarm s = sorted_swarm(4000, world, grid);
    const auto columns = static_cast<std::int32_t>(2 * grid.columns());
    const auto rows = static_cast<std::int32_t>(2 * grid.rows());
    SquareWindow window;
    window.reset(grid.origin(), 2 * grid.columns(), 2 * grid.rows());
    std::vector<SquareWindow::Firefly> described;
    for (std::size_t j = 0; j < s.x.size(); ++j) described.push_back(window.describe(s.x[j], s.y[j], s.vx[j], s.vy[j]));
    const auto band_span = [&](std::int32_t b) {
      const std::uint32_t begin = grid.start(static_cast<std::size_t>(b) * grid.columns());
      const std::uint32_t end = grid.start(static_cast<std::size_t>(b + 1) * grid.columns());
      const std::size_t m = end - begin;
      return SquareWindow::Band{b, std::span<const float>(s.x).subspan(begin, m), std::span<const float>(s.y).subspan(begin, m),
                                std::span<const float>(s.vx).subspan(begin, m), std::span<const float>(s.vy).subspan(begin, m)};
    };
    const auto bands = static_cast<std::int32_t>(grid.rows());
    std::int32_t built = 0;
    std::size_t checked = 0;
    for (std::int32_t b = 0; b < bands; ++b) {
      for (; built <= std::min(b + SquareWindow::kBandsAhead, bands - 1); ++built) window.build(band_span(built));
      window.prepare(b);
      const std::uint32_t band_begin = grid.start(static_cast<std::size_t>(b) * grid.columns());
      const std::uint32_t band_end = grid.start(static_cast<std::size_t>(b + 1) * grid.columns());
      for (std::uint32_t k = band_begin; k < band_end; ++k) {
        const float px = s.x[k] - world.x;
        const float py = s.y[k] - world.y;
        // Brute force: every firefly whose square lies in the chord of its row, in 64 bits.
        std::int64_t n = 0, svx = 0, svy = 0, sx = 0, sy = 0;
        for (std::size_t j = 0; j < s.x.size(); ++j) {
          const std::int32_t row = window.row_of(s.y[j]);
          const std::int32_t col = window.column_of(s.x[j]);
          const sq::Span span = sq::chord(px, py, (static_cast<float>(row) + 0.5F) * sq::kSquareSize, r::kPerception);
          if (col < span.lo || col >= span.end) continue;
          // The window reads only these rows of a band: nothing is seen beyond them.
          ASSERT_GE(row, 2 * b - SquareWindow::kRowsAbove);
          ASSERT_LT(row, 2 * b - SquareWindow::kRowsAbove + SquareWindow::kRowsRead);
          ++n;
          svx += static_cast<std::int32_t>(sq::fixed_velocity(s.vx[j]));
          svy += static_cast<std::int32_t>(sq::fixed_velocity(s.vy[j]));
          sx += static_cast<std::int32_t>(sq::fixed_position(s.x[j] - world.x));
          sy += static_cast<std::int32_t>(sq::fixed_position(s.y[j] - world.y));
        }
        const sq::Totals t = window.read(s.x[k], s.y[k]);
        if (window.sees_own_square(s.x[k], s.y[k])) {
          ASSERT_GE(n, 1);
        }
        if (world.contains({s.x[k], s.y[k]})) {
          ASSERT_TRUE(window.sees_own_square(s.x[k], s.y[k])) << "inside, a firefly sees its own square";
        }
        ASSERT_EQ(described[k].sees_own, window.sees_own_square(s.x[k], s.y[k]) ? 1U : 0U);
        ASSERT_EQ(t.n, static_cast<std::uint32_t>(n));
        ASSERT_EQ(t.vx, static_cast<std::uint32_t>(svx));
        ASSERT_EQ(t.vy, static_cast<std::uint32_t>(svy));
        ASSERT_EQ(t.x, static_cast<std::uint32_t>(sx));
        ASSERT_EQ(t.y, static_cast<std::uint32_t>(sy));
        ++checked;
      }
    }
    EXPECT_EQ(checked, s.x.size());
    EXPECT_GT(rows, 0);
    EXPECT_GT(columns, 0);
  }
}

// Both versions (portable and, where the CPU has it, AVX2), including fireflies outside the grid,
// a tail of fewer than eight and runs shorter than eight.
TEST(SquareWindow, DescribingEightAtATimeGivesWhatOneByOneGives) {
  const Rect world{-403.0F, -117.5F, 611.0F, 301.0F};
  CellGrid grid;
  const Swarm s = sorted_swarm(1001, world, grid);  // some outside the world, an odd count
  for (const bool portable : {true, false}) {
    prefer_portable_code(portable);
    SquareWindow window;
    prefer_portable_code(false);
    window.reset(grid.origin(), 2 * grid.columns(), 2 * grid.rows());
    std::vector<SquareWindow::Firefly> eight(s.x.size());
    window.describe(s.x, s.y, s.vx, s.vy, 3, s.x.size(), eight);
    std::size_t outside = 0;
    for (std::size_t j = 3; j < s.x.size(); ++j) {
      const SquareWindow::Firefly one = window.describe(s.x[j], s.y[j], s.vx[j], s.vy[j]);
      ASSERT_EQ(std::memcmp(&one, &eight[j], sizeof one), 0)
          << (portable ? "portable" : "best") << ", firefly " << j << " at " << s.x[j] << "," << s.y[j];
      if (one.sees_own == 0U) ++outside;
    }
    EXPECT_GT(outside, 0U) << "some fireflies must lie far enough outside not to see their own square";
    // Short runs: fewer than eight (one by one), and a tail that is described as the last eight.
    for (std::size_t length = 1; length <= 17; ++length) {
      std::vector<SquareWindow::Firefly> some(s.x.size());
      window.describe(s.x, s.y, s.vx, s.vy, 5, 5 + length, some);
      for (std::size_t j = 5; j < 5 + length; ++j) {
        const SquareWindow::Firefly one = window.describe(s.x[j], s.y[j], s.vx[j], s.vy[j]);
        ASSERT_EQ(std::memcmp(&one, &some[j], sizeof one), 0) << "run of " << length << ", firefly " << j;
      }
    }
  }
}

TEST(SquareSums, ChordHoldsTheSquaresWhoseMiddlesAreInView) {
  const CounterRandom rnd(5, 0, swarm_random::kPlacement);
  for (std::uint32_t i = 0; i < 2000; ++i) {
    const std::uint64_t b = rnd.bits(i);
    const float x = 40.0F + 100.0F * unit_float(b);
    const float y = 40.0F + 100.0F * unit_float_low(b);
    for (std::int32_t row = 0; row < 50; ++row) {
      const float middle_y = (static_cast<float>(row) + 0.5F) * sq::kSquareSize;
      const sq::Span span = sq::chord(x, y, middle_y, r::kPerception);
      for (std::int32_t col = 0; col < 50; ++col) {
        const float dx = (static_cast<float>(col) + 0.5F) * sq::kSquareSize - x;
        const float dy = middle_y - y;
        const float d2 = dx * dx + dy * dy;
        const bool in = col >= span.lo && col < span.end;
        // Away from the rim (float rounding decides there), inside means within 28 units.
        if (std::abs(d2 - r::kPerception * r::kPerception) > 0.05F) {
          ASSERT_EQ(in, d2 < r::kPerception * r::kPerception) << x << "," << y << " row " << row << " col " << col;
        }
      }
    }
  }
}

TEST(SquareSums, FloorAndCeilingAreExact) {
  for (const float v : {-2.5F, -2.0F, -1e-6F, 0.0F, 1e-6F, 0.999999F, 1.0F, 7.5F, 8191.75F}) {
    EXPECT_EQ(sq::floor_int(v), static_cast<std::int32_t>(std::floor(v))) << v;
    EXPECT_EQ(sq::ceil_int(v), static_cast<std::int32_t>(std::ceil(v))) << v;
  }
}

}  // namespace
}  // namespace meadow::sim
