#include "sim/swarm/cpu_swarm.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <utility>

#include "sim/random.hpp"
#include "sim/swarm/neighbour_walk.hpp"
#include "sim/swarm/steering.hpp"
#include "sim/swarm/swarm_population.hpp"
#include "sim/swarm/swarm_rules.hpp"

namespace meadow::sim {

namespace {

// Fireflies per chunk of parallel work. Fixed numbers, never derived from the thread count, so
// every chunk computes the same thing however many threads share them. Large enough that a
// chunk costs far more than handing it out; small enough that two threads balance well.
constexpr std::size_t kCellChunk = 16384;   // computing cells, reordering: a few ns a firefly
constexpr std::size_t kSteerChunk = 1024;   // steering: the expensive stage
constexpr std::size_t kMoveChunk = 16384;

float clamp_weight(float w, float previous) {
  if (std::isnan(w)) return previous;
  return std::clamp(w, SwarmWeights::kMin, SwarmWeights::kMax);
}

}  // namespace

CpuSwarm::CpuSwarm(std::uint64_t seed, std::size_t count, const Land& land) : seed_(seed) {
  population::place_random(f_, std::min(count, kMaxCount), land, seed_, next_id_);
}

CpuSwarm::CpuSwarm(std::uint64_t seed, std::span<const Firefly> fireflies) : seed_(seed) {
  f_.reserve(fireflies.size());
  for (const Firefly& ff : fireflies) {
    f_.push_back(ff.position.x, ff.position.y, ff.velocity.x, ff.velocity.y, next_id_++);
  }
}

void CpuSwarm::set_weights(SwarmWeights weights) {
  weights_.separation = clamp_weight(weights.separation, weights_.separation);
  weights_.alignment = clamp_weight(weights.alignment, weights_.alignment);
  weights_.cohesion = clamp_weight(weights.cohesion, weights_.cohesion);
}

void CpuSwarm::resize(std::size_t count, const Land& land) {
  count = std::clamp(count, kMinCount, kMaxCount);
  const std::size_t now = f_.size();
  if (count < now) {
    population::remove_nearest_edge(f_, now - count, land.world());
  } else if (count > now) {
    population::add_newcomers(f_, count - now, land.world(), seed_, steps_, next_id_);
  }
}

void CpuSwarm::step(const Land& land, ParallelFor& parallel) {
  if (!f_.x.empty()) {
    sort_by_cell(land, parallel);
    steer(land, parallel);
    move(land, parallel);
  }
  ++steps_;
}

void CpuSwarm::sort_by_cell(const Land& land, ParallelFor& parallel) {
  const std::size_t n = f_.size();
  grid_.configure(land.world(), swarm_rules::kCellSize);
  cells_.resize(n);
  parallel.run(n, kCellChunk, [this](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) cells_[i] = grid_.cell_of(f_.x[i], f_.y[i]);
  });
  // The counting sort itself is one pass over the fireflies and one over the cells: cheap next
  // to steering, so it stays on one thread (a parallel version needs per-chunk counts).
  grid_.sort(cells_, order_);
  scratch_.resize(n);
  parallel.run(n, kCellChunk, [this](std::size_t begin, std::size_t end) {
    scratch_.gather(f_, order_, begin, end);
  });
  std::swap(f_, scratch_);
}

void CpuSwarm::steer(const Land& land, ParallelFor& parallel) {
  const std::size_t n = f_.size();
  next_vx_.resize(n);
  next_vy_.resize(n);
  const SortedFireflies sorted{f_.x, f_.y, f_.vx, f_.vy};
  const CounterRandom nudge(seed_, steps_, RandomPurpose::kSwarmNudge);
  const std::span<const Rock> rocks = land.rocks();
  const Rect world = land.world();
  const SwarmWeights w = weights_;
  parallel.run(n, kSteerChunk, [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
      const Vec2 p{f_.x[i], f_.y[i]};
      const Vec2 v{f_.vx[i], f_.vy[i]};
      const steering::NeighbourSums sums = walk_neighbours(sorted, grid_, static_cast<std::uint32_t>(i));
      const Vec2 flock = steering::flocking(sums, v, w);
      const std::uint64_t bits = nudge.bits(f_.id[i]);
      const Vec2 rock = steering::rock_push(p, rocks);
      const Vec2 edge = steering::edge_push(p, world);
      const Vec2 next{v.x + flock.x + signed_unit_float(bits) * swarm_rules::kNudge + rock.x + edge.x,
                      v.y + flock.y + signed_unit_float_low(bits) * swarm_rules::kNudge + rock.y + edge.y};
      // A dead stop (practically never) resumes along the old heading's x sign.
      const Vec2 v2 = steering::clamp_speed(next, {v.x < 0.0F ? -1.0F : 1.0F, 0.0F});
      next_vx_[i] = v2.x;
      next_vy_[i] = v2.y;
    }
  });
}

void CpuSwarm::move(const Land& land, ParallelFor& parallel) {
  std::swap(f_.vx, next_vx_);
  std::swap(f_.vy, next_vy_);
  const Rect world = land.world();
  parallel.run(f_.size(), kMoveChunk, [this, world](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
      float x = f_.x[i] + f_.vx[i];
      float y = f_.y[i] + f_.vy[i];
      // The edges' soft push turns every firefly well before the edge (tests check it); this
      // hard stop only guarantees the invariant "never outside the world" in any case.
      // It bounces: the heading turns to point back inside.
      if (x < world.x) {
        x = world.x;
        f_.vx[i] = std::abs(f_.vx[i]);
      } else if (x > world.right()) {
        x = world.right();
        f_.vx[i] = -std::abs(f_.vx[i]);
      }
      if (y < world.y) {
        y = world.y;
        f_.vy[i] = std::abs(f_.vy[i]);
      } else if (y > world.bottom()) {
        y = world.bottom();
        f_.vy[i] = -std::abs(f_.vy[i]);
      }
      f_.x[i] = x;
      f_.y[i] = y;
    }
  });
}

}  // namespace meadow::sim
