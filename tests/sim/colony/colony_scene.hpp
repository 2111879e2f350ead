#pragma once
// Helpers for the colony tests: hand-made scenes (a ColonyState built firefly by firefly) and
// running a colony for a while. Everything on the 1600 × 900 meadow with the default stump.
#include <cmath>
#include <cstdint>
#include <functional>
#include <variant>
#include <vector>

#include "sim/colony/colony.hpp"
#include "sim/land.hpp"

namespace meadow::sim::testing {

inline constexpr Rect kMeadow{0.0F, 0.0F, kMeadowWidth, kMeadowHeight};
// The land the colony tests run on: one meadow, no rocks.
inline const Land kLand;

inline Vec2 stump_of(const ColonyParams& p = {}) { return stump_center(kMeadow, p); }

// A scene: add fireflies and flowers, then make a Colony of it.
class Scene {
 public:
  explicit Scene(double store = 0.5) { state_.store = store; }

  ColonyFirefly& firefly(Vec2 at, FireflyState state = FireflyState::wandering, float energy = 1.0F) {
    ColonyFirefly f;
    f.id = state_.next_firefly_id++;
    f.at = at;
    f.state = state;
    f.energy = energy;
    f.period = 90.0F;
    f.velocity = {2.0F, 0.0F};
    state_.fireflies.push_back(f);
    return state_.fireflies.back();
  }
  std::uint32_t flower(Vec2 at, std::uint32_t sips = 90) {
    const std::uint32_t id = state_.next_flower_id++;
    // In bloom, at the start of a default life.
    state_.flowers.push_back(Flower{id, at, sips, FlowerStage::bloom, 0, ColonyParams{}.flower_life_steps, true});
    return id;
  }
  ColonyState& state() { return state_; }
  [[nodiscard]] Colony make(const ColonyParams& params = {}, std::uint64_t seed = 11) const {
    return Colony(seed, kMeadow, params, state_);
  }

 private:
  ColonyState state_;
};

// Steps the colony `steps` times on `land`, calling `each` (if any) after every step.
inline void run(Colony& colony, const Land& land, int steps,
                const std::function<void(const Colony&)>& each = {}) {
  for (int s = 0; s < steps; ++s) {
    colony.step(land, colony.state().step);
    if (each) each(colony);
  }
}

template <typename Event>
std::vector<Event> events_of(const Colony& colony) {
  std::vector<Event> out;
  for (const ColonyEvent& e : colony.events().events()) {
    if (const auto* body = std::get_if<Event>(&e.body)) out.push_back(*body);
  }
  return out;
}

}  // namespace meadow::sim::testing
