#pragma once
// The naive reference engine (docs/perf/swarm-cpu.md): the same rules as CpuSwarm, found the
// plain way. A grid of linked lists with cells one circle of view wide, and every firefly visits
// every other in the 3 × 3 cells around it one by one. It exists to be measured against (the
// benchmark prints the ratio) and to check the fast engine's behaviour against; never used by
// the server.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "sim/land.hpp"
#include "sim/parallel_for.hpp"
#include "sim/swarm/firefly_arrays.hpp"
#include "sim/swarm/swarm_engine.hpp"

namespace meadow::sim {

class NaiveSwarm final : public SwarmEngine {
 public:
  static constexpr std::size_t kMaxCount = 2'000'000;

  // The same fireflies as CpuSwarm(seed, count, land) starts with.
  NaiveSwarm(std::uint64_t seed, std::size_t count, const Land& land);
  // A swarm of exactly these fireflies (e.g. another engine's, already flocked); ids 0, 1, 2, ….
  NaiveSwarm(std::uint64_t seed, const SwarmView& fireflies);

  [[nodiscard]] std::string_view name() const override { return "naive"; }
  [[nodiscard]] std::size_t count() const override { return f_.size(); }
  [[nodiscard]] SwarmWeights weights() const override { return weights_; }
  void set_weights(SwarmWeights weights) override;
  using SwarmEngine::resize;
  void resize(std::size_t count, const Land& land, std::optional<Rect> grown_from) override;
  [[nodiscard]] std::size_t max_count() const override { return kMaxCount; }
  using SwarmEngine::step;
  void step(const Land& land, const SwarmInputs& inputs, ParallelFor& parallel) override;
  [[nodiscard]] SwarmMeasures measures() const override { return measures_; }
  [[nodiscard]] SwarmView view() const override { return {f_.x, f_.y, f_.vx, f_.vy}; }
  [[nodiscard]] std::uint64_t steps() const override { return steps_; }
  [[nodiscard]] std::span<const std::uint32_t> ids() const override { return f_.id; }
  void save(SwarmEngineState& out) const override { out = {steps_, next_id_, weights_, measures_, f_}; }
  void restore(const SwarmEngineState& state) override {
    steps_ = state.steps;
    next_id_ = state.next_id;
    weights_ = state.weights;
    measures_ = state.measures;
    f_ = state.fireflies;
    ++population_;
  }
  [[nodiscard]] std::uint64_t population() const override { return population_; }

 private:
  std::uint64_t seed_;
  std::uint64_t steps_ = 0;
  std::uint32_t next_id_ = 0;
  std::uint64_t population_ = 0;  // population(): bumped by resize() and restore()
  SwarmWeights weights_;
  SwarmMeasures measures_;
  FireflyArrays f_;
  LargeVector<float> next_vx_;
  LargeVector<float> next_vy_;
  std::vector<std::int32_t> head_;  // per cell: its first firefly, -1 when empty
  std::vector<std::int32_t> next_;  // per firefly: the next one in its cell, -1 at the end
};

}  // namespace meadow::sim
