#include "sim/colony/colony_world.hpp"

#include <string>
#include <utility>

#include "sim/colony/colony_world_state.hpp"

namespace meadow::sim {

ColonyWorld::ColonyWorld(std::uint64_t seed, const Land& land, const ColonyParams& params)
    : colony_(seed, land.meadow(), params),
      // Its caps are its parameters' (colony_rules.hpp), which a study may change.
      prices_{{
          {.message = "flower tap (colony)",
           .body = body_index<FlowerTap>(),
           .lock = &ViewerLocks::flower,
           .locked_what = "the flower tool",
           .cooldown = kTapCooldown,
           .per_viewer = params.max_dropped_flowers_per_viewer,
           .per_visitor = params.max_dropped_flowers_per_viewer,
           .meadow_wide = params.max_dropped_flowers},
          {.message = "frog tap (colony)",
           .body = body_index<FrogTap>(),
           .lock = &ViewerLocks::frog,
           .locked_what = "the frog tool",
           .cooldown = kTapCooldown,
           .per_viewer = params.max_frogs_per_viewer,
           .per_visitor = params.max_frogs_per_viewer,
           .meadow_wide = params.max_frogs},
          {.message = "clear (colony: frogs)", .body = body_index<Clear>(), .who = Sender::operator_only},
      }} {}

void ColonyWorld::step(const WorldStep& step) {
  if (!step.paused) colony_.step(step.land, step.tick);
}

std::optional<ActionOutcome> ColonyWorld::apply(const Action& action, Land& land) {
  if (const auto* flower = std::get_if<FlowerTap>(&action.body)) {
    return colony_.drop_flower(flower->at, land, action.tick, action.origin, action.visitor);
  }
  if (const auto* frog = std::get_if<FrogTap>(&action.body)) return colony_.tap_frog(frog->at, land, action.origin, action.visitor);
  if (const auto* clear = std::get_if<Clear>(&action.body)) {
    if (clear->what != kClearFrogs) return refused("unknown_value", "The colony clears only its frogs (\"frogs\").");
    colony_.clear_frogs();
    return ActionOutcome{};
  }
  return std::nullopt;
}

std::vector<ActionBody> ColonyWorld::revival() const {
  // Three flowers full of nectar round the stump, as far out as the foragers' first trips.
  constexpr float kOut = 160.0F;
  const Vec2 s = colony_.stump();
  return {FlowerTap{{s.x + kOut, s.y}}, FlowerTap{{s.x + kOut * 0.7F, s.y - kOut * 0.7F}}, FlowerTap{{s.x, s.y - kOut}}};
}

std::optional<ActionOutcome> ColonyWorld::refuses_rock(Vec2 at) const {
  if (distance(at, colony_.stump()) < colony_.params().stump_radius + kRockRadius) {
    return ActionOutcome{false, "no_room", "The stump is the colony's home: put the rock beside it."};
  }
  if (colony_.frog_under(at, kRockRadius)) {
    return ActionOutcome{false, "no_room", "A frog sits there: put the rock beside it."};
  }
  return std::nullopt;
}

void ColonyWorld::figures(std::vector<WorldFigure>& out) const {
  out.push_back({"size", static_cast<double>(colony_.size())});
  out.push_back({"store", colony_.state().store});
  out.push_back({"flowers", static_cast<double>(colony_.state().flowers.size())});
  out.push_back({"flowers_in_bloom", static_cast<double>(colony_.flowers_in_bloom())});
  out.push_back({"dormant", colony_.dormant() ? 1.0 : 0.0});
  out.push_back({"frogs", static_cast<double>(colony_.state().frogs.size())});
  out.push_back({"eaten_by_frogs", static_cast<double>(colony_.state().eaten_by_frogs)});
}

std::unique_ptr<WorldState> ColonyWorld::save() const {
  auto state = std::make_unique<ColonyWorldState>();
  state->colony = colony_.state();
  return state;
}

void ColonyWorld::restore(const WorldState& state, Land& /*land*/) {
  colony_.restore(state_as<ColonyWorldState>(state).colony);
}

}  // namespace meadow::sim
