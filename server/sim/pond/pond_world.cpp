#include "sim/pond/pond_world.hpp"

#include <cstdio>
#include <stdexcept>
#include <type_traits>
#include <variant>

#include "sim/pond/pond_random.hpp"
#include "sim/state_hasher.hpp"

namespace meadow::sim {

namespace {


// What each action the pond takes costs (sim/price.hpp). The fish (a step's cost grows with their
// square) wait for their viewer's turn and never pass the source's 60, about 40 µs a step.
constexpr Price kPondPrices[] = {
    {.message = "pond settings",
     .body = body_index<SettingsChange>(),
     .lock = &ViewerLocks::settings,
     .locked_what = "the pond's settings",
     .cooldown = {pond_rules::kFishCooldownTicks, "pond fish", CooldownWait::defer, {}},
     .ceiling = CostCeiling{"fish", pond_rules::kMaxFish, pond_rules::kMaxFish}},
    {.message = "flower tap (pond: crumbs)",
     .body = body_index<FlowerTap>(),
     .lock = &ViewerLocks::flower,
     .locked_what = "the flower tool",
     .cooldown = kTapCooldown,
     .per_viewer = pond_rules::kMaxCrumbsPerViewer,
     .per_visitor = pond_rules::kMaxCrumbsPerViewer,
     .meadow_wide = pond_rules::kMaxCrumbs},
    {.message = "predator (pond)",
     .body = body_index<PredatorPointer>(),
     .lock = &ViewerLocks::predator,
     .locked_what = "the predator",
     .per_viewer = 1,
     .meadow_wide = pond_rules::kMaxPredators},
    {.message = "clear (pond: crumbs)", .body = body_index<Clear>(), .who = Sender::operator_only},
};

}  // namespace

PondWorld::PondWorld(std::uint64_t seed, const Rect& meadow) : seed_(seed), water_(meadow) { scatter(settings_.fish); }

std::span<const Price> PondWorld::prices() const { return kPondPrices; }

void PondWorld::scatter(std::uint32_t fish) {
  fish_ = scatter_fish(fish, water_, CounterRandom(seed_, schools_, pond_random::kScatter));
  ++schools_;
  spread_ = school_spread(fish_);
}

void PondWorld::step(const WorldStep& step) {
  settle_actions(step.land, step.tick);
  if (step.paused || step.step_budget == 0) return;
  const std::vector<Vec2> crumbs = tools_.crumb_points();
  const std::vector<Vec2> predators = tools_.predator_points();
  step_school(fish_, settings_.school(), water_, crumbs, predators);
  ++steps_;
  eat(crumbs, step.tick);  // the crumbs the school swam to this step (none is dropped during it)
  spread_ = school_spread(fish_);
}

void PondWorld::eat(const std::vector<Vec2>& crumbs, std::uint64_t tick) {
  const std::vector<int> eaten = crumbs_eaten(fish_, crumbs);
  std::vector<std::size_t> gone;
  for (std::size_t c = 0; c < eaten.size(); ++c) {
    if (eaten[c] < 0) continue;
    const PondCrumb& crumb = tools_.crumbs()[c];
    events_.add(tick, PondCrumbEaten{crumb.id, crumb.at, static_cast<std::uint32_t>(eaten[c])});
    ++fed_;
    gone.push_back(c);
  }
  tools_.remove_crumbs(gone);
}

std::optional<ActionOutcome> PondWorld::apply(const Action& action, Land& /*land*/) {
  return std::visit(
      [&](const auto& body) -> std::optional<ActionOutcome> {
        using T = std::decay_t<decltype(body)>;
        if constexpr (std::is_same_v<T, SettingsChange>) {
          return change_settings(body, action);
        } else if constexpr (std::is_same_v<T, FlowerTap>) {
          return tools_.drop(action, body, water_, seed_);
        } else if constexpr (std::is_same_v<T, PredatorPointer>) {
          return tools_.predator(action.origin, body.phase, body.at);
        } else if constexpr (std::is_same_v<T, Clear>) {
          if (body.what != kClearCrumbs) return refused("unknown_value", "The pond clears only its crumbs (\"crumbs\").");
          tools_.clear_crumbs();
          return ActionOutcome{};
        } else {
          return std::nullopt;  // the land's and the operator's actions are the meadow's
        }
      },
      action.body);
}

ActionOutcome PondWorld::change_settings(const SettingsChange& change, const Action& action) {
  const PondSettings before = pending_.value_or(settings_);
  PondSettings next = with_change(before, change);
  ActionOutcome outcome;
  if (change.value(pond_setting::kFish) && action.origin != kOperator) {
    const std::uint32_t asked = next.fish;
    if (!turns_.take(action.origin, action.tick, asked)) {
      next.fish = before.fish;  // it waits for the viewer's turn (settle_actions)
      char text[160];
      std::snprintf(text, sizeof text, "A viewer's fish change at most every %.1f s: yours, %u, follow in %.1f s.",
                    static_cast<double>(pond_rules::kFishCooldownTicks) / kTicksPerSecond, asked,
                    static_cast<double>(turns_.wait(action.origin, action.tick)) / kTicksPerSecond);
      outcome = ActionOutcome{true, "count_cooldown", text};
    }
  }
  pending_ = next;
  return outcome;
}

void PondWorld::settle_actions(Land& /*land*/, std::uint64_t tick) {
  turns_.release_waiting(tick, released_);
  if (!released_.empty()) {
    PondSettings next = pending_.value_or(settings_);
    next.fish = static_cast<std::uint32_t>(released_.back());  // the last viewer's stands
    pending_ = next;
  }
  if (!pending_) return;
  const bool rebuild = pending_->fish != settings_.fish;
  settings_ = *pending_;
  pending_.reset();
  if (rebuild) scatter(settings_.fish);
}

std::optional<std::uint64_t> PondWorld::state_hash() const {
  StateHasher h;
  add_fish(h, fish_);
  h.add(settings_.max_speed_px);
  h.add(settings_.cohesion_px);
  h.add(settings_.palette);
  for (const PondCrumb& c : tools_.crumbs()) {
    h.add(c.id);
    h.add(c.at);
  }
  for (const PondPredator& p : tools_.predators()) h.add(p.at);
  h.add(schools_);
  h.add(fed_);
  return h.value();
}

void PondWorld::figures(std::vector<WorldFigure>& out) const {
  out.push_back({"fish", static_cast<double>(fish_.size())});
  out.push_back({"fed", static_cast<double>(fed_)});
  out.push_back({"crumbs", static_cast<double>(tools_.crumbs().size())});
  out.push_back({"spread", spread_});
}

std::unique_ptr<WorldState> PondWorld::save() const {
  auto state = std::make_unique<PondWorldState>();
  state->settings = settings_;
  state->fish = fish_;
  state->tools = tools_.state();
  state->steps = steps_;
  state->schools = schools_;
  state->fed = fed_;
  state->turns = turns_.state();
  return state;
}

void PondWorld::restore(const WorldState& saved, Land& /*land*/) {
  const auto& state = state_as<PondWorldState>(saved);
  const std::size_t n = state.fish.x.size();
  if (state.fish.y.size() != n || state.fish.vx.size() != n || state.fish.vy.size() != n) {
    throw std::invalid_argument("the pond's saved fish have arrays of different lengths");
  }
  settings_ = state.settings;
  settings_.fish = static_cast<std::uint32_t>(n);
  fish_ = state.fish;
  tools_.restore(state.tools);
  steps_ = state.steps;
  schools_ = state.schools;
  fed_ = state.fed;
  turns_.restore(state.turns);
  pending_.reset();
  spread_ = school_spread(fish_);
}

}  // namespace meadow::sim
