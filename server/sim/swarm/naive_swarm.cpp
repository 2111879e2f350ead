#include "sim/swarm/naive_swarm.hpp"

#include <algorithm>
#include <cmath>

#include "sim/random.hpp"
#include "sim/swarm/steering.hpp"
#include "sim/swarm/swarm_measures.hpp"
#include "sim/swarm/swarm_move.hpp"
#include "sim/swarm/swarm_population.hpp"
#include "sim/swarm/swarm_rules.hpp"
#include "sim/swarm/swarm_random.hpp"

namespace meadow::sim {

namespace {

namespace r = swarm_rules;

// Fireflies per chunk of steering (fixed, so measures add up the same with any threads).
constexpr std::size_t kChunk = 1024;

std::int32_t clamp_index(float p, float origin, std::int32_t n) {
  const float f = (p - origin) * (1.0F / r::kPerception);
  const auto last = static_cast<float>(n - 1);
  return static_cast<std::int32_t>(f >= 0.0F ? (f < last ? f : last) : 0.0F);
}

}  // namespace

NaiveSwarm::NaiveSwarm(std::uint64_t seed, std::size_t count, const Land& land) : seed_(seed) {
  population::place_random(f_, std::min(count, kMaxCount), land, seed_, next_id_);
}

NaiveSwarm::NaiveSwarm(std::uint64_t seed, const SwarmView& fireflies) : seed_(seed) {
  f_.reserve(fireflies.x.size());
  for (std::size_t i = 0; i < fireflies.x.size(); ++i) {
    f_.push_back(fireflies.x[i], fireflies.y[i], fireflies.vx[i], fireflies.vy[i], next_id_++);
  }
}

void NaiveSwarm::set_weights(SwarmWeights weights) {
  weights_ = clamped_weights(weights, weights_);
}

void NaiveSwarm::resize(std::size_t count, const Land& land, std::optional<Rect> grown_from) {
  population::resize(f_, std::clamp(count, kMinCount, kMaxCount), land.world(), {seed_, steps_, grown_from}, next_id_);
  ++population_;
}

void NaiveSwarm::step(const Land& land, const SwarmInputs& inputs, ParallelFor& parallel) {
  const std::size_t n = f_.size();
  const Rect world = land.world();
  const auto columns = std::max(1, static_cast<std::int32_t>(std::ceil(world.width / r::kPerception)));
  const auto rows = std::max(1, static_cast<std::int32_t>(std::ceil(world.height / r::kPerception)));
  // The linked lists: each firefly pushed onto its cell's list.
  head_.assign(static_cast<std::size_t>(columns) * static_cast<std::size_t>(rows), -1);
  next_.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    const auto cell = static_cast<std::size_t>(clamp_index(f_.y[i], world.y, rows) * columns +
                                               clamp_index(f_.x[i], world.x, columns));
    next_[i] = head_[cell];
    head_[cell] = static_cast<std::int32_t>(i);
  }
  next_vx_.resize(n);
  next_vy_.resize(n);
  const std::size_t chunks = (n + kChunk - 1) / kChunk;
  std::vector<MeasureSums> chunk_measures(chunks);
  const steering::StepRules rules{weights_, CounterRandom(seed_, steps_, swarm_random::kNudge), land.rocks(),
                                  world, steering::any_tools(inputs) ? &inputs : nullptr};
  parallel.run(n, kChunk, [&](std::size_t begin, std::size_t end) {
    MeasureSums& measures = chunk_measures[begin / kChunk];
    for (std::size_t i = begin; i < end; ++i) {
      const Vec2 p{f_.x[i], f_.y[i]};
      const Vec2 v{f_.vx[i], f_.vy[i]};
      const std::int32_t col = clamp_index(p.x, world.x, columns);
      const std::int32_t row = clamp_index(p.y, world.y, rows);
      steering::NeighbourSums s;
      std::uint32_t seen = 0;
      for (std::int32_t rr = std::max(row - 1, 0); rr <= std::min(row + 1, rows - 1); ++rr) {
        for (std::int32_t cc = std::max(col - 1, 0); cc <= std::min(col + 1, columns - 1); ++cc) {
          for (std::int32_t j = head_[static_cast<std::size_t>(rr * columns + cc)]; j >= 0;
               j = next_[static_cast<std::size_t>(j)]) {
            if (static_cast<std::size_t>(j) == i) continue;
            const auto k = static_cast<std::size_t>(j);
            const float dx = f_.x[k] - p.x;
            const float dy = f_.y[k] - p.y;
            const float d2 = dx * dx + dy * dy;
            if (d2 >= r::kPerception * r::kPerception) continue;
            ++seen;
            s.sum_vx += f_.vx[k];
            s.sum_vy += f_.vy[k];
            s.sum_dx += dx;
            s.sum_dy += dy;
            if (d2 >= r::kSeparationDistance * r::kSeparationDistance || d2 == 0.0F) continue;
            const float d = std::sqrt(d2);
            const float separate = (1.0F - d / r::kSeparationDistance) / d;
            s.separate_x -= dx * separate;
            s.separate_y -= dy * separate;
            if (d >= r::kPersonalSpace) continue;
            const float personal = (1.0F - d / r::kPersonalSpace) / d;
            s.personal_x -= dx * personal;
            s.personal_y -= dy * personal;
          }
        }
      }
      s.seen = static_cast<float>(seen);
      const Vec2 next = steering::next_velocity(s, p, v, f_.id[i], f_.flags[i], rules);
      next_vx_[i] = next.x;
      next_vy_[i] = next.y;
      measures.add(v, seen, {s.sum_vx, s.sum_vy});
    }
  });
  MeasureSums total;
  for (const MeasureSums& m : chunk_measures) total.add(m);
  measures_ = total.finish(static_cast<double>(world.width) * static_cast<double>(world.height));
  std::swap(f_.vx, next_vx_);
  std::swap(f_.vy, next_vy_);
  parallel.run(n, 16384, [&](std::size_t begin, std::size_t end) { move_fireflies(f_, world, begin, end); });
  population::settle(f_, world);
  ++steps_;
}

}  // namespace meadow::sim
