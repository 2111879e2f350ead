#pragma once
// The swarm on the CPU (SPEC §2): a structure of arrays, sorted by grid cell every step with a
// counting sort (the arrays themselves are reordered), then each firefly steers by the rules and
// moves. One step is three separable stages (sort, steer, move) so that issue 3 can swap the
// neighbour search for sums over squares without touching the rest.
//
// Deterministic: the same seed, land and calls give the same fireflies bit for bit, whatever
// the ParallelFor's thread count (chunks are fixed and each writes only its own fireflies).
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "sim/geometry.hpp"
#include "sim/land.hpp"
#include "sim/parallel_for.hpp"
#include "sim/swarm/cell_grid.hpp"
#include "sim/swarm/firefly_arrays.hpp"
#include "sim/swarm/swarm_engine.hpp"

namespace meadow::sim {

class CpuSwarm final : public SwarmEngine {
 public:
  // Two million fireflies: about 40 MB of state, and at issue 3's target cost some 30 ms a step on
  // two cores, which the pace rule (slow down rather than stutter) can still carry.
  static constexpr std::size_t kMaxCount = 2'000'000;

  // One firefly given exactly (tests, restoring a snapshot).
  struct Firefly {
    Vec2 position;  // units
    Vec2 velocity;  // units/step
  };

  // A new swarm of `count` fireflies (at most kMaxCount) spread over the land's world, off its
  // rocks, with random headings and speeds within the band.
  CpuSwarm(std::uint64_t seed, std::size_t count, const Land& land);
  // A swarm of exactly these fireflies, in this order; ids 0, 1, 2, … (no count limits apply).
  CpuSwarm(std::uint64_t seed, std::span<const Firefly> fireflies);

  [[nodiscard]] std::string_view name() const override { return "cpu"; }
  [[nodiscard]] std::size_t count() const override { return f_.size(); }
  [[nodiscard]] SwarmWeights weights() const override { return weights_; }
  // Each weight is clamped to [SwarmWeights::kMin, kMax]; a NaN leaves that weight as it was.
  void set_weights(SwarmWeights weights) override;
  void resize(std::size_t count, const Land& land) override;
  [[nodiscard]] std::size_t max_count() const override { return kMaxCount; }
  void step(const Land& land, ParallelFor& parallel) override;
  [[nodiscard]] SwarmView view() const override { return {f_.x, f_.y, f_.vx, f_.vy}; }
  [[nodiscard]] std::uint64_t steps() const override { return steps_; }

  // Each firefly's lifelong id, in the order of view().
  [[nodiscard]] std::span<const std::uint32_t> ids() const { return f_.id; }
  [[nodiscard]] std::uint64_t seed() const { return seed_; }

 private:
  // Stage 1: cell of every firefly, counting sort, reorder the arrays.
  void sort_by_cell(const Land& land, ParallelFor& parallel);
  // Stage 2: the rules give every firefly its new velocity (into next_vx_, next_vy_).
  void steer(const Land& land, ParallelFor& parallel);
  // Stage 3: new velocities take over; positions move and stay inside the world.
  void move(const Land& land, ParallelFor& parallel);

  std::uint64_t seed_;
  std::uint64_t steps_ = 0;
  std::uint32_t next_id_ = 0;  // ids wrap after 2³² newcomers, harmless: they only key noise
  SwarmWeights weights_;
  FireflyArrays f_;        // the fireflies, in the order of the last sort
  FireflyArrays scratch_;  // the reorder's destination, swapped with f_
  std::vector<float> next_vx_;
  std::vector<float> next_vy_;
  std::vector<std::uint32_t> cells_;
  std::vector<std::uint32_t> order_;
  CellGrid grid_;
};

}  // namespace meadow::sim
