#pragma once
// A test-only SwarmEngine: fireflies where the test puts them, no rules. It lets the stream
// tests build a sim::Meadow without depending on the CPU engine.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "sim/swarm/swarm_engine.hpp"

namespace meadow::testing {

class FakeSwarm final : public sim::SwarmEngine {
 public:
  std::vector<float> x, y, vx, vy;
  std::vector<std::uint32_t> fake_ids;  // ids() (empty unless a test fills it)
  std::uint64_t fake_population = 0;    // population(): a test moves it as a resize would
  mutable std::size_t views = 0;        // view() calls (a read-back on the GPU)
  sim::SwarmWeights current;

  [[nodiscard]] std::string_view name() const override { return "fake"; }
  [[nodiscard]] std::size_t count() const override { return x.size(); }
  [[nodiscard]] sim::SwarmWeights weights() const override { return current; }
  void set_weights(sim::SwarmWeights w) override { current = w; }
  using sim::SwarmEngine::resize;
  void resize(std::size_t n, const sim::Land& /*land*/, std::optional<sim::Rect> /*grown_from*/) override {
    resized_to = n;
    x.resize(n, 800.0F);
    y.resize(n, 450.0F);
    vx.resize(n, 0.0F);
    vy.resize(n, 0.0F);
  }
  [[nodiscard]] std::size_t max_count() const override { return 1'000'000; }
  sim::SwarmMeasures measured;  // what measures() reports
  std::size_t resized_to = 0;   // the last count asked of resize()

  using sim::SwarmEngine::step;
  // Moves every firefly by its velocity; the tools are ignored.
  void step(const sim::Land& /*land*/, const sim::SwarmInputs& /*inputs*/,
            sim::ParallelFor& /*parallel*/) override {
    for (std::size_t i = 0; i < x.size(); ++i) {
      x[i] += vx[i];
      y[i] += vy[i];
    }
    ++steps_;
  }
  [[nodiscard]] sim::SwarmMeasures measures() const override { return measured; }
  [[nodiscard]] sim::SwarmView view() const override {
    ++views;
    return {x, y, vx, vy};
  }
  [[nodiscard]] std::uint64_t population() const override { return fake_population; }
  [[nodiscard]] std::span<const std::uint32_t> ids() const override { return fake_ids; }
  [[nodiscard]] std::uint64_t steps() const override { return steps_; }
  void save(sim::SwarmEngineState& out) const override {
    out.steps = steps_;
    out.weights = current;
    out.measures = measured;
    out.fireflies = {};
    for (std::size_t i = 0; i < x.size(); ++i) out.fireflies.push_back(x[i], y[i], vx[i], vy[i], 0);
  }
  void restore(const sim::SwarmEngineState& state) override {
    steps_ = state.steps;
    current = state.weights;
    measured = state.measures;
    const sim::FireflyArrays& f = state.fireflies;
    x.assign(f.x.begin(), f.x.end());
    y.assign(f.y.begin(), f.y.end());
    vx.assign(f.vx.begin(), f.vx.end());
    vy.assign(f.vy.begin(), f.vy.end());
  }

 private:
  std::uint64_t steps_ = 0;
};

}  // namespace meadow::testing
