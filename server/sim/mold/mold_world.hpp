#pragma once
// The mold as a world (docs/mold.md): a Physarum network on a trail map that covers the
// meadow, one step a tick on the engine it was given (CPU or GPU). Rocks are walls; the land's
// wood and water are not: the plasmodium crawls over wood and wet ground alike (Physarum lives on
// rotting wood), so the stump lies under the net like the rest of the meadow. The
// viewers' tools feed, attract and repel it (mold_tools.hpp); its settings are shared and the
// operator may lock them.
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "sim/mold/mold_engine.hpp"
#include "sim/mold/mold_rules.hpp"
#include "sim/mold/mold_state_hash.hpp"
#include "sim/mold/mold_tools.hpp"
#include "sim/mold/network_figures.hpp"
#include "sim/viewer_limits.hpp"
#include "sim/world.hpp"

namespace meadow::sim {

// What the operator clears in the mold (Clear): every oat flake.
inline constexpr std::string_view kClearFood = "food";

class MoldWorld final : public World {
 public:
  static constexpr WorldKind kKind = WorldKind::mold;

  MoldWorld(std::unique_ptr<MoldEngine> engine, const Land& land);

  [[nodiscard]] const MoldEngine& mold() const { return *engine_; }
  [[nodiscard]] const MoldTools& tools() const { return tools_; }
  [[nodiscard]] const MapPlacement& placement() const { return placement_; }
  // The network as last measured (about once a second), and the step it was measured at.
  [[nodiscard]] const NetworkFigures& network() const { return network_; }
  [[nodiscard]] std::uint64_t network_step() const { return network_step_; }
  [[nodiscard]] double steps_per_second() const { return steps_per_second_; }
  // The most agents a viewer may ask for on the engine it runs on now (its price's ceiling).
  [[nodiscard]] std::uint32_t viewer_max_agents() const;

  // World
  [[nodiscard]] WorldKind kind() const override { return kKind; }
  [[nodiscard]] std::string_view engine() const override { return engine_->name(); }
  void step(const WorldStep& step) override;
  [[nodiscard]] std::uint64_t steps() const override { return engine_->steps(); }
  [[nodiscard]] std::span<const Price> prices() const override;  // mold_prices.cpp
  [[nodiscard]] const SettingsSchema* settings_schema() const override { return &mold_settings_schema(); }
  [[nodiscard]] std::vector<SettingValue> settings_now() const override {
    return setting_values(pending_.value_or(engine_->settings()));
  }
  [[nodiscard]] std::string_view tools_hint() const override {
    return "On the mold oat flakes (the flower tool), attract, rocks and the predator work.";
  }
  std::optional<ActionOutcome> apply(const Action& action, Land& land) override;
  [[nodiscard]] std::vector<std::string_view> clearables() const override { return {kClearFood}; }
  void take_away(const TakeAway& who) override { tools_.take_away(who); }
  // Collapsed: measured, and no strand of a network left anywhere. Oat flakes draw it together again.
  [[nodiscard]] bool languishing() const override { return network_step_ > 0 && network_.components == 0; }
  [[nodiscard]] std::vector<ActionBody> revival() const override;
  // The settings this tick's changes asked for, once for all of them: a change of the agents
  // resizes the population, so however many viewers ask, a tick resizes at most once.
  void settle_actions(Land& land, std::uint64_t tick) override;
  void rock_placed(const Rock& rock) override { tools_.rock_placed(rock); }
  void pointer_released(std::uint64_t viewer) override { tools_.pointer_released(viewer); }
  void viewer_left(std::uint64_t viewer) override {
    tools_.viewer_left(viewer);
    agent_turns_.forget(viewer);
  }
  [[nodiscard]] std::optional<std::uint64_t> state_hash() const override {
    return mold_state_hash(engine_->agents(), engine_->trail());
  }
  void figures(std::vector<WorldFigure>& out) const override;
  // A MoldWorldState (mold_world_state.hpp). restore() throws std::invalid_argument for a state of
  // another map size (saved on the other engine).
  [[nodiscard]] std::unique_ptr<WorldState> save() const override;
  void restore(const WorldState& state, Land& land) override;

 private:
  ActionOutcome change_settings(const MoldSettingsChange& change, const Action& action);
  // The agents a viewer asked for: within its ceiling, taking effect on its turn.
  ActionOutcome viewer_agents(std::uint32_t agents, MoldSettings& next, const Action& action);
  void update_walls(const Land& land);
  void measure();

  std::unique_ptr<MoldEngine> engine_;
  MapPlacement placement_;
  MoldTools tools_;
  std::uint64_t walls_version_ = ~std::uint64_t{0};
  std::vector<CellKind> walls_;
  // Settings asked for this tick, taken by the engine once in settle_actions.
  std::optional<MoldSettings> pending_;
  CountTurns agent_turns_{mold_rules::kAgentsCooldownTicks};
  std::vector<std::size_t> released_agents_;
  NetworkMeter meter_;
  NetworkFigures network_;
  std::uint64_t network_step_ = 0;
  // Steps a second, from the steps and ticks of the last measuring window (kNoWindow: none yet).
  static constexpr std::uint64_t kNoWindow = ~std::uint64_t{0};
  std::uint64_t window_tick_ = 0;
  std::uint64_t window_steps_ = 0;
  double steps_per_second_ = 0.0;
};

}  // namespace meadow::sim
