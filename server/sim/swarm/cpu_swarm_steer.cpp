// The CPU swarm's steer stage (SPEC §2): bands of cells, top to bottom, in fixed chunks of bands.
// A chunk builds the square sums of the bands it reads into its own rolling window (the bands
// kBandsAhead above its first band are built again by each chunk: the price of independent
// chunks), then steers the fireflies of each band cell by cell.
#include <algorithm>
#include <cassert>
#include <cstdint>

#include "sim/swarm/cpu_swarm.hpp"
#include "sim/swarm/cpu_swarm_scratch.hpp"
#include "sim/swarm/square_sums.hpp"
#include "sim/swarm/steering.hpp"
#include "sim/swarm/swarm_measures.hpp"
#include "sim/swarm/swarm_rules.hpp"

namespace meadow::sim {

namespace {

namespace sq = squares;
namespace r = swarm_rules;

static_assert(r::kCellSize == 2.0F * sq::kSquareSize, "a cell is 2 × 2 squares");

// Bands of cells per chunk of the steer stage. Each chunk rebuilds 2 × kBandsAhead bands of
// square sums besides its own, so chunks should be long; there should also be enough of them for
// two threads to share evenly. Depends only on the number of bands, never on threads.
std::size_t bands_per_chunk(std::size_t bands) { return std::clamp<std::size_t>(bands / 12, 16, 64); }

// The rocks that can push a firefly of band [top, bottom) (units); the first and last bands also
// hold the fireflies above and below the world.
void rocks_near(std::span<const Rock> all, float top, float bottom, std::vector<Rock>& near) {
  near.clear();
  for (const Rock& rock : all) {
    const float reach = rock.radius + r::kRockReach;
    if (rock.center.y + reach >= top && rock.center.y - reach <= bottom) near.push_back(rock);
  }
}

}  // namespace

std::unique_ptr<CpuSwarm::Scratch> CpuSwarm::take_scratch() {
  const std::lock_guard lock(scratch_mutex_);
  if (free_scratch_.empty()) return std::make_unique<Scratch>();
  std::unique_ptr<Scratch> s = std::move(free_scratch_.back());
  free_scratch_.pop_back();
  return s;
}

void CpuSwarm::give_back(std::unique_ptr<Scratch> scratch) {
  const std::lock_guard lock(scratch_mutex_);
  free_scratch_.push_back(std::move(scratch));
}

void CpuSwarm::steer(const Land& land, const SwarmInputs& inputs, ParallelFor& parallel) {
  const std::size_t n = f_.size();
  next_vx_.resize(n);
  next_vy_.resize(n);
  const SortedFireflies sorted{f_.x, f_.y, f_.vx, f_.vy};
  const Rect world = land.world();
  const std::span<const Rock> rocks = land.rocks();
  const std::uint32_t columns = grid_.columns();
  const auto bands = static_cast<std::int32_t>(grid_.rows());
  const std::size_t per_chunk = bands_per_chunk(static_cast<std::size_t>(bands));
  const std::size_t chunks = (static_cast<std::size_t>(bands) + per_chunk - 1) / per_chunk;
  std::vector<MeasureSums> chunk_measures(chunks);
  const steering::StepRules step_rules{weights_, CounterRandom(seed_, steps_, RandomPurpose::kSwarmNudge), {},
                                       world, steering::any_tools(inputs) ? &inputs : nullptr};

  parallel.run(chunks, 1, [&](std::size_t chunk_begin, std::size_t chunk_end) {
    std::unique_ptr<Scratch> scratch = take_scratch();
    SquareWindow& window = scratch->window;
    SeparationWalk& walk = scratch->walk;
    steering::StepRules rules = step_rules;
    for (std::size_t chunk = chunk_begin; chunk < chunk_end; ++chunk) {
      MeasureSums& measures = chunk_measures[chunk];
      const auto first_band = static_cast<std::int32_t>(chunk * per_chunk);
      const std::int32_t last_band = std::min(first_band + static_cast<std::int32_t>(per_chunk), bands);
      window.reset(grid_.origin(), 2 * columns, 2 * grid_.rows());
      std::int32_t built = std::max(first_band - SquareWindow::kBandsAhead, 0);
      for (std::int32_t band = first_band; band < last_band; ++band) {
        for (; built <= std::min(band + SquareWindow::kBandsAhead, bands - 1); ++built) {
          const std::uint32_t b = grid_.start(static_cast<std::size_t>(built) * columns);
          const std::uint32_t e = grid_.start(static_cast<std::size_t>(built + 1) * columns);
          window.build({built, sorted.x.subspan(b, e - b), sorted.y.subspan(b, e - b), sorted.vx.subspan(b, e - b),
                        sorted.vy.subspan(b, e - b)});
        }
        const std::size_t row_base = static_cast<std::size_t>(band) * columns;
        std::uint32_t i = grid_.start(row_base);
        const std::uint32_t band_end = grid_.start(row_base + columns);
        if (i == band_end) continue;
        window.prepare(band);
        const float top = band == 0 ? -1e30F : world.y + static_cast<float>(band) * r::kCellSize;
        const float bottom = band == bands - 1 ? 1e30F : world.y + static_cast<float>(band + 1) * r::kCellSize;
        rocks_near(rocks, top, bottom, scratch->rocks);
        rules.rocks = scratch->rocks;
        while (i < band_end) {
          // One cell: its fireflies share the separation candidates.
          const std::uint32_t column = grid_.column_of(f_.x[i]);
          const std::uint32_t cell_end = grid_.start(row_base + column + 1);
          assert(cell_end > i);
          walk.gather(sorted, grid_, column, static_cast<std::uint32_t>(band));
          for (; i < cell_end; ++i) {
            const Vec2 p{f_.x[i], f_.y[i]};
            const Vec2 v{f_.vx[i], f_.vy[i]};
            // The squares seen, less the firefly itself (exact: integers modulo 2³²). Only one
            // outside the world can fail to see its own (border) square.
            const sq::Totals t = window.read(p.x, p.y);
            const sq::Totals self = window.own(p.x, p.y, v.x, v.y);
            const std::uint32_t own = window.sees_own_square(p.x, p.y) ? 1U : 0U;
            const std::uint32_t seen = t.n - own;
            steering::NeighbourSums sums;
            sums.seen = static_cast<float>(seen);
            sums.sum_vx = static_cast<float>(static_cast<std::int32_t>(t.vx - own * self.vx)) * (1.0F / sq::kVelocityScale);
            sums.sum_vy = static_cast<float>(static_cast<std::int32_t>(t.vy - own * self.vy)) * (1.0F / sq::kVelocityScale);
            // Σ(their x − own x) = Σx − t.n·own x, whether or not itself is among the t.n.
            sums.sum_dx = static_cast<float>(static_cast<std::int32_t>(t.x - t.n * self.x)) * (1.0F / sq::kPositionScale);
            sums.sum_dy = static_cast<float>(static_cast<std::int32_t>(t.y - t.n * self.y)) * (1.0F / sq::kPositionScale);
            walk.add_pushes(p.x, p.y, sums);
            const Vec2 next = steering::next_velocity(sums, p, v, f_.id[i], f_.flags[i], rules);
            next_vx_[i] = next.x;
            next_vy_[i] = next.y;
            measures.add(v, seen, {sums.sum_vx, sums.sum_vy});
          }
        }
      }
    }
    give_back(std::move(scratch));
  });

  MeasureSums total;
  for (const MeasureSums& m : chunk_measures) total.add(m);
  measures_ = total.finish(static_cast<double>(world.width) * static_cast<double>(world.height));
}

}  // namespace meadow::sim
