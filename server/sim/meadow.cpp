#include "sim/meadow.hpp"

#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

namespace meadow::sim {

Meadow::Meadow(std::uint64_t seed, const std::vector<WorldMaker>& worlds) : seed_(seed) {
  for (const WorldMaker& make : worlds) {
    std::unique_ptr<World> w = make(seed_, land_);
    if (!w) throw std::invalid_argument("a world maker made no world");
    auto& slot = by_kind_[index_of(w->kind())];
    if (slot) throw std::invalid_argument("two worlds of one kind on a meadow");
    slot = std::move(w);
  }
  for (auto& w : by_kind_) {
    if (w) running_.push_back(w.get());
  }
}

std::optional<ActionOutcome> Meadow::refused_for_viewer(const Action& action) const {
  if (action.origin == kOperator) return std::nullopt;
  const auto locked = [](const char* what) {
    return refused("locked", std::string("The operator has locked ") + what + " for now.");
  };
  return std::visit(
      [&](const auto& body) -> std::optional<ActionOutcome> {
        using T = std::decay_t<decltype(body)>;
        if constexpr (std::is_same_v<T, RockTap>) {
          if (locks_.rock) return locked("the rock tool");
        } else if constexpr (std::is_same_v<T, AttractTap>) {
          if (locks_.attract) return locked("the attract tool");
        } else if constexpr (std::is_same_v<T, FlowerTap>) {
          if (locks_.flower) return locked("the flower tool");
        } else if constexpr (std::is_same_v<T, FrogTap>) {
          if (locks_.frog) return locked("the frog tool");
        } else if constexpr (std::is_same_v<T, PredatorPointer>) {
          // A held predator may still be released when the lock comes.
          if (locks_.predator && body.phase != PointerPhase::up) return locked("the predator");
        } else if constexpr (std::is_same_v<T, AttractPointer>) {
          if (locks_.attract && body.phase != PointerPhase::up) return locked("the attract tool");
        } else if constexpr (std::is_same_v<T, SwarmSettingsChange>) {
          if (locks_.settings) return locked("the swarm's count and rules");
        } else if constexpr (std::is_same_v<T, MoldSettingsChange>) {
          if (locks_.settings) return locked("the mold's settings");
        } else if constexpr (std::is_same_v<T, SetLocks> || std::is_same_v<T, SetPaused> ||
                             std::is_same_v<T, ClearRocks> || std::is_same_v<T, ClearFrogs>) {
          return refused("operator_only", "Only the operator can do that.");
        }
        return std::nullopt;
      },
      action.body);
}

ActionOutcome Meadow::apply(Action& action) {
  action.tick = tick_;
  if (auto refusal = refused_for_viewer(action)) return *refusal;
  const bool tap = std::holds_alternative<RockTap>(action.body) || std::holds_alternative<FlowerTap>(action.body) ||
                   std::holds_alternative<FrogTap>(action.body);
  if (tap && action.origin != kOperator && !taps_.take(action.origin, tick_)) {
    return refused("too_fast", "One rock, flower or frog at a time: wait a moment between taps.");
  }
  if (const auto* locks = std::get_if<SetLocks>(&action.body)) {
    locks_ = locks->locks;
    return {};
  }
  if (const auto* pause = std::get_if<SetPaused>(&action.body)) {
    paused_ = pause->paused;
    return {};
  }
  if (std::holds_alternative<ClearRocks>(action.body)) {
    while (!land_.rocks().empty()) land_.remove_rock(land_.rocks().back().id);
    return {};
  }
  if (std::holds_alternative<ViewerLeft>(action.body)) {
    taps_.forget(action.origin);
    for (World* w : running_) w->viewer_left(action.origin);
    return {};
  }
  if (const auto* rock = std::get_if<RockTap>(&action.body)) return tap_rock(rock->at, action.origin);

  // Frogs live in the colony only: clearing them goes there whatever the operator watches.
  const WorldKind target = std::holds_alternative<ClearFrogs>(action.body)
                               ? WorldKind::colony
                               : settings_world(action.body).value_or(action.world);
  World* w = world(target);
  if (w == nullptr) {
    return refused("world_unavailable", "The " + std::string(world_name(target)) + " does not run on this server.");
  }
  std::optional<ActionOutcome> outcome = w->apply(action, land_);
  // A pointer let go releases whatever it held in any world (it may have been pressed in another
  // before the viewer switched); letting go is never refused.
  if (pointer_let_go(action.body)) {
    for (World* other : running_) {
      if (other != w) other->pointer_released(action.origin);
    }
    if (!outcome) return {};
  }
  if (!outcome) return refused("tool_unavailable", "That does nothing in the " + std::string(w->name()) + ".");
  return *outcome;
}

ActionOutcome Meadow::tap_rock(Vec2 at, std::uint64_t origin) {
  if (const auto id = land_.rock_at(at)) {
    land_.remove_rock(*id);
    return {};
  }
  if (!land_.world().contains(at)) {
    return refused("outside_world", "Rocks can only be placed inside the world.");
  }
  for (const World* w : running_) {
    if (auto objection = w->refuses_rock(at)) return *objection;
  }
  if (origin != kOperator && land_.rocks_of(origin) >= kMaxRocksPerViewer) {
    return refused("rock_limit_viewer", "You have placed " + std::to_string(kMaxRocksPerViewer) +
                                            " rocks: take one of yours away to place another.");
  }
  const auto id = land_.add_rock(at, kRockRadius, origin);
  if (!id) return refused("rock_limit", "The meadow already holds as many rocks as it can.");
  for (World* w : running_) w->rock_placed(land_.rocks().back());
  return {};
}

void Meadow::settle_actions() {
  for (World* w : running_) w->settle_actions(land_, tick_);
}

void Meadow::step_world(World& world, ParallelFor& parallel, std::uint32_t step_budget, bool clock_behind) {
  world.step(WorldStep{land_, tick_, parallel, paused_, step_budget, clock_behind});
}

void Meadow::step(ParallelFor& parallel) {
  for (World* w : running_) step_world(*w, parallel);
  end_tick();
}

MeadowState Meadow::save() const {
  MeadowState state;
  state.seed = seed_;
  state.tick = tick_;
  state.land = land_.state();
  state.locks = locks_;
  state.paused = paused_;
  state.taps = taps_.state();
  for (const World* world : running_) state.worlds.push_back(world->save());
  return state;
}

std::vector<std::string> Meadow::restore(const MeadowState& state) {
  if (state.seed != seed_) {
    throw std::invalid_argument("a meadow of seed " + std::to_string(state.seed) + " cannot be restored on seed " +
                                std::to_string(seed_));
  }
  tick_ = state.tick;
  land_.restore(state.land);
  locks_ = state.locks;
  paused_ = state.paused;
  taps_.restore(state.taps);
  std::vector<std::string> problems;
  for (const auto& saved : state.worlds) {
    if (!saved) continue;
    World* w = world(saved->kind());
    if (w == nullptr) continue;
    try {
      w->restore(*saved, land_);
    } catch (const std::exception& e) {
      problems.push_back(std::string(world_name(saved->kind())) + ": " + e.what());
    }
  }
  return problems;
}

}  // namespace meadow::sim
