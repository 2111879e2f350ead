#include "sim/swarm/swarm_world.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <string>
#include <type_traits>
#include <utility>

#include "sim/swarm/swarm_world_state.hpp"
#include "sim/swarm/tool_rules.hpp"

namespace meadow::sim {

SwarmWorld::SwarmWorld(std::unique_ptr<SwarmEngine> engine, Land& land)
    : swarm_(std::move(engine)), settings_schema_(swarm_settings_schema(swarm_ != nullptr ? swarm_->max_count() : 0)) {
  assert(swarm_ != nullptr);
  target_count_ = swarm_->count();
  admitted_count_ = target_count_;
  aimed_count_ = target_count_;
  per_meadow_ = swarm_->fireflies_per_meadow();
  land.set_world(world_for_count(target_count_, land.meadow(), per_meadow_));
  meadow_ = land.meadow();
  world_ = land.world();
  camera_ = world_;
}

std::size_t SwarmWorld::viewer_max_count() const {
  const std::size_t ceiling = viewer_max_count_ != 0 ? viewer_max_count_ : swarm_limits::kViewerMaxMeadows * per_meadow_;
  return std::min(ceiling, swarm_->max_count());
}

float SwarmWorld::predator_reach() const { return tool_rules::kPredatorReach * meadows_wide(camera_, meadow_); }

double SwarmWorld::target_steps_per_second() const {
  return SwarmPace::target_steps_per_second(meadows_wide(world_, meadow_));
}

std::uint32_t SwarmWorld::most_steps_per_tick() const {
  // For the world as it is or as the count asked for makes it this tick, whichever is wider (a
  // count that waits for its viewer's turn may still widen it a tick later: then a step may be
  // dropped that tick, the same way live and replayed).
  const Rect wanted = world_for_count(target_count_, meadow_, per_meadow_);
  const double wide = std::max(meadows_wide(world_, meadow_), meadows_wide(wanted, meadow_));
  return static_cast<std::uint32_t>(std::ceil(SwarmPace::target_steps_per_second(wide) / kTicksPerSecond));
}

double SwarmWorld::achieved_steps_per_second() const { return pace_.achieved_steps_per_second(kTicksPerSecond); }

std::optional<ActionOutcome> SwarmWorld::apply(const Action& action, Land& land) {
  const std::uint64_t origin = action.origin;
  return std::visit(
      [&](const auto& body) -> std::optional<ActionOutcome> {
        using T = std::decay_t<decltype(body)>;
        if constexpr (std::is_same_v<T, SettingsChange>) {
          return change_settings(swarm_settings_change(body), action);
        } else if constexpr (std::is_same_v<T, AttractTap>) {
          if (!land.world().contains(body.at)) {
            return refused("outside_world", "Attract marks can only be placed inside the world.");
          }
          const float hit = tool_rules::kAttractTapRadius * meadows_wide(camera_, meadow_);
          return tools_.attract_tap(origin, action.visitor, body.at, hit);
        } else if constexpr (std::is_same_v<T, FlowerTap>) {
          if (!land.world().contains(body.at)) {
            return refused("outside_world", "Crumbs can only be dropped inside the world.");
          }
          return tools_.drop_crumb(origin, action.visitor, body.at);
        } else if constexpr (std::is_same_v<T, PredatorPointer>) {
          return tools_.predator(origin, body.phase, body.at);
        } else {
          return std::nullopt;  // the land's and the operator's actions are the meadow's
        }
      },
      action.body);
}

void SwarmWorld::pointer_released(std::uint64_t viewer) { (void)tools_.predator(viewer, PointerPhase::up, {}); }

void SwarmWorld::viewer_left(std::uint64_t viewer) {
  tools_.viewer_left(viewer);
  count_turns_.forget(viewer);
}

std::vector<SettingValue> SwarmWorld::settings_now() const {
  // Every setting given: as_settings names them in the schema's order.
  const SwarmWeights w = swarm_->weights();
  return as_settings(SwarmSettingsChange{static_cast<std::uint32_t>(target_count_), w.separation, w.alignment,
                                         w.cohesion, w.speed})
      .values;
}

ActionOutcome SwarmWorld::change_settings(const SwarmSettingsChange& change, const Action& action) {
  SwarmWeights w = swarm_->weights();
  if (change.separation) w.separation = *change.separation;
  if (change.alignment) w.alignment = *change.alignment;
  if (change.cohesion) w.cohesion = *change.cohesion;
  if (change.speed) w.speed = *change.speed;
  swarm_->set_weights(w);
  if (!change.count) return {};
  if (action.origin == kOperator) {
    set_target_count(*change.count);
    return {};
  }
  return viewer_count(*change.count, action.origin, action.tick);
}

ActionOutcome SwarmWorld::viewer_count(std::size_t count, std::uint64_t origin, std::uint64_t tick) {
  const std::size_t ceiling = viewer_max_count();
  ActionOutcome outcome;
  if (count > ceiling && count >= target_count_) {
    const std::string limit = "Viewers can ask for up to " + std::to_string(ceiling) + " fireflies";
    if (target_count_ >= ceiling) return refused("count_limit", limit + "; the operator has set more.");
    count = ceiling;
    outcome = ActionOutcome{true, "count_limit", limit + ": the swarm grows to that."};
  }
  if (count_turns_.take(origin, tick, count)) {
    set_target_count(count);
    return outcome;
  }
  char text[160];
  std::snprintf(text, sizeof text, "A viewer's count changes at most every %.1f s: yours, %zu, follows in %.1f s.",
                static_cast<double>(swarm_limits::kCountCooldownTicks) / kTicksPerSecond, count,
                static_cast<double>(count_turns_.wait(origin, tick)) / kTicksPerSecond);
  return ActionOutcome{true, "count_cooldown", text};
}

void SwarmWorld::set_target_count(std::size_t count) {
  target_count_ = std::clamp<std::size_t>(count, SwarmEngine::kMinCount, swarm_->max_count());
}

void SwarmWorld::settle_actions(Land& land, std::uint64_t tick) {
  count_turns_.release_waiting(tick, released_counts_);
  for (const std::size_t count : released_counts_) set_target_count(count);
  if (target_count_ != aimed_count_) {
    aimed_count_ = target_count_;
    aim_world(land);
  }
  if (admitted_count_ == target_count_) return;
  admitted_count_ = target_count_ > admitted_count_ ? std::min(target_count_, admitted_count_ + kMaxArrivalsPerTick)
                                                    : target_count_;
  swarm_->resize(admitted_count_, land, grown_from_);
  if (admitted_count_ == target_count_) grown_from_.reset();  // that growth's newcomers are all in
}

void SwarmWorld::aim_world(Land& land) {
  // docs/rules.md "The land · Growing and shrinking": a growing world grows at once and newcomers
  // fly into the land it gained; a shrinking one first turns the camera to the smaller world, keeps
  // its land while the leavers fly out of sight, and shrinks once they are gone (settle_world).
  const Rect wanted = world_for_count(target_count_, land.meadow(), per_meadow_);
  camera_ = wanted;
  if (wanted.width >= land.world().width) {
    // The newcomers of an earlier growth still being let in go on into its gained land, now
    // wider: the world they were let into is the oldest one still short of its newcomers.
    if (wanted.width > land.world().width && !grown_from_) grown_from_ = land.world();
    land.set_world(wanted);
    pending_world_.reset();
  } else {
    pending_world_ = wanted;
    grown_from_.reset();
  }
  world_ = land.world();
}

void SwarmWorld::follow_engine_density(Land& land) {
  // The GPU engine fell back to the CPU's: the same fireflies now need eight times the land.
  if (swarm_->fireflies_per_meadow() == per_meadow_) return;
  per_meadow_ = swarm_->fireflies_per_meadow();
  aim_world(land);
}

void SwarmWorld::settle_world(Land& land) {
  if (!pending_world_ || swarm_->count() > target_count_) return;
  land.set_world(*pending_world_);
  world_ = land.world();
  pending_world_.reset();
  tools_.keep_inside(land.world());
  // The same count on the smaller land: whoever is left outside it flies back in.
  swarm_->resize(admitted_count_, land);
}

void SwarmWorld::step(const WorldStep& step) {
  // The tick's count changes, once (also while paused: the count is set, the swarm stands still).
  settle_actions(step.land, step.tick);
  if (step.paused) return;
  clock_behind_ = step.clock_behind;
  const double per_tick = target_steps_per_second() / kTicksPerSecond;
  const std::uint32_t steps = pace_.steps_this_tick(per_tick, step.step_budget);
  for (std::uint32_t s = 0; s < steps; ++s) {
    swarm_->step(step.land, tools_.inputs(predator_reach()), step.parallel);
    eaten_.clear();
    if (!tools_.crumbs().empty()) {
      // The engine may know which crumbs were reached where the fireflies live (the GPU: a few
      // bytes, not every firefly read back); otherwise they are looked for in view().
      const std::optional<std::uint64_t> reached = swarm_->crumbs_reached();
      tools_.eat_crumbs(reached ? *reached : tools_.crumbs_reached(swarm_->view(), step.parallel), eaten_);
    }
    for (const ToolMark& crumb : eaten_) events_.add(step.tick, CrumbEatenEvent{crumb.id, crumb.at});
    // Reads the fireflies back every step (the GPU's too) only while trails are recorded, not
    // during a recording's warm-up.
    for (std::optional<TrailRecorder>& trails : trails_) {
      if (!trails || trails->done()) continue;
      if (trails->wants_positions()) {
        trails->after_step(swarm_->view(), swarm_->ids(), step.land.world());
      } else {
        trails->warmup_step();
      }
    }
  }
  if (steps > 0) {
    for (const OrderCrossing& c : crossings_.feed(swarm_->measures().order)) {
      events_.add(step.tick, OrderCrossingEvent{c.threshold, c.rising, c.order});
    }
  }
  follow_engine_density(step.land);
  settle_world(step.land);
}

void SwarmWorld::record_trails(TrailSlot slot, TrailPlan plan, std::uint64_t seed) {
  trails_[slot_index(slot)].emplace(plan, seed);
}

std::optional<std::vector<Trail>> SwarmWorld::take_trails(TrailSlot slot) {
  std::optional<TrailRecorder>& trails = trails_[slot_index(slot)];
  if (!trails || !trails->done()) return std::nullopt;
  std::vector<Trail> out = trails->take();
  trails.reset();
  return out;
}

void SwarmWorld::figures(std::vector<WorldFigure>& out) const {
  const SwarmWeights weights = swarm_->weights();
  out.push_back({"count", static_cast<double>(swarm_->count())});
  out.push_back({"target_count", static_cast<double>(target_count_)});
  out.push_back({"viewer_max_count", static_cast<double>(viewer_max_count())});
  out.push_back({"order", swarm_->measures().order});
  out.push_back({"steps_per_second", achieved_steps_per_second()});
  out.push_back({"separation", weights.separation});
  out.push_back({"alignment", weights.alignment});
  out.push_back({"cohesion", weights.cohesion});
  out.push_back({"speed", weights.speed});
  out.push_back({"fed", static_cast<double>(tools_.fed())});
  out.push_back({"meadows_wide", meadows_wide(world_, meadow_)});
}

std::unique_ptr<WorldState> SwarmWorld::save() const {
  auto state = std::make_unique<SwarmWorldState>();
  swarm_->save(state->engine);
  state->tools = tools_.state();
  state->pace = pace_.state();
  state->crossings = crossings_.state();
  state->count_turns = count_turns_.state();
  state->target_count = target_count_;
  state->admitted_count = admitted_count_;
  state->aimed_count = aimed_count_;
  state->per_meadow = per_meadow_;
  state->world = world_;
  state->camera = camera_;
  state->pending_world = pending_world_;
  state->grown_from = grown_from_;
  return state;
}

void SwarmWorld::restore(const WorldState& saved, Land& land) {
  const auto& state = state_as<SwarmWorldState>(saved);
  crossings_.restore(state.crossings);  // first: it is the one part that may refuse the state
  swarm_->restore(state.engine);
  tools_.restore(state.tools);
  pace_.restore(state.pace);
  count_turns_.restore(state.count_turns);
  target_count_ = state.target_count;
  admitted_count_ = state.admitted_count;
  aimed_count_ = state.aimed_count;
  per_meadow_ = state.per_meadow;
  world_ = state.world;
  camera_ = state.camera;
  pending_world_ = state.pending_world;
  grown_from_ = state.grown_from;
  meadow_ = land.meadow();
  land.set_world(world_);
  // An engine of another density than the saved one's (a GPU snapshot restored on the CPU) sizes
  // the world for its own at the next step.
}

}  // namespace meadow::sim
