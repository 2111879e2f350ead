#pragma once
// The swarm's one interface. The CPU engine (swarm/cpu_swarm.hpp) and the Vulkan engine
// (server/gpu/, docs/gpu.md) both implement it, so the server can switch engines without losing the
// world.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "sim/land.hpp"
#include "sim/parallel_for.hpp"
#include "sim/swarm/firefly_arrays.hpp"
#include "sim/swarm/swarm_inputs.hpp"
#include "sim/swarm/swarm_light.hpp"
#include "sim/swarm/swarm_measures.hpp"
#include "sim/swarm/swarm_rules.hpp"
#include "sim/swarm/world_size.hpp"

namespace meadow::sim {

// The three rule weights as factors of their defaults: 0 switches a rule off, 3 triples it.
struct SwarmWeights {
  static constexpr float kMin = 0.0F;
  static constexpr float kMax = 3.0F;
  float separation = 1.0F;
  float alignment = 1.0F;
  float cohesion = 1.0F;
  // The speed band's factor (swarm_rules::kLeastSpeedFactor … kMostSpeedFactor), the aquarium's
  // speed setting; kept with the weights because it travels with them everywhere.
  float speed = 1.0F;
  friend bool operator==(const SwarmWeights&, const SwarmWeights&) = default;
};

// `asked` within the ranges (weights kMin … kMax, speed swarm_rules' factors); a NaN keeps that
// part of `previous`. What every engine's set_weights() keeps.
[[nodiscard]] inline SwarmWeights clamped_weights(const SwarmWeights& asked, const SwarmWeights& previous) {
  const auto clamp = [](float value, float previous_value, float least, float most) {
    return std::isnan(value) ? previous_value : std::clamp(value, least, most);
  };
  constexpr float kLow = SwarmWeights::kMin;
  constexpr float kHigh = SwarmWeights::kMax;
  return {clamp(asked.separation, previous.separation, kLow, kHigh),
          clamp(asked.alignment, previous.alignment, kLow, kHigh),
          clamp(asked.cohesion, previous.cohesion, kLow, kHigh),
          clamp(asked.speed, previous.speed, swarm_rules::kLeastSpeedFactor, swarm_rules::kMostSpeedFactor)};
}

// Read-only structure-of-arrays view of the fireflies; valid until the next step.
struct SwarmView {
  std::span<const float> x;
  std::span<const float> y;
  std::span<const float> vx;  // world units per step
  std::span<const float> vy;
};

// Everything an engine's next step depends on (its seed is the meadow's): what save() copies and
// restore() takes back.
struct SwarmEngineState {
  std::uint64_t steps = 0;
  std::uint32_t next_id = 0;  // the id the next newcomer gets
  SwarmWeights weights;
  SwarmMeasures measures;  // of the last step
  FireflyArrays fireflies;  // in the engine's order (the order of its last sort)
};

class SwarmEngine {
 public:
  // The smallest swarm a viewer can ask for.
  static constexpr std::size_t kMinCount = 100;

  virtual ~SwarmEngine() = default;
  [[nodiscard]] virtual std::string_view name() const = 0;
  [[nodiscard]] virtual std::size_t count() const = 0;
  [[nodiscard]] virtual SwarmWeights weights() const = 0;
  virtual void set_weights(SwarmWeights weights) = 0;
  // Changes the count: newcomers spread over the land the world gained since `grown_from` (the
  // world before it grew), or fly in from the edges when it did not grow; leavers are those
  // closest to an edge (docs/rules.md "The swarm · Count", population::resize). Clamped to
  // [kMinCount, max_count()].
  virtual void resize(std::size_t count, const Land& land, std::optional<Rect> grown_from) = 0;
  // The same on a world that did not grow (tests, a restored swarm). Engines add
  // `using SwarmEngine::resize;`.
  void resize(std::size_t count, const Land& land) { resize(count, land, std::nullopt); }
  [[nodiscard]] virtual std::size_t max_count() const = 0;
  // How many fireflies a meadow holds before the world grows
  // (docs/rules.md "The land · Growing and shrinking"): the density this engine is built for. It
  // may change when an engine hands over to another (the GPU's falls back).
  [[nodiscard]] virtual std::size_t fireflies_per_meadow() const { return kCpuFirefliesPerMeadow; }
  // Advances one step (1/60 s of swarm time) on the given land, steered also by the viewers'
  // tools in `inputs` (read during the call, never kept).
  virtual void step(const Land& land, const SwarmInputs& inputs, ParallelFor& parallel) = 0;
  // A step with no tools in play (tests, benchmarks). Engines add `using SwarmEngine::step;`.
  void step(const Land& land, ParallelFor& parallel) { step(land, SwarmInputs{}, parallel); }
  // What the last step measured (docs/rules.md "The swarm · Measures"); all zero before the first
  // step.
  [[nodiscard]] virtual SwarmMeasures measures() const = 0;
  [[nodiscard]] virtual SwarmView view() const = 0;
  // Each firefly's id, in the order of view() (valid as long as it is).
  [[nodiscard]] virtual std::span<const std::uint32_t> ids() const = 0;
  // Steps taken since creation; also the counter that randomness is keyed by.
  [[nodiscard]] virtual std::uint64_t steps() const = 0;
  // Copies the whole state into `out` (between steps).
  virtual void save(SwarmEngineState& out) const = 0;
  // Takes back a saved state: the next steps are those the saved engine would have taken (bit
  // for bit on the CPU). The fireflies are taken as they are (no count limit applies).
  virtual void restore(const SwarmEngineState& state) = 0;
  // The light of the fireflies as `request` asks, made where they live; nullptr (the default)
  // when the caller should raster view() itself. Engines that answer never fail here: when they
  // cannot, they answer nullptr.
  [[nodiscard]] virtual const SwarmLightFrame* light(const SwarmLightRequest& request) const {
    (void)request;
    return nullptr;
  }
  // Which of the last step's crumbs (bit k: its inputs' crumbs[k]) a firefly came within
  // tool_rules::kCrumbEat of in its move, found where the fireflies live; nullopt (the default)
  // when the caller should look in view() itself (SwarmTools::crumbs_reached). Never fails:
  // an engine that cannot say answers nullopt.
  [[nodiscard]] virtual std::optional<std::uint64_t> crumbs_reached() const { return std::nullopt; }
  // A number that changes whenever the set of the fireflies' ids may have other than by count()
  // (read beside it: leavers flying out lower it over the steps after a shrink): a resize, a
  // restore, an engine taking over from another. What a choice of fireflies by id (the live
  // trails', stream/swarm/live_trails.hpp) stays valid for. The default changes every step:
  // always safe, never kept.
  [[nodiscard]] virtual std::uint64_t population() const { return steps(); }
  // The positions of the fireflies whose ids are `wanted` (ascending, at most kMostGathered),
  // gathered where they live: out[k] is the position of wanted[k], NaN on both axes when no
  // firefly has that id; `out` is as long as `wanted`. false (the default) when the caller should
  // look in view() and ids() itself. On the GPU it reads back 8 bytes a wanted firefly instead
  // of the whole swarm.
  static constexpr std::size_t kMostGathered = 1024;
  [[nodiscard]] virtual bool gather(std::span<const std::uint32_t> wanted, std::span<Vec2> out) const {
    (void)wanted;
    (void)out;
    return false;
  }
};

}  // namespace meadow::sim
