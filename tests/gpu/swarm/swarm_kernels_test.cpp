#include "gpu/swarm/swarm_kernels.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "gpu_fixture.hpp"
#include "gpu/swarm/swarm_params.hpp"
#include "sim/parallel_for.hpp"
#include "sim/swarm/cell_grid.hpp"
#include "sim/swarm/firefly_arrays.hpp"
#include "sim/swarm/square_sums.hpp"
#include "sim/swarm/square_window.hpp"
#include "sim/swarm/swarm_population.hpp"
#include "sim/swarm/swarm_rules.hpp"
#include "sim/swarm/tool_rules.hpp"
#include "swarm_test_state.hpp"

namespace meadow::gpu {
namespace {

using SwarmKernelsTest = testing::GpuTest;

// Fireflies written to the kernels' state in this order, ids 0, 1, 2, …; a few of them outside
// the world (on their way in or out), which count to the nearest border cell.
struct Input {
  std::vector<float> x, y, vx, vy;
};

Input make_input(const std::vector<sim::CpuSwarm::Firefly>& ff, const sim::Rect& world) {
  Input in;
  for (const auto& f : ff) {
    in.x.push_back(f.position.x);
    in.y.push_back(f.position.y);
    in.vx.push_back(f.velocity.x);
    in.vy.push_back(f.velocity.y);
  }
  for (int k = 0; k < 40; ++k) {  // outside every edge, and past the corners
    const auto t = static_cast<float>(k) / 40.0F;
    in.x.push_back(k % 4 == 0 ? world.x - 30.0F : (k % 4 == 1 ? world.right() + 50.0F : world.x + t * world.width));
    in.y.push_back(k % 4 == 2 ? world.y - 12.0F : (k % 4 == 3 ? world.bottom() + 70.0F : world.y + t * world.height));
    in.vx.push_back(1.0F);
    in.vy.push_back(-2.0F);
  }
  return in;
}

void write_state(SwarmKernels& kernels, const Input& in) {
  kernels.reserve(in.x.size());
  for (std::size_t i = 0; i < in.x.size(); ++i) {
    kernels.state()[i] = {in.x[i], in.y[i], in.vx[i], in.vy[i]};
    kernels.meta()[i] = {static_cast<std::uint32_t>(i), 0U};
  }
  kernels.upload(in.x.size());
}

template <typename T>
std::vector<T> read(VulkanContext& context, const Buffer& buffer, std::size_t n) {
  Buffer host(context, n * sizeof(T), Memory::kShared);
  copy_and_wait(context, buffer, host, n * sizeof(T));
  const std::span<const T> s = host.as<const T>();
  return {s.begin(), s.begin() + static_cast<std::ptrdiff_t>(n)};
}

struct Prepared {
  sim::Land land = testing::rocky_land();
  Input in;
  SwarmParams params{};
};

Prepared prepare(SwarmKernels& kernels, std::size_t count) {
  Prepared p;
  p.in = make_input(testing::flocked_fireflies(3, count, p.land, 120), p.land.world());
  write_state(kernels, p.in);
  p.params = make_params(p.land.world(), p.in.x.size(), {}, 11, 0, p.land.rocks(), {}, kernels.marks());
  kernels.prepare(p.params);
  return p;
}

// The counting sort: cell starts exactly the CPU's, and in each cell the same fireflies (the
// order within a cell is the atomics', so it is compared as a multiset), carrying their state.
TEST_F(SwarmKernelsTest, CountingSortGivesTheCpuCellsAndTheSameFirefliesInEach) {
  SwarmKernels kernels(context());
  const Prepared p = prepare(kernels, 20000);
  VkCommandBuffer commands = context().begin();
  kernels.record_sort(commands);
  context().submit_and_wait();
  const std::size_t n = p.in.x.size();
  const auto starts = read<std::uint32_t>(context(), kernels.starts(), p.params.cells + 1);
  const auto sorted = read<GpuFirefly>(context(), kernels.sorted_state(), n);
  const auto meta = read<GpuFireflyMeta>(context(), kernels.sorted_meta(), n);

  sim::CellGrid grid;
  grid.configure(p.land.world(), sim::swarm_rules::kCellSize);
  sim::LargeVector<std::uint32_t> order;
  sim::SerialFor serial;
  grid.sort(p.in.x, p.in.y, order, serial);
  ASSERT_EQ(grid.cell_count(), p.params.cells);
  ASSERT_EQ(starts.size(), grid.starts().size());
  EXPECT_TRUE(std::equal(starts.begin(), starts.end(), grid.starts().begin()));
  std::size_t cells_differing = 0;
  for (std::size_t c = 0; c < grid.cell_count(); ++c) {
    std::vector<std::uint32_t> cpu(order.begin() + grid.start(c), order.begin() + grid.start(c + 1));
    std::vector<std::uint32_t> gpu;
    for (std::uint32_t k = starts[c]; k < starts[c + 1]; ++k) gpu.push_back(meta[k].id);
    std::sort(cpu.begin(), cpu.end());
    std::sort(gpu.begin(), gpu.end());
    cells_differing += cpu != gpu ? 1 : 0;
  }
  EXPECT_EQ(cells_differing, 0U);
  for (std::size_t k = 0; k < n; ++k) {
    const std::uint32_t id = meta[k].id;
    ASSERT_EQ(sorted[k].x, p.in.x[id]);
    ASSERT_EQ(sorted[k].vy, p.in.vy[id]);
  }
}

// The square sums: exactly the CPU's squares (SquareWindow's column_of and row_of) and exactly
// its fixed-point sums (SquareWindow::own added modulo 2^32), whatever order the sort left.
TEST_F(SwarmKernelsTest, SquareSumsAreExactlyTheCpuSquares) {
  SwarmKernels kernels(context());
  const Prepared p = prepare(kernels, 20000);
  VkCommandBuffer commands = context().begin();
  kernels.record_sort(commands);
  kernels.record_square_sums(commands);
  context().submit_and_wait();
  const std::size_t squares = std::size_t{p.params.cells} * 4;
  const auto counts = read<std::uint32_t>(context(), kernels.square_counts(), squares);
  const auto sums = read<std::uint32_t>(context(), kernels.square_sums(), squares * 4);

  sim::SquareWindow window;
  const sim::Rect world = p.land.world();
  window.reset({world.x, world.y}, p.params.square_columns, p.params.square_rows);
  std::vector<std::uint32_t> cpu_counts(squares, 0);
  std::vector<std::uint32_t> cpu_sums(squares * 4, 0);
  for (std::size_t i = 0; i < p.in.x.size(); ++i) {
    const auto c = static_cast<std::size_t>(window.column_of(p.in.x[i]));
    const auto r = static_cast<std::size_t>(window.row_of(p.in.y[i]));
    const std::size_t s = r * p.params.square_columns + c;
    const sim::squares::Totals own = window.own(p.in.x[i], p.in.y[i], p.in.vx[i], p.in.vy[i]);
    cpu_counts[s] += own.n;
    cpu_sums[s * 4 + 0] += own.x;
    cpu_sums[s * 4 + 1] += own.y;
    cpu_sums[s * 4 + 2] += own.vx;
    cpu_sums[s * 4 + 3] += own.vy;
  }
  EXPECT_TRUE(std::equal(counts.begin(), counts.end(), cpu_counts.begin()));
  EXPECT_TRUE(std::equal(sums.begin(), sums.end(), cpu_sums.begin()));

  // The running totals along each row: entry c is the sum of the squares left of c, exactly.
  const std::size_t columns = p.params.square_columns;
  const std::size_t entries = (columns + 1) * p.params.square_rows;
  const auto row_counts = read<std::uint32_t>(context(), kernels.row_counts(), entries);
  const auto row_sums = read<std::uint32_t>(context(), kernels.row_sums(), entries * 4);
  std::size_t wrong = 0;
  for (std::size_t r = 0; r < p.params.square_rows; ++r) {
    std::uint32_t n = 0;
    std::uint32_t t[4] = {};
    for (std::size_t c = 0; c <= columns; ++c) {
      const std::size_t e = r * (columns + 1) + c;
      wrong += row_counts[e] != n ? 1 : 0;
      for (int k = 0; k < 4; ++k) wrong += row_sums[e * 4 + k] != t[k] ? 1 : 0;
      if (c == columns) break;
      n += cpu_counts[r * columns + c];
      for (int k = 0; k < 4; ++k) t[k] += cpu_sums[(r * columns + c) * 4 + k];
    }
  }
  EXPECT_EQ(wrong, 0U);
  EXPECT_GE(*std::max_element(counts.begin(), counts.end()), 3U);  // shared squares were tested
}

// The transits' stage against population::settle, from the same fireflies: ordinary ones,
// arrivals inside the world and still outside it, leavers inside, just out and far enough out,
// and the cases on the lines (a leaver exactly leave_beyond out stays; an arrival exactly on
// the edge is in). Exactly the same fireflies are kept, in the same order, with the same flags
// and state; the counts say how many are left and how many still in transit. More than 1,024
// of them (the scan's blocks) in buffers with room to spare (the keeps past the count are 0).
TEST_F(SwarmKernelsTest, TheTransitsStageSettlesExactlyAsTheCpu) {
  SwarmKernels kernels(context());
  const sim::Land land = testing::rocky_land();
  const sim::Rect world = land.world();
  constexpr float kBeyond = sim::tool_rules::kLeaveBeyond;
  sim::FireflyArrays f;
  std::mt19937 random(7);
  std::uniform_real_distribution<float> inside(-3.0F * kBeyond, 1.0F);  // from an edge inwards
  std::uniform_real_distribution<float> along(0.0F, 1.0F);
  for (std::uint32_t i = 0; i < 20000; ++i) {
    // Three in four near an edge, mostly outside it (some far out); the rest anywhere inside.
    float x = world.x + along(random) * world.width;
    float y = world.y + along(random) * world.height;
    const float d = inside(random) * (i % 7 == 0 ? 100.0F : 1.0F);
    switch (i % 4) {
      case 0: x = world.x + d; break;
      case 1: x = world.right() - d; break;
      case 2: y = world.y + d; break;
      default: break;
    }
    const std::uint8_t flags = i % 3 == 0 ? 0 : (i % 3 == 1 ? sim::kFlagArriving : sim::kFlagLeaving);
    f.push_back(x, y, 1.0F, -1.0F, i, flags);
  }
  const auto add = [&f](float x, float y, std::uint8_t flags) {
    f.push_back(x, y, 0.5F, 0.5F, static_cast<std::uint32_t>(f.size()), flags);
  };
  add(world.x - kBeyond, world.y + 100.0F, sim::kFlagLeaving);                  // on the line: stays
  add(std::nextafter(world.x - kBeyond, -INFINITY), 300.0F, sim::kFlagLeaving);  // just past: gone
  add(world.right() + kBeyond, 200.0F, sim::kFlagLeaving);
  add(world.x, world.y, sim::kFlagArriving);                                     // on the corner: in
  add(world.right(), world.bottom(), sim::kFlagArriving);
  add(std::nextafter(world.right(), INFINITY), 400.0F, sim::kFlagArriving);      // just out: not yet
  const std::size_t n = f.size();

  kernels.reserve(3 * n);
  for (std::size_t i = 0; i < n; ++i) {
    kernels.state()[i] = {f.x[i], f.y[i], f.vx[i], f.vy[i]};
    kernels.meta()[i] = {f.id[i], f.flags[i]};
  }
  kernels.upload(n);
  kernels.prepare(make_params(world, n, {}, 11, 0, land.rocks(), {}, kernels.marks()));
  VkCommandBuffer commands = context().begin();
  kernels.record_settle(commands);
  host_read_barrier(commands);
  context().submit_and_wait();

  sim::population::settle(f, world);
  const GpuTransitCounts counts = kernels.transit_counts();
  ASSERT_EQ(counts.kept, f.size());
  ASSERT_LT(f.size(), n - 1000);  // many left, and many stayed
  ASSERT_GT(f.size(), n / 2);
  EXPECT_EQ(counts.in_transit,
            static_cast<std::size_t>(std::ranges::count_if(f.flags, [](std::uint8_t fl) { return fl != 0; })));
  EXPECT_GT(counts.in_transit, 1000U);
  kernels.download(f.size());
  std::size_t differing = 0;
  for (std::size_t i = 0; i < f.size(); ++i) {
    const GpuFirefly s = kernels.state()[i];
    const GpuFireflyMeta m = kernels.meta()[i];
    const bool same = m.id == f.id[i] && m.flags == f.flags[i] && s.x == f.x[i] && s.y == f.y[i] &&
                      s.vx == f.vx[i] && s.vy == f.vy[i];
    if (!same && differing++ < 5) {
      ADD_FAILURE() << "at " << i << ": GPU id " << m.id << " flags " << m.flags << ", CPU id " << f.id[i]
                    << " flags " << int{f.flags[i]};
    }
  }
  EXPECT_EQ(differing, 0U);
}

}  // namespace
}  // namespace meadow::gpu
