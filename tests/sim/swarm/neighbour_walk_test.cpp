// Separation's walk (sim/swarm/neighbour_walk.hpp): laid out once per band, column by column, the
// candidates of a cell's 3 × 3 cells give the pushes a brute-force search over every firefly
// gives, inside the world, beyond its edges, and in the first and last bands.
#include "sim/swarm/neighbour_walk.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "sim/parallel_for.hpp"
#include "sim/random.hpp"
#include "sim/swarm/swarm_rules.hpp"
#include "sim/swarm/swarm_random.hpp"

namespace meadow::sim {
namespace {

namespace r = swarm_rules;

struct Pushes {
  double separate_x = 0, separate_y = 0, personal_x = 0, personal_y = 0;
};

// The pushes on (px, py) from every firefly within reach (in doubles): Σ −d̂·(1/d − 1/reach)·d.
Pushes brute_force(float px, float py, const std::vector<float>& xs, const std::vector<float>& ys) {
  Pushes p;
  for (std::size_t j = 0; j < xs.size(); ++j) {
    const double dx = double{xs[j]} - px;
    const double dy = double{ys[j]} - py;
    const double d = std::sqrt(dx * dx + dy * dy);
    if (d == 0.0) continue;
    const double sep = std::max(0.0, 1.0 / d - 1.0 / r::kSeparationDistance);
    const double per = std::max(0.0, 1.0 / d - 1.0 / r::kPersonalSpace);
    p.separate_x -= dx * sep;
    p.separate_y -= dy * sep;
    p.personal_x -= dx * per;
    p.personal_y -= dy * per;
  }
  return p;
}

TEST(SeparationWalk, TheBandLayoutGivesThePushesOfEveryoneWithinReach) {
  const Rect world{-40.0F, 10.0F, 200.0F, 96.0F};
  CellGrid grid;
  grid.configure(world, r::kCellSize);
  // Clusters, so cells hold several fireflies and many lie within 8 units of one another, and a
  // few beyond every edge (they count to the border cells).
  const CounterRandom random(7, 0, swarm_random::kPlacement);
  std::vector<float> xs;
  std::vector<float> ys;
  for (std::uint32_t i = 0; i < 3000; ++i) {
    const std::uint64_t b = random.bits(i);
    const float cx = world.x + world.width * unit_float(random.bits(i / 40, 1));
    const float cy = world.y + world.height * unit_float_low(random.bits(i / 40, 1));
    xs.push_back(cx + 12.0F * signed_unit_float(b));
    ys.push_back(cy + 12.0F * signed_unit_float_low(b));
  }
  for (const auto& [x, y] : {std::pair{world.x - 5.0F, world.y + 40.0F}, std::pair{world.x - 30.0F, world.y - 3.0F},
                             std::pair{world.x + world.width + 2.0F, world.y + world.height + 7.0F},
                             std::pair{world.x + 100.0F, world.y - 6.0F}, std::pair{world.x + 101.0F, world.y - 2.0F},
                             std::pair{world.x + world.width + 1.0F, world.y + 50.0F}}) {
    xs.push_back(x);
    ys.push_back(y);
  }
  SerialFor serial;
  LargeVector<std::uint32_t> order;
  grid.sort(xs, ys, order, serial);
  std::vector<float> sx(xs.size());
  std::vector<float> sy(ys.size());
  for (std::size_t k = 0; k < order.size(); ++k) {
    sx[k] = xs[order[k]];
    sy[k] = ys[order[k]];
  }
  const SortedFireflies sorted{sx, sy, sx, sy};

  SeparationWalk walk;
  std::size_t checked = 0;
  std::size_t pushed = 0;
  for (std::uint32_t band = 0; band < grid.rows(); ++band) {
    walk.prepare_band(sorted, grid, band);
    for (std::uint32_t column = 0; column < grid.columns(); ++column) {
      const std::size_t cell = std::size_t{band} * grid.columns() + column;
      const SeparationWalk::Run run = walk.gather(column);
      for (std::uint32_t i = grid.start(cell); i < grid.start(cell + 1); ++i) {
        const lanes::F4 pushes = SeparationWalk::pushes(run, sx[i], sy[i]);
        const steering::NeighbourSums sums{
            .separate_x = pushes[0], .separate_y = pushes[1], .personal_x = pushes[2], .personal_y = pushes[3]};
        const Pushes want = brute_force(sx[i], sy[i], sx, sy);
        // Float sums of a few dozen terms of up to 1/10⁻⁶ against doubles.
        const auto near = [](double exact, float got) { return std::abs(exact - got) <= 1e-4 * (1.0 + std::abs(exact)); };
        ASSERT_TRUE(near(want.separate_x, sums.separate_x)) << i << ": " << want.separate_x << " vs " << sums.separate_x;
        ASSERT_TRUE(near(want.separate_y, sums.separate_y)) << i << ": " << want.separate_y << " vs " << sums.separate_y;
        ASSERT_TRUE(near(want.personal_x, sums.personal_x)) << i;
        ASSERT_TRUE(near(want.personal_y, sums.personal_y)) << i;
        ++checked;
        if (want.separate_x != 0.0 || want.separate_y != 0.0) ++pushed;
      }
    }
  }
  EXPECT_EQ(checked, xs.size());
  EXPECT_GT(pushed, xs.size() * 9 / 10) << "the test's swarm should be crowded";
}

}  // namespace
}  // namespace meadow::sim
