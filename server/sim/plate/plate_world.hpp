#pragma once
// The plate as a world (docs/rules.md "The plate"): Reynolds's boids on a unit torus, drawn as a
// square plate in the middle of the meadow, one step of the published loop a tick. It takes no
// tools; its settings are shared, lockable, and a change of the number of birds scatters a fresh
// plate from the source's seed (on the viewer's turn, as every setting that rebuilds a world).
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "sim/order_crossings.hpp"
#include "sim/plate/plate_events.hpp"
#include "sim/plate/plate_flock.hpp"
#include "sim/plate/plate_settings.hpp"
#include "sim/plate/plate_trails.hpp"
#include "sim/trails.hpp"
#include "sim/viewer_limits.hpp"
#include "sim/world.hpp"

namespace meadow::sim {

// Where the torus lies on the meadow: a square of the meadow's height, in its middle.
[[nodiscard]] Rect plate_on(const Rect& meadow);

// Everything the plate's next step depends on.
struct PlateWorldState final : WorldState {
  static constexpr WorldKind kKind = WorldKind::plate;
  [[nodiscard]] WorldKind kind() const override { return kKind; }
  PlateSettings settings;
  PlateBirds birds;
  std::uint64_t steps = 0;      // since the world was made
  std::uint64_t run_steps = 0;  // since the birds were last scattered
  OrderCrossings::State crossings;
  CountTurns::State turns;
};

class PlateWorld final : public World, public TrailSource {
 public:
  static constexpr WorldKind kKind = WorldKind::plate;

  PlateWorld();

  [[nodiscard]] const PlateSettings& settings() const { return settings_; }
  [[nodiscard]] const PlateBirds& birds() const { return birds_; }
  [[nodiscard]] std::uint64_t run_steps() const { return run_steps_; }
  [[nodiscard]] double order() const { return order_; }
  [[nodiscard]] const PlateEventLog& events() const { return events_; }

  // World
  [[nodiscard]] WorldKind kind() const override { return kKind; }
  void step(const WorldStep& step) override;
  void settle_actions(Land& land, std::uint64_t tick) override;
  [[nodiscard]] std::uint64_t steps() const override { return steps_; }
  [[nodiscard]] std::span<const Price> prices() const override;
  [[nodiscard]] const SettingsSchema* settings_schema() const override { return &plate_settings_schema(); }
  [[nodiscard]] std::vector<SettingValue> settings_now() const override {
    return setting_values(pending_.value_or(settings_));
  }
  [[nodiscard]] std::string_view tools_hint() const override {
    return "The plate takes no tools: change its settings, or record and export its trails.";
  }
  std::optional<ActionOutcome> apply(const Action& action, Land& land) override;
  void viewer_left(std::uint64_t viewer) override { turns_.forget(viewer); }
  [[nodiscard]] std::optional<std::uint64_t> state_hash() const override;
  [[nodiscard]] TrailSource* trails() override { return this; }
  void figures(std::vector<WorldFigure>& out) const override;
  [[nodiscard]] std::unique_ptr<WorldState> save() const override;
  void restore(const WorldState& state, Land& land) override;

  // TrailSource: the live plate's birds (plate units), one recording a slot; a fresh scatter
  // (another number of birds) ends a recording under way. Not part of the saved state: a
  // recording is whoever asked for it's.
  void record_trails(TrailSlot slot, TrailPlan plan, std::uint64_t seed) override;
  [[nodiscard]] bool recording_trails(TrailSlot slot) const override { return recordings_[index(slot)].has_value(); }
  void stop_trails(TrailSlot slot) override { recordings_[index(slot)].reset(); }
  [[nodiscard]] std::optional<std::vector<Trail>> take_trails(TrailSlot slot) override;
  [[nodiscard]] Rect trail_bounds(const Rect& /*land_world*/) const override { return Rect{0.0F, 0.0F, 1.0F, 1.0F}; }
  [[nodiscard]] std::optional<FreshTrails> fresh_trails(TrailPlan plan) const override;

 private:
  struct Recording {
    TrailPlan plan;
    std::uint32_t warmup_left = 0;
    std::uint32_t recorded = 0;
    PlatePathLog log;
  };
  static std::size_t index(TrailSlot slot) { return static_cast<std::size_t>(slot); }
  void record_step();

  ActionOutcome change_settings(const SettingsChange& change, const Action& action);
  void scatter(std::uint32_t birds);

  PlateSettings settings_;
  PlateBirds birds_;
  std::uint64_t steps_ = 0;
  std::uint64_t run_steps_ = 0;
  double order_ = 0.0;
  OrderCrossings crossings_;
  PlateEventLog events_;
  std::optional<PlateSettings> pending_;  // asked for this tick, taken once in settle_actions
  CountTurns turns_{plate_rules::kBirdsCooldownTicks};
  std::vector<std::size_t> released_;
  std::array<std::optional<Recording>, kTrailSlots> recordings_;
};

}  // namespace meadow::sim
