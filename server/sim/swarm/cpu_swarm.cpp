#include "sim/swarm/cpu_swarm.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <utility>

#include "sim/swarm/cpu_swarm_scratch.hpp"
#include "sim/swarm/swarm_move.hpp"
#include "sim/swarm/swarm_population.hpp"
#include "sim/swarm/swarm_rules.hpp"

namespace meadow::sim {

CpuSwarm::CpuSwarm(std::uint64_t seed, std::size_t count, const Land& land) : seed_(seed) {
  population::place_random(f_, std::min(count, kMaxCount), land, seed_, next_id_);
}

CpuSwarm::CpuSwarm(std::uint64_t seed, std::span<const Firefly> fireflies) : seed_(seed) {
  f_.reserve(fireflies.size());
  for (const Firefly& ff : fireflies) {
    f_.push_back(ff.position.x, ff.position.y, ff.velocity.x, ff.velocity.y, next_id_++);
  }
}

// A copy takes the swarm, not the scratch (each swarm grows its own).
CpuSwarm::CpuSwarm(const CpuSwarm& other)
    : SwarmEngine(other),
      seed_(other.seed_),
      steps_(other.steps_),
      next_id_(other.next_id_),
      weights_(other.weights_),
      measures_(other.measures_),
      f_(other.f_) {}

CpuSwarm::~CpuSwarm() = default;

void CpuSwarm::save(SwarmEngineState& out) const {
  out.steps = steps_;
  out.next_id = next_id_;
  out.weights = weights_;
  out.measures = measures_;
  out.fireflies = f_;
}

void CpuSwarm::restore(const SwarmEngineState& state) {
  steps_ = state.steps;
  next_id_ = state.next_id;
  weights_ = state.weights;
  measures_ = state.measures;
  f_ = state.fireflies;  // the scratch arrays follow the count at the next step
  ++population_;
}

void CpuSwarm::set_weights(SwarmWeights weights) {
  weights_ = clamped_weights(weights, weights_);
}

void CpuSwarm::resize(std::size_t count, const Land& land, std::optional<Rect> grown_from) {
  // Leavers are flagged and fly out, newcomers fly in (swarm_population.hpp owns the rules).
  population::resize(f_, std::clamp(count, kMinCount, kMaxCount), land.world(), {seed_, steps_, grown_from}, next_id_);
  ++population_;
}

void CpuSwarm::step(const Land& land, const SwarmInputs& inputs, ParallelFor& parallel) {
  if (!f_.x.empty()) {
    sort_by_cell(land, parallel);
    steer(land, inputs, parallel);
    move(land, parallel);
    settle_transits(land);
  } else {
    measures_ = {};
  }
  ++steps_;
}

void CpuSwarm::sort_by_cell(const Land& land, ParallelFor& parallel) {
  const std::size_t n = f_.size();
  grid_.configure(land.world(), swarm_rules::kCellSize);
  grid_.sort(f_.x, f_.y, order_, parallel);
  scratch_.resize(n);
  // Chunks from the number of fireflies alone, never the thread count (streaming_grain).
  parallel.run(n, streaming_grain(n), [this](std::size_t begin, std::size_t end) {
    scratch_.gather(f_, order_, begin, end);
  });
  std::swap(f_, scratch_);
}

void CpuSwarm::move(const Land& land, ParallelFor& parallel) {
  std::swap(f_.vx, next_vx_);
  std::swap(f_.vy, next_vy_);
  const Rect world = land.world();
  parallel.run(f_.size(), streaming_grain(f_.size()), [this, world](std::size_t begin, std::size_t end) {
    move_fireflies(f_, world, begin, end);
  });
}

}  // namespace meadow::sim
