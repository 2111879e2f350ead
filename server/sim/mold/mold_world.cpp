#include "sim/mold/mold_world.hpp"

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>

#include "sim/mold/map_discs.hpp"
#include "sim/mold/mold_population.hpp"
#include "sim/mold/mold_world_state.hpp"

namespace meadow::sim {

MoldWorld::MoldWorld(std::unique_ptr<MoldEngine> engine, const Land& land)
    : engine_(std::move(engine)), placement_{land.meadow(), engine_->map_size()} {
  update_walls(land);
}

std::uint32_t MoldWorld::viewer_max_agents() const {
  // The engine's own ceiling (with occupancy, half the map's cells) applies to all besides.
  const Price* settings = price_of(prices(), body_index<SettingsChange>());
  return static_cast<std::uint32_t>(settings->ceiling->on(engine_->name()));
}

void MoldWorld::update_walls(const Land& land) {
  if (land.rocks_version() == walls_version_) return;
  walls_version_ = land.rocks_version();
  const MapSize size = engine_->map_size();
  walls_.assign(size.cells(), CellKind::open);
  for (const Rock& rock : land.rocks()) {
    for_each_cell_in_disc(size, placement_.to_cells(rock.center), rock.radius / placement_.cell_width(),
                          DiscEdges::clip, [&](std::uint32_t cell) { walls_[cell] = CellKind::wall; });
  }
  engine_->set_walls(walls_);
}

void MoldWorld::step(const WorldStep& step) {
  settle_actions(step.land, step.tick);
  update_walls(step.land);
  if (!step.paused && step.step_budget > 0) {
    const MoldInputs inputs = tools_.inputs(placement_, engine_->steps());
    engine_->step(inputs, step.parallel);
    tools_.after_step(engine_->feed_visits());
    if (engine_->steps() % mold_rules::kFiguresEverySteps == 0) measure();
  }
  // Steps a second over the last second of ticks.
  if (window_tick_ == kNoWindow) {
    window_tick_ = step.tick;
    window_steps_ = engine_->steps();
  }
  if (step.tick >= window_tick_ + static_cast<std::uint64_t>(kTicksPerSecond)) {
    const std::uint64_t steps = engine_->steps();
    steps_per_second_ = static_cast<double>(steps - window_steps_) * kTicksPerSecond /
                        static_cast<double>(step.tick - window_tick_);
    window_tick_ = step.tick;
    window_steps_ = steps;
  }
}

void MoldWorld::measure() {
  network_ = meter_.measure(engine_->trail());
  network_step_ = engine_->steps();
}

std::optional<ActionOutcome> MoldWorld::apply(const Action& action, Land& land) {
  const std::uint64_t origin = action.origin;
  return std::visit(
      [&](const auto& body) -> std::optional<ActionOutcome> {
        using T = std::decay_t<decltype(body)>;
        if constexpr (std::is_same_v<T, SettingsChange>) {
          return change_settings(mold_settings_change(body), action);
        } else if constexpr (std::is_same_v<T, FlowerTap>) {
          return tools_.drop_food(origin, action.visitor, body.at, land.meadow(), land);
        } else if constexpr (std::is_same_v<T, AttractPointer>) {
          return tools_.attract(origin, body.phase, body.at);
        } else if constexpr (std::is_same_v<T, AttractTap>) {
          return tools_.attract_tap(origin, body.at, engine_->steps());
        } else if constexpr (std::is_same_v<T, PredatorPointer>) {
          return tools_.predator(origin, body.phase, body.at);
        } else if constexpr (std::is_same_v<T, Clear>) {
          if (body.what != kClearFood) return refused("unknown_value", "The mold clears only its oat flakes (\"food\").");
          tools_.clear_food();
          return ActionOutcome{};
        } else {
          return std::nullopt;  // the land's and the operator's actions are the meadow's
        }
      },
      action.body);
}

ActionOutcome MoldWorld::change_settings(const MoldSettingsChange& change, const Action& action) {
  MoldSettings next = pending_.value_or(engine_->settings());
  if (change.preset) {
    const MoldPreset* preset = mold_preset(*change.preset);
    if (preset == nullptr) return refused("unknown_value", unknown_preset_text());
    next = with_preset(*preset, next.agents);
  }
  if (change.sensor_angle_deg) next.sensor_angle_deg = *change.sensor_angle_deg;
  if (change.turn_angle_deg) next.turn_angle_deg = *change.turn_angle_deg;
  if (change.sensor_distance) next.sensor_distance = *change.sensor_distance;
  if (change.deposit) next.deposit = *change.deposit;
  if (change.decay) next.decay = *change.decay;
  if (change.diffusion) next.diffusion = *change.diffusion;
  if (change.occupancy) next.occupancy = *change.occupancy;
  ActionOutcome outcome;
  if (change.agents) {
    if (action.origin == kOperator) {
      next.agents = std::clamp(*change.agents, mold_rules::kMinAgents, mold_rules::kMaxAgents);
    } else {
      outcome = viewer_agents(*change.agents, next, action);
    }
  }
  pending_ = next;
  const std::uint32_t room = mold_capacity(engine_->map_size(), next.occupancy);
  if (change.agents && next.agents > room && outcome.code.empty()) {
    outcome = ActionOutcome{true, "count_limit",
                            "The map holds " + std::to_string(room) +
                                " agents with these settings (with occupancy, one a cell and room to move)."};
  }
  return outcome;
}

ActionOutcome MoldWorld::viewer_agents(std::uint32_t agents, MoldSettings& next, const Action& action) {
  agents = std::max(agents, mold_rules::kMinAgents);
  const std::uint32_t ceiling = viewer_max_agents();
  ActionOutcome outcome;
  if (agents > ceiling) {
    if (next.agents >= ceiling) {
      return refused("count_limit", "Viewers can ask for up to " + std::to_string(ceiling) +
                                        " agents; the operator has set more.");
    }
    agents = ceiling;
    outcome = ActionOutcome{true, "count_limit", "Viewers can ask for up to " + std::to_string(ceiling) + " agents."};
  }
  if (agent_turns_.take(action.origin, action.tick, agents)) {
    next.agents = agents;
    return outcome;
  }
  char text[160];
  std::snprintf(text, sizeof text, "A viewer's agents change at most every %.1f s: yours, %u, follow in %.1f s.",
                static_cast<double>(mold_rules::kAgentsCooldownTicks) / kTicksPerSecond, agents,
                static_cast<double>(agent_turns_.wait(action.origin, action.tick)) / kTicksPerSecond);
  return ActionOutcome{true, "count_cooldown", text};
}

void MoldWorld::settle_actions(Land& /*land*/, std::uint64_t tick) {
  agent_turns_.release_waiting(tick, released_agents_);
  if (!released_agents_.empty()) {
    // The viewers' waiting counts whose turn came, in the order of their ids: the last one stands.
    MoldSettings next = pending_.value_or(engine_->settings());
    next.agents = static_cast<std::uint32_t>(released_agents_.back());
    pending_ = next;
  }
  if (!pending_) return;
  engine_->set_settings(*pending_);
  pending_.reset();
}

std::vector<ActionBody> MoldWorld::revival() const {
  // Three oat flakes across the meadow, far enough apart that a network between them has holes.
  const Rect& m = placement_.meadow;
  const auto at = [&](float fx, float fy) { return Vec2{m.x + fx * m.width, m.y + fy * m.height}; };
  return {FlowerTap{at(0.3F, 0.55F)}, FlowerTap{at(0.5F, 0.35F)}, FlowerTap{at(0.7F, 0.55F)}};
}

void MoldWorld::figures(std::vector<WorldFigure>& out) const {
  out.push_back({"agents", static_cast<double>(engine_->settings().agents)});
  out.push_back({"steps_per_second", steps_per_second_});
  out.push_back({"coverage", network_.coverage});
  out.push_back({"components", static_cast<double>(network_.components)});
  out.push_back({"holes", static_cast<double>(network_.holes)});
  out.push_back({"junctions", static_cast<double>(network_.junctions)});
  out.push_back({"food", static_cast<double>(tools_.food().size())});
}

std::unique_ptr<WorldState> MoldWorld::save() const {
  auto state = std::make_unique<MoldWorldState>();
  state->settings = engine_->settings();
  state->steps = engine_->steps();
  state->placements = engine_->placements();
  const MoldAgentsView agents = engine_->agents();
  state->agent_x.assign(agents.x.begin(), agents.x.end());
  state->agent_y.assign(agents.y.begin(), agents.y.end());
  state->agent_heading.assign(agents.heading.begin(), agents.heading.end());
  const TrailView trail = engine_->trail();
  state->map = trail.size;
  state->trail.assign(trail.cells.begin(), trail.cells.end());
  state->tools = tools_.state();
  state->agent_turns = agent_turns_.state();
  return state;
}

void MoldWorld::restore(const WorldState& saved, Land& land) {
  const auto& state = state_as<MoldWorldState>(saved);
  const MapSize size = engine_->map_size();
  if (state.map != size || state.trail.size() != size.cells() || state.agent_y.size() != state.agent_x.size() ||
      state.agent_heading.size() != state.agent_x.size()) {
    throw std::invalid_argument("the mold was saved on a " + std::to_string(state.map.width) + " × " +
                                std::to_string(state.map.height) + " map; this engine's is " +
                                std::to_string(size.width) + " × " + std::to_string(size.height));
  }
  MoldSettings settings = state.settings;
  settings.agents = static_cast<std::uint32_t>(state.agent_x.size());
  engine_->set_settings(settings);
  walls_version_ = ~land.rocks_version();  // the walls of the land as restored, before the agents
  update_walls(land);
  engine_->restore(MoldAgentsView{state.agent_x, state.agent_y, state.agent_heading}, TrailView{size, state.trail},
                   state.steps, state.placements);
  tools_.restore(state.tools);
  agent_turns_.restore(state.agent_turns);
  pending_.reset();
  window_tick_ = kNoWindow;  // the meadow's tick may have moved: the next step starts a window
  measure();
}

}  // namespace meadow::sim
