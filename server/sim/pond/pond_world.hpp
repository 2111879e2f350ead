#pragma once
// The pond as a world (docs/rules.md "The pond"): the aquarium's school in the meadow's pond, one
// step of the source's loop a tick. Its tools: the flower tool drops crumbs (a tap on the water,
// or a handful over it), which the fish smell, chase and eat ("fed"); the predator scatters the
// school. Its settings are shared and lockable; a change of the number of fish scatters a new
// school (on the viewer's turn, as every setting that rebuilds a world).
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "sim/pond/pond_events.hpp"
#include "sim/pond/pond_school.hpp"
#include "sim/pond/pond_settings.hpp"
#include "sim/pond/pond_tools.hpp"
#include "sim/pond/pond_water.hpp"
#include "sim/viewer_limits.hpp"
#include "sim/world.hpp"

namespace meadow::sim {

// Everything the pond's next step depends on.
struct PondWorldState final : WorldState {
  static constexpr WorldKind kKind = WorldKind::pond;
  [[nodiscard]] WorldKind kind() const override { return kKind; }
  PondSettings settings;
  PondFish fish;
  PondTools::State tools;
  std::uint64_t steps = 0;
  std::uint64_t schools = 0;  // schools scattered so far (the scatter's random counter)
  std::uint64_t fed = 0;      // crumbs eaten since the pond began
  CountTurns::State turns;
};

// What the operator clears in the pond (Clear): every crumb on the water.
inline constexpr std::string_view kClearCrumbs = "crumbs";

class PondWorld final : public World {
 public:
  static constexpr WorldKind kKind = WorldKind::pond;

  PondWorld(std::uint64_t seed, const Rect& meadow);

  [[nodiscard]] const PondSettings& settings() const { return settings_; }
  [[nodiscard]] const PondFish& fish() const { return fish_; }
  [[nodiscard]] const PondWater& water() const { return water_; }
  [[nodiscard]] const PondTools& tools() const { return tools_; }
  [[nodiscard]] std::uint64_t fed() const { return fed_; }
  [[nodiscard]] double spread() const { return spread_; }
  [[nodiscard]] const PondEventLog& events() const { return events_; }

  // World
  [[nodiscard]] WorldKind kind() const override { return kKind; }
  void step(const WorldStep& step) override;
  void settle_actions(Land& land, std::uint64_t tick) override;
  [[nodiscard]] std::uint64_t steps() const override { return steps_; }
  [[nodiscard]] std::span<const Price> prices() const override;
  [[nodiscard]] const SettingsSchema* settings_schema() const override { return &pond_settings_schema(); }
  [[nodiscard]] std::vector<SettingValue> settings_now() const override {
    return setting_values(pending_.value_or(settings_));
  }
  [[nodiscard]] std::string_view tools_hint() const override {
    return "In the pond, the flower tool drops crumbs on the water and the predator scatters the fish.";
  }
  std::optional<ActionOutcome> apply(const Action& action, Land& land) override;
  [[nodiscard]] std::vector<std::string_view> clearables() const override { return {kClearCrumbs}; }
  void take_away(const TakeAway& who) override { tools_.take_away(who); }
  void pointer_released(std::uint64_t viewer) override { tools_.pointer_released(viewer); }
  void viewer_left(std::uint64_t viewer) override {
    tools_.pointer_released(viewer);
    turns_.forget(viewer);
  }
  [[nodiscard]] std::optional<std::uint64_t> state_hash() const override;
  void figures(std::vector<WorldFigure>& out) const override;
  [[nodiscard]] std::unique_ptr<WorldState> save() const override;
  void restore(const WorldState& state, Land& land) override;

 private:
  ActionOutcome change_settings(const SettingsChange& change, const Action& action);
  void scatter(std::uint32_t fish);
  // The fish on a crumb of `crumbs` (tools_'s crumbs, in their order) eat it.
  void eat(const std::vector<Vec2>& crumbs, std::uint64_t tick);

  std::uint64_t seed_;
  PondWater water_;
  PondSettings settings_;
  PondFish fish_;
  PondTools tools_;
  std::uint64_t steps_ = 0;
  std::uint64_t schools_ = 0;
  std::uint64_t fed_ = 0;
  double spread_ = 0.0;
  PondEventLog events_;
  std::optional<PondSettings> pending_;  // asked for this tick, taken once in settle_actions
  CountTurns turns_{pond_rules::kFishCooldownTicks};
  std::vector<std::size_t> released_;
};

}  // namespace meadow::sim
