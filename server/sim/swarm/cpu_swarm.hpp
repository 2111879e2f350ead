#pragma once
// The swarm on the CPU (docs/rules.md "The swarm · Neighbours on the CPU"): a structure of arrays,
// sorted by grid cell every step with a parallel counting sort (the arrays themselves are
// reordered), then each firefly steers by the rules and moves. Alignment and cohesion come from
// sums over 4-unit squares, built band by band of cells in a rolling window that stays in cache
// (square_window.hpp); separation and personal space from the fireflies of the nearby 8-unit cells
// (neighbour_walk.hpp).
//
// Deterministic: the same seed, land and calls give the same fireflies bit for bit, whatever
// the ParallelFor's thread count (chunks are fixed, each writes only its own fireflies, the
// square sums are exact integers, and per-chunk measures are added in chunk order).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string_view>
#include <vector>

#include "sim/cpu_features.hpp"
#include "sim/geometry.hpp"
#include "sim/land.hpp"
#include "sim/parallel_for.hpp"
#include "sim/swarm/cell_grid.hpp"
#include "sim/swarm/firefly_arrays.hpp"
#include "sim/swarm/square_window.hpp"
#include "sim/swarm/swarm_engine.hpp"

namespace meadow::sim {

class SeparationWalk;
struct SortedFireflies;
struct MeasureLanes;
namespace steering {
struct StepRules;
}

class CpuSwarm final : public SwarmEngine {
 public:
  // Two million fireflies: about 45 MB of state, and at the target cost (docs/perf/swarm-cpu.md)
  // some 30 ms a step on two cores, which the pace rule (slow down rather than stutter) can still
  // carry.
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
  CpuSwarm(const CpuSwarm& other);
  CpuSwarm& operator=(const CpuSwarm&) = delete;
  ~CpuSwarm() override;

  [[nodiscard]] std::string_view name() const override { return "cpu"; }
  [[nodiscard]] std::size_t count() const override { return f_.size(); }
  [[nodiscard]] SwarmWeights weights() const override { return weights_; }
  // Each weight is clamped to [SwarmWeights::kMin, kMax]; a NaN leaves that weight as it was.
  void set_weights(SwarmWeights weights) override;
  using SwarmEngine::resize;
  void resize(std::size_t count, const Land& land, std::optional<Rect> grown_from) override;
  [[nodiscard]] std::size_t max_count() const override { return kMaxCount; }
  using SwarmEngine::step;
  void step(const Land& land, const SwarmInputs& inputs, ParallelFor& parallel) override;
  [[nodiscard]] SwarmMeasures measures() const override { return measures_; }
  [[nodiscard]] SwarmView view() const override { return {f_.x, f_.y, f_.vx, f_.vy}; }
  [[nodiscard]] std::uint64_t steps() const override { return steps_; }
  void save(SwarmEngineState& out) const override;
  void restore(const SwarmEngineState& state) override;

  // Each firefly's lifelong id, in the order of view().
  [[nodiscard]] std::span<const std::uint32_t> ids() const override { return f_.id; }
  [[nodiscard]] std::uint64_t population() const override { return population_; }
  // Each firefly's transit flags (kFlagArriving, kFlagLeaving), in the order of view(); the
  // population code sets them. Valid until the next step or resize.
  [[nodiscard]] std::span<std::uint8_t> flags() { return f_.flags; }
  [[nodiscard]] std::span<const std::uint8_t> flags() const { return f_.flags; }
  [[nodiscard]] std::uint64_t seed() const { return seed_; }

 private:
  // Stage 1: counting sort by cell, and the arrays reordered.
  void sort_by_cell(const Land& land, ParallelFor& parallel);
  // Stage 2: the rules give every firefly its new velocity (into next_vx_, next_vy_), and the
  // measures are gathered on the way.
  void steer(const Land& land, const SwarmInputs& inputs, ParallelFor& parallel);
  // Stage 3: new velocities take over; positions move and stay inside the world (fireflies in
  // transit excepted).
  void move(const Land& land, ParallelFor& parallel);
  // Stage 4: arrivals that are in lose their flag, leavers that are out are removed
  // (cpu_swarm_transits.cpp).
  void settle_transits(const Land& land);

  struct Scratch;
  // The steer stage for the fireflies [begin, end) of one band of cells (cpu_swarm_steer.cpp), in
  // its portable and its AVX2 version (the same results; sim/swarm/avx2_path.hpp), and the body
  // both are compiled from.
  void steer_band(Scratch& scratch, const SortedFireflies& sorted, std::uint32_t band, std::uint32_t begin,
                  std::uint32_t end, const steering::StepRules& rules, MeasureLanes& measures);
  void steer_band_avx2(Scratch& scratch, const SortedFireflies& sorted, std::uint32_t band, std::uint32_t begin,
                       std::uint32_t end, const steering::StepRules& rules, MeasureLanes& measures);
  template <bool kAvx2>
  void steer_band_body(Scratch& scratch, const SortedFireflies& sorted, std::uint32_t band, std::uint32_t begin,
                       std::uint32_t end, const steering::StepRules& rules, MeasureLanes& measures);

  // Per-thread scratch of the steer stage: a chunk takes one, and gives it back when done.
  std::unique_ptr<Scratch> take_scratch();
  void give_back(std::unique_ptr<Scratch> scratch);

  // Whether the steer stage runs its AVX2 version (cpu_features.hpp), chosen when the swarm is made.
  bool avx2_ = use_avx2();
  std::uint64_t seed_;
  std::uint64_t steps_ = 0;
  std::uint32_t next_id_ = 0;
  std::uint64_t population_ = 0;  // population(): bumped by resize() and restore()  // ids wrap after 2³² newcomers, harmless: they only key noise
  SwarmWeights weights_;
  SwarmMeasures measures_;
  FireflyArrays f_;        // the fireflies, in the order of the last sort
  FireflyArrays scratch_;  // the reorder's destination, swapped with f_
  LargeVector<float> next_vx_;
  LargeVector<float> next_vy_;
  LargeVector<std::uint32_t> order_;
  CellGrid grid_;
  std::mutex scratch_mutex_;
  std::vector<std::unique_ptr<Scratch>> free_scratch_;
};

}  // namespace meadow::sim
