#include "sim/meadow.hpp"

#include <stdexcept>
#include <algorithm>
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

std::optional<ActionOutcome> Meadow::refused_by_price(const Price& price, const Action& action) {
  if (action.origin == kOperator) return std::nullopt;
  if (price.who == Sender::operator_only) return refused("operator_only", "Only the operator can do that.");
  // A held pointer may still be let go when the lock comes.
  if (price.lock != nullptr && locks_.*price.lock && !pointer_let_go(action.body)) {
    return refused("locked", "The operator has locked " + std::string(price.locked_what) + " for now.");
  }
  const Cooldown& cooldown = price.cooldown;
  if (cooldown.ticks > 0 && cooldown.wait == CooldownWait::refuse &&
      !cooldowns_.take(action.origin, cooldown.group, cooldown.ticks, tick_)) {
    return refused("too_fast", std::string(cooldown.too_soon));
  }
  return std::nullopt;
}

ActionOutcome Meadow::apply_own(const Action& action) {
  if (const auto* locks = std::get_if<SetLocks>(&action.body)) {
    locks_ = locks->locks;
  } else if (const auto* pause = std::get_if<SetPaused>(&action.body)) {
    paused_ = pause->paused;
  } else if (std::holds_alternative<ClearRocks>(action.body)) {
    while (!land_.rocks().empty()) land_.remove_rock(land_.rocks().back().id);
  } else if (const auto* who = std::get_if<TakeAway>(&action.body)) {
    std::vector<std::uint32_t> theirs;
    for (const Rock& r : land_.rocks()) {
      if (who->placed(r.owner, r.visitor)) theirs.push_back(r.id);
    }
    for (const std::uint32_t id : theirs) land_.remove_rock(id);
    for (World* w : running_) w->take_away(*who);
  } else if (std::holds_alternative<ViewerLeft>(action.body)) {
    cooldowns_.forget(action.origin);
    for (World* w : running_) w->viewer_left(action.origin);
  } else if (const auto* rock = std::get_if<RockTap>(&action.body)) {
    return tap_rock(rock->at, action.origin, action.visitor);
  }
  return {};
}

ActionOutcome Meadow::apply(Action& action) {
  action.tick = tick_;
  const std::size_t body = action.body.index();
  if (const Price* own = price_of(meadow_prices(), body)) {
    if (auto refusal = refused_by_price(*own, action)) return *refusal;
    return apply_own(action);
  }

  WorldKind target = action.world;
  if (const auto named = settings_world(action.body)) {
    target = *named;
  } else if (const auto* clear = std::get_if<Clear>(&action.body)) {
    // The operator's clearing names its world: several worlds clear things of their own. One that
    // names none (older journals) goes to the running world that clears what it names.
    if (!is_world_number(static_cast<int>(target))) {
      for (const World* w : running_) {
        const std::vector<std::string_view> names = w->clearables();
        if (std::find(names.begin(), names.end(), clear->what) != names.end()) {
          target = w->kind();
          break;
        }
      }
    }
  } else if (const auto owner = owner_of(body)) {
    target = *owner;
  }
  World* w = world(target);
  if (w == nullptr) {
    return refused("world_unavailable", "The " + std::string(world_name(target)) + " does not run on this server.");
  }
  // A pointer let go releases whatever it held in any world (it may have been pressed in another
  // before the viewer switched); letting go is never refused.
  const bool let_go = pointer_let_go(action.body);
  const auto release_elsewhere = [&] {
    for (World* other : running_) {
      if (other != w) other->pointer_released(action.origin);
    }
  };
  // A settings change fits its world's schema, whoever sent it (the journal's replay too).
  if (const auto* change = std::get_if<SettingsChange>(&action.body)) {
    const SettingsSchema* schema = w->settings_schema();
    if (schema == nullptr) {
      return refused("tool_unavailable", "The " + std::string(w->name()) + " has no settings to change.");
    }
    if (auto refusal = settings_refusal(*schema, *change)) return refused(refusal->code, refusal->text);
  }
  // A world takes only what it declares a price for (sim/price.hpp).
  const Price* price = price_of(w->prices(), body);
  if (price == nullptr && std::holds_alternative<Clear>(action.body)) {
    return refused("nothing_to_clear", "The " + std::string(w->name()) + " keeps nothing the operator clears.");
  }
  if (price == nullptr) {
    if (let_go) release_elsewhere();
    // A held pointer moved or let go where nothing is held: nothing to say at every move.
    if (pointer_phase(action.body).value_or(PointerPhase::down) != PointerPhase::down) return {};
    return refused("tool_unavailable", "That does nothing in the " + std::string(w->name()) + ". " +
                                           std::string(w->tools_hint()) + works_elsewhere(body));
  }
  if (auto refusal = refused_by_price(*price, action)) return *refusal;
  std::optional<ActionOutcome> outcome = w->apply(action, land_);
  if (let_go) {
    release_elsewhere();
    if (!outcome) return {};
  }
  if (!outcome) return refused("tool_unavailable", "That does nothing in the " + std::string(w->name()) + ".");
  return *outcome;
}

std::string Meadow::works_elsewhere(std::size_t body) const {
  std::vector<std::string_view> names;
  for (const World* other : running_) {
    if (price_of(other->prices(), body) != nullptr) names.push_back(other->name());
  }
  if (names.empty()) return {};
  std::string where = " It works in the " + std::string(names[0]);
  for (std::size_t i = 1; i < names.size(); ++i) {
    where += (i + 1 == names.size() ? " and the " : ", the ") + std::string(names[i]);
  }
  return where + ".";
}

std::optional<WorldKind> Meadow::owner_of(std::size_t body) const {
  for (const World* w : running_) {
    const Price* price = price_of(w->prices(), body);
    if (price != nullptr && price->who == Sender::operator_only) return w->kind();
  }
  return std::nullopt;
}

ActionOutcome Meadow::tap_rock(Vec2 at, std::uint64_t origin, std::uint64_t visitor) {
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
  if (origin != kOperator && visitor != 0 && land_.rocks_of_visitor(visitor) >= kMaxRocksPerVisitor) {
    return refused("rock_limit_visitor", "Your address has placed " + std::to_string(kMaxRocksPerVisitor) +
                                             " rocks from its sessions: take one of them away to place another.");
  }
  const auto id = land_.add_rock(at, kRockRadius, origin, visitor);
  if (!id) return refused("rock_limit", "The meadow already holds as many rocks as it can.");
  for (World* w : running_) w->rock_placed(land_.rocks().back());
  return {};
}

std::vector<WorldClearables> Meadow::clearables() const {
  std::vector<WorldClearables> out;
  for (const World* w : running_) {
    const std::vector<std::string_view> names = w->clearables();
    if (names.empty()) continue;
    out.push_back({w->kind(), std::vector<std::string>(names.begin(), names.end())});
  }
  return out;
}

std::vector<SettingsSchema> Meadow::settings_schemas() const {
  std::vector<SettingsSchema> schemas;
  for (const World* w : running_) {
    if (const SettingsSchema* schema = w->settings_schema()) schemas.push_back(*schema);
  }
  return schemas;
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
  state.cooldowns = cooldowns_.state();
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
  cooldowns_.restore(state.cooldowns);
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
