#include "sim/meadow.hpp"

#include <cassert>
#include <type_traits>
#include <utility>

namespace meadow::sim {

namespace {

ActionOutcome refused(std::string code, std::string reason) {
  return ActionOutcome{false, std::move(code), std::move(reason)};
}

}  // namespace

Meadow::Meadow(std::uint64_t seed, std::unique_ptr<SwarmEngine> swarm)
    : seed_(seed), swarm_(std::move(swarm)) {
  assert(swarm_ != nullptr);
}

ActionOutcome Meadow::apply(Action& action) {
  action.tick = tick_;
  return std::visit(
      [this](const auto& body) -> ActionOutcome {
        using T = std::decay_t<decltype(body)>;
        if constexpr (std::is_same_v<T, RockTap>) {
          if (const auto id = land_.rock_at(body.at)) {
            land_.remove_rock(*id);
            return {};
          }
          if (!land_.world().contains(body.at)) {
            return refused("outside_world", "Rocks can only be placed inside the world.");
          }
          if (!land_.add_rock(body.at)) {
            return refused("rock_limit", "The meadow already holds as many rocks as it can.");
          }
          return {};
        } else {
          static_assert(std::is_same_v<T, SwarmSettingsChange>);
          SwarmWeights w = swarm_->weights();
          if (body.separation) w.separation = *body.separation;
          if (body.alignment) w.alignment = *body.alignment;
          if (body.cohesion) w.cohesion = *body.cohesion;
          swarm_->set_weights(w);
          if (body.count && *body.count != swarm_->count()) {
            swarm_->resize(*body.count, land_);
          }
          return {};
        }
      },
      action.body);
}

void Meadow::step(ParallelFor& parallel) {
  swarm_->step(land_, parallel);
  ++tick_;
}

}  // namespace meadow::sim
