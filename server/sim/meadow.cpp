#include "sim/meadow.hpp"

#include <algorithm>
#include <cassert>
#include <cstdio>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>

#include "sim/swarm/tool_rules.hpp"
#include "sim/world_size.hpp"

namespace meadow::sim {

namespace {

ActionOutcome refused(std::string code, std::string reason) {
  return ActionOutcome{false, std::move(code), std::move(reason)};
}

}  // namespace

Meadow::Meadow(std::uint64_t seed, std::unique_ptr<SwarmEngine> swarm, const ColonyParams& colony)
    : seed_(seed), swarm_(std::move(swarm)), colony_(seed, land_.meadow(), colony) {
  assert(swarm_ != nullptr);
  target_count_ = swarm_->count();
  admitted_count_ = target_count_;
  aimed_count_ = target_count_;
  per_meadow_ = swarm_->fireflies_per_meadow();
  land_.set_world(world_for_count(target_count_, land_.meadow(), per_meadow_));
  camera_ = land_.world();
}

float Meadow::predator_reach() const {
  return tool_rules::kPredatorReach * meadows_wide(camera_, land_.meadow());
}

double Meadow::target_steps_per_second() const {
  return SwarmPace::target_steps_per_second(meadows_wide(land_.world(), land_.meadow()));
}

double Meadow::achieved_steps_per_second() const {
  return pace_.achieved_steps_per_second(kTicksPerSecond);
}

void Meadow::set_step_budget(std::uint32_t max_steps_per_tick, bool clock_behind) {
  step_budget_ = std::max<std::uint32_t>(1, max_steps_per_tick);
  clock_behind_ = clock_behind;
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
        } else if constexpr (std::is_same_v<T, PredatorPointer>) {
          // A held predator may still be released when the lock comes.
          if (locks_.predator && body.phase != PointerPhase::up) return locked("the predator");
        } else if constexpr (std::is_same_v<T, SwarmSettingsChange>) {
          if (locks_.settings) return locked("the swarm's count and rules");
        } else if constexpr (std::is_same_v<T, SetLocks> || std::is_same_v<T, SetPaused> ||
                             std::is_same_v<T, ClearRocks>) {
          return refused("operator_only", "Only the operator can do that.");
        }
        return std::nullopt;
      },
      action.body);
}

std::size_t Meadow::viewer_max_count() const {
  const std::size_t ceiling = viewer_max_count_ != 0 ? viewer_max_count_ : viewer_limits::kViewerMaxMeadows * per_meadow_;
  return std::min(ceiling, swarm_->max_count());
}

ActionOutcome Meadow::apply(Action& action) {
  action.tick = tick_;
  if (auto refusal = refused_for_viewer(action)) return *refusal;
  const bool tap = std::holds_alternative<RockTap>(action.body) || std::holds_alternative<FlowerTap>(action.body);
  if (tap && action.origin != kOperator && !viewer_limits_.take_tap(action.origin, tick_)) {
    return refused("too_fast", "One rock or flower at a time: wait a moment between taps.");
  }
  if (std::holds_alternative<ViewerLeft>(action.body)) viewer_limits_.forget(action.origin);
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
  if (action.world == WorldKind::colony) return apply_in_colony(action);
  return apply_in_swarm(action);
}

ActionOutcome Meadow::apply_in_swarm(const Action& action) {
  const std::uint64_t origin = action.origin;
  return std::visit(
      [this, origin](const auto& body) -> ActionOutcome {
        using T = std::decay_t<decltype(body)>;
        if constexpr (std::is_same_v<T, RockTap>) {
          return tap_rock(body.at, origin);
        } else if constexpr (std::is_same_v<T, SwarmSettingsChange>) {
          return change_settings(body, origin);
        } else if constexpr (std::is_same_v<T, AttractTap>) {
          if (!land_.world().contains(body.at)) {
            return refused("outside_world", "Attract marks can only be placed inside the world.");
          }
          const float hit = tool_rules::kAttractTapRadius * meadows_wide(camera_, land_.meadow());
          return tools_.attract_tap(origin, body.at, hit);
        } else if constexpr (std::is_same_v<T, FlowerTap>) {
          if (!land_.world().contains(body.at)) {
            return refused("outside_world", "Crumbs can only be dropped inside the world.");
          }
          return tools_.drop_crumb(origin, body.at);
        } else if constexpr (std::is_same_v<T, PredatorPointer>) {
          return tools_.predator(origin, body.phase, body.at);
        } else if constexpr (std::is_same_v<T, ViewerLeft>) {
          tools_.viewer_left(origin);
          return {};
        } else {
          // The operator's actions are applied before this visit.
          static_assert(std::is_same_v<T, SetLocks> || std::is_same_v<T, SetPaused> || std::is_same_v<T, ClearRocks>);
          return {};
        }
      },
      action.body);
}

ActionOutcome Meadow::apply_in_colony(const Action& action) {
  // Rocks belong to the land and settings to the swarm, whichever world the viewer watches;
  // flowers grow in the colony; attract and the predator are the swarm's tools (a pointer
  // released or a viewer leaving still tidies up the swarm).
  if (const auto* flower = std::get_if<FlowerTap>(&action.body)) {
    return colony_.drop_flower(flower->at, land_, tick_, action.origin);
  }
  const auto* pointer = std::get_if<PredatorPointer>(&action.body);
  if (std::holds_alternative<AttractTap>(action.body) ||
      (pointer != nullptr && pointer->phase == PointerPhase::down)) {
    return refused("tool_unavailable",
                   "In the colony the flower and rock tools work; attract and the predator are the swarm's.");
  }
  if (pointer != nullptr && pointer->phase == PointerPhase::move) return {};
  return apply_in_swarm(action);
}

ActionOutcome Meadow::tap_rock(Vec2 at, std::uint64_t origin) {
  if (const auto id = land_.rock_at(at)) {
    land_.remove_rock(*id);
    return {};
  }
  if (!land_.world().contains(at)) {
    return refused("outside_world", "Rocks can only be placed inside the world.");
  }
  if (distance(at, colony_.stump()) < colony_.params().stump_radius + kRockRadius) {
    return refused("no_room", "The stump is the colony's home: put the rock beside it.");
  }
  if (origin != kOperator && land_.rocks_of(origin) >= kMaxRocksPerViewer) {
    return refused("rock_limit_viewer", "You have placed " + std::to_string(kMaxRocksPerViewer) +
                                            " rocks: take one of yours away to place another.");
  }
  if (!land_.add_rock(at, kRockRadius, origin)) {
    return refused("rock_limit", "The meadow already holds as many rocks as it can.");
  }
  colony_.crush_flowers(at, kRockRadius);
  return {};
}

ActionOutcome Meadow::change_settings(const SwarmSettingsChange& change, std::uint64_t origin) {
  SwarmWeights w = swarm_->weights();
  if (change.separation) w.separation = *change.separation;
  if (change.alignment) w.alignment = *change.alignment;
  if (change.cohesion) w.cohesion = *change.cohesion;
  swarm_->set_weights(w);
  if (!change.count) return {};
  std::size_t count = *change.count;
  if (origin == kOperator) {
    set_target_count(count);
    return {};
  }
  return viewer_count(count, origin);
}

ActionOutcome Meadow::viewer_count(std::size_t count, std::uint64_t origin) {
  const std::size_t ceiling = viewer_max_count();
  ActionOutcome outcome;
  if (count > ceiling && count >= target_count_) {
    const std::string limit = "Viewers can ask for up to " + std::to_string(ceiling) + " fireflies";
    if (target_count_ >= ceiling) return refused("count_limit", limit + "; the operator has set more.");
    count = ceiling;
    outcome = ActionOutcome{true, "count_limit", limit + ": the swarm grows to that."};
  }
  if (viewer_limits_.take_count_turn(origin, tick_, count)) {
    set_target_count(count);
    return outcome;
  }
  char text[160];
  std::snprintf(text, sizeof text, "A viewer's count changes at most every %.1f s: yours, %zu, follows in %.1f s.",
                static_cast<double>(viewer_limits::kCountCooldownTicks) / kTicksPerSecond, count,
                static_cast<double>(viewer_limits_.count_wait(origin, tick_)) / kTicksPerSecond);
  return ActionOutcome{true, "count_cooldown", text};
}

void Meadow::set_target_count(std::size_t count) {
  target_count_ = std::clamp<std::size_t>(count, SwarmEngine::kMinCount, swarm_->max_count());
}

void Meadow::follow_target_count() {
  viewer_limits_.release_waiting_counts(tick_, released_counts_);
  for (const std::size_t count : released_counts_) set_target_count(count);
  if (target_count_ != aimed_count_) {
    aimed_count_ = target_count_;
    aim_world();
  }
  if (admitted_count_ == target_count_) return;
  admitted_count_ = target_count_ > admitted_count_ ? std::min(target_count_, admitted_count_ + kMaxArrivalsPerTick)
                                                    : target_count_;
  swarm_->resize(admitted_count_, land_);
}

void Meadow::aim_world() {
  // SPEC §1: a growing world grows at once and newcomers fly into the land it gained; a
  // shrinking one first turns the camera to the smaller world, keeps its land while the leavers
  // fly out of sight, and shrinks once they are gone (settle_world).
  const Rect wanted = world_for_count(target_count_, land_.meadow(), per_meadow_);
  camera_ = wanted;
  if (wanted.width >= land_.world().width) {
    land_.set_world(wanted);
    pending_world_.reset();
  } else {
    pending_world_ = wanted;
  }
}

void Meadow::follow_engine_density() {
  // The GPU engine fell back to the CPU's: the same fireflies now need eight times the land.
  if (swarm_->fireflies_per_meadow() == per_meadow_) return;
  per_meadow_ = swarm_->fireflies_per_meadow();
  aim_world();
}

void Meadow::settle_world() {
  if (!pending_world_ || swarm_->count() > target_count_) return;
  land_.set_world(*pending_world_);
  pending_world_.reset();
  tools_.keep_inside(land_.world());
  // The same count on the smaller land: whoever is left outside it flies back in.
  swarm_->resize(admitted_count_, land_);
}

void Meadow::step(ParallelFor& parallel) {
  step_swarm(parallel);
  step_colony();
  end_tick();
}

void Meadow::step_colony() {
  if (!paused_) colony_.step(land_, tick_);
}

void Meadow::step_swarm(ParallelFor& parallel) {
  // The tick's count changes, once (also while paused: the count is set, the swarm stands still).
  follow_target_count();
  if (paused_) return;
  const double per_tick = target_steps_per_second() / kTicksPerSecond;
  const std::uint32_t steps = pace_.steps_this_tick(per_tick, step_budget_);
  for (std::uint32_t s = 0; s < steps; ++s) {
    swarm_->step(land_, tools_.inputs(predator_reach()), parallel);
    eaten_.clear();
    if (!tools_.crumbs().empty()) {
      // The engine may know which crumbs were reached where the fireflies live (the GPU: a few
      // bytes, not every firefly read back); otherwise they are looked for in view().
      const std::optional<std::uint64_t> reached = swarm_->crumbs_reached();
      tools_.eat_crumbs(reached ? *reached : tools_.crumbs_reached(swarm_->view(), parallel), eaten_);
    }
    for (const ToolMark& crumb : eaten_) events_.add(tick_, CrumbEatenEvent{crumb.id, crumb.at});
  }
  if (steps > 0) {
    for (const OrderCrossing& c : crossings_.feed(swarm_->measures().order)) {
      events_.add(tick_, OrderCrossingEvent{c.threshold, c.rising, c.order});
    }
  }
  follow_engine_density();
  settle_world();
}

}  // namespace meadow::sim
