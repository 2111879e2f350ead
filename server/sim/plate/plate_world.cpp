#include "sim/plate/plate_world.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <type_traits>
#include <variant>


namespace meadow::sim {

namespace {

constexpr std::array<float, 2> kThresholds = {plate_rules::kGasThreshold, plate_rules::kStreamThreshold};

// What each action the plate takes costs (sim/price.hpp): its settings alone. The birds (what a
// step's cost grows with, as their square) wait for their viewer's turn and never pass the
// plate's own 420, which costs about a millisecond a step (docs/limits.md).
constexpr Price kPlatePrices[] = {
    {.message = "plate settings",
     .body = body_index<SettingsChange>(),
     .lock = &ViewerLocks::settings,
     .locked_what = "the plate's settings",
     .cooldown = {plate_rules::kBirdsCooldownTicks, "plate birds", CooldownWait::defer, {}},
     .ceiling = CostCeiling{"birds", plate_rules::kMaxBirds, plate_rules::kMaxBirds}},
};

}  // namespace

Rect plate_on(const Rect& meadow) {
  const float side = std::min(meadow.width, meadow.height);
  return Rect{meadow.x + (meadow.width - side) / 2.0F, meadow.y + (meadow.height - side) / 2.0F, side, side};
}

PlateWorld::PlateWorld() : crossings_(kThresholds, plate_rules::kOrderHysteresis) { scatter(settings_.birds); }

std::span<const Price> PlateWorld::prices() const { return kPlatePrices; }

void PlateWorld::scatter(std::uint32_t birds) {
  for (auto& r : recordings_) r.reset();  // their birds are gone
  birds_ = scatter_birds(birds, plate_rules::kSeed);
  run_steps_ = 0;
  order_ = order_parameter(birds_);
}

void PlateWorld::step(const WorldStep& step) {
  settle_actions(step.land, step.tick);
  if (step.paused || step.step_budget == 0) return;
  step_birds(birds_, settings_.weights(), step.parallel);
  ++steps_;
  ++run_steps_;
  order_ = order_parameter(birds_);
  for (const OrderCrossing& c : crossings_.feed(static_cast<float>(order_))) events_.add(step.tick, c);
  record_step();
}

void PlateWorld::record_trails(TrailSlot slot, TrailPlan plan, std::uint64_t /*seed*/) {
  Recording& r = recordings_[index(slot)].emplace(Recording{plan, plan.warmup_steps, 0, PlatePathLog(std::min<std::size_t>(plan.count, birds_.size()))});
  if (r.warmup_left == 0) r.log.add(birds_);  // where the recording starts
}

void PlateWorld::record_step() {
  for (auto& slot : recordings_) {
    if (!slot || slot->recorded >= slot->plan.steps) continue;
    if (slot->warmup_left > 0) {
      if (--slot->warmup_left == 0) slot->log.add(birds_);
      continue;
    }
    slot->log.add(birds_);
    ++slot->recorded;
  }
}

std::optional<std::vector<Trail>> PlateWorld::take_trails(TrailSlot slot) {
  std::optional<Recording>& r = recordings_[index(slot)];
  if (!r || r->recorded < r->plan.steps) return std::nullopt;
  std::vector<Trail> out = r->log.trails();
  r.reset();
  return out;
}

std::optional<TrailSource::FreshTrails> PlateWorld::fresh_trails(TrailPlan plan) const {
  const std::uint32_t birds = settings_.birds;
  const PlateWeights weights = settings_.weights();
  return FreshTrails([birds, weights, plan] { return fresh_plate_trails(birds, weights, plan); });
}

std::optional<ActionOutcome> PlateWorld::apply(const Action& action, Land& /*land*/) {
  if (const auto* change = std::get_if<SettingsChange>(&action.body)) return change_settings(*change, action);
  return std::nullopt;  // the land's and the operator's actions are the meadow's
}

ActionOutcome PlateWorld::change_settings(const SettingsChange& change, const Action& action) {
  const PlateSettings before = pending_.value_or(settings_);
  PlateSettings next = with_change(before, change);
  ActionOutcome outcome;
  if (change.value(plate_setting::kBirds) && action.origin != kOperator) {
    const std::uint32_t asked = next.birds;
    if (!turns_.take(action.origin, action.tick, asked)) {
      next.birds = before.birds;  // it waits for the viewer's turn (settle_actions)
      char text[160];
      std::snprintf(text, sizeof text, "A viewer's birds change at most every %.1f s: yours, %u, follow in %.1f s.",
                    static_cast<double>(plate_rules::kBirdsCooldownTicks) / kTicksPerSecond, asked,
                    static_cast<double>(turns_.wait(action.origin, action.tick)) / kTicksPerSecond);
      outcome = ActionOutcome{true, "count_cooldown", text};
    }
  }
  pending_ = next;
  return outcome;
}

void PlateWorld::settle_actions(Land& /*land*/, std::uint64_t tick) {
  turns_.release_waiting(tick, released_);
  if (!released_.empty()) {
    PlateSettings next = pending_.value_or(settings_);
    next.birds = static_cast<std::uint32_t>(released_.back());  // the last viewer's stands
    pending_ = next;
  }
  if (!pending_) return;
  const bool rebuild = pending_->birds != settings_.birds;
  settings_ = *pending_;
  pending_.reset();
  if (rebuild) scatter(settings_.birds);
}

std::optional<std::uint64_t> PlateWorld::state_hash() const {
  StateHasher h;
  add_birds(h, birds_);
  h.add(settings_.separation);
  h.add(settings_.alignment);
  h.add(settings_.cohesion);
  h.add(settings_.neighbourhood);
  h.add(run_steps_);
  return h.value();
}

void PlateWorld::figures(std::vector<WorldFigure>& out) const {
  out.push_back({"birds", static_cast<double>(birds_.size())});
  out.push_back({"order", order_});
  out.push_back({"run_steps", static_cast<double>(run_steps_)});
}

std::unique_ptr<WorldState> PlateWorld::save() const {
  auto state = std::make_unique<PlateWorldState>();
  state->settings = settings_;
  state->birds = birds_;
  state->steps = steps_;
  state->run_steps = run_steps_;
  state->crossings = crossings_.state();
  state->turns = turns_.state();
  return state;
}

void PlateWorld::restore(const WorldState& saved, Land& /*land*/) {
  const auto& state = state_as<PlateWorldState>(saved);
  const std::size_t n = state.birds.x.size();
  if (state.birds.y.size() != n || state.birds.hx.size() != n || state.birds.hy.size() != n) {
    throw std::invalid_argument("the plate's saved birds have arrays of different lengths");
  }
  settings_ = state.settings;
  settings_.birds = static_cast<std::uint32_t>(n);
  birds_ = state.birds;
  steps_ = state.steps;
  run_steps_ = state.run_steps;
  crossings_.restore(state.crossings);
  turns_.restore(state.turns);
  pending_.reset();
  order_ = order_parameter(birds_);
}

}  // namespace meadow::sim
