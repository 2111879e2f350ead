#pragma once
// The swarm as a world (docs/rules.md "The land", "The swarm", "The tools"): its engine, the
// viewers' tools, the count and the world that grows and shrinks with it, the shared camera's
// target, the pace (steps per tick) and the order parameter's crossings. The meadow lends it the
// land each tick; it sizes the land's world for its count (the land keeps the rocks every world
// shares).
#include <array>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <vector>

#include "sim/order_crossings.hpp"
#include "sim/swarm/swarm_engine.hpp"
#include "sim/swarm/swarm_events.hpp"
#include "sim/swarm/swarm_pace.hpp"
#include "sim/swarm/swarm_settings.hpp"
#include "sim/swarm/swarm_state_hash.hpp"
#include "sim/swarm/swarm_tools.hpp"
#include "sim/swarm/trail_recorder.hpp"
#include "sim/viewer_limits.hpp"
#include "sim/world.hpp"
#include "sim/swarm/swarm_limits.hpp"
#include "sim/swarm/world_size.hpp"

namespace meadow::sim {

// A count change lets at most this many newcomers into the swarm a tick (the rest follow in the
// next ticks), so that one change never costs a tick more than about one step's work: 2,000,000
// come in within 40 ticks, well inside the 1.5 s in which they all arrive.
inline constexpr std::size_t kMaxArrivalsPerTick = 50'000;

class SwarmWorld final : public World, public TrailSource {
 public:
  static constexpr WorldKind kKind = WorldKind::swarm;

  // Sizes the land's world for the engine's count (world_size.hpp) at its density; the engine
  // should have been placed on a land of that world (or the meadow: it is inside).
  SwarmWorld(std::unique_ptr<SwarmEngine> engine, Land& land);

  [[nodiscard]] const SwarmEngine& swarm() const { return *swarm_; }
  [[nodiscard]] const SwarmTools& tools() const { return tools_; }

  // The count asked for; the swarm's count differs while leavers are still flying out (and, for
  // a few ticks after a large increase, while newcomers are still being let in).
  [[nodiscard]] std::size_t target_count() const { return target_count_; }
  // The most fireflies a viewer may ask for (swarm_limits::kViewerMaxMeadows meadows at the
  // engine's density, or what set_viewer_max_count said), never more than the engine holds. A
  // viewer may always ask for fewer than the count now, however many the operator set.
  [[nodiscard]] std::size_t viewer_max_count() const;
  // 0: the default above.
  void set_viewer_max_count(std::size_t count) { viewer_max_count_ = count; }
  // The shared camera's target (world units): the world, or the smaller world it is about to
  // shrink to (the camera glides in first).
  [[nodiscard]] Rect camera() const { return camera_; }
  // How far a predator scares now: kPredatorReach × camera width / meadow width.
  [[nodiscard]] float predator_reach() const;

  // Pace (docs/rules.md "The swarm · Pace"): wanted steps per second for the world now, achieved
  // over the last second of ticks, and whether steps were dropped because they did not fit (or the
  // clock skipped ticks).
  [[nodiscard]] double target_steps_per_second() const;
  [[nodiscard]] double achieved_steps_per_second() const;
  [[nodiscard]] bool slowed() const { return pace_.slowed() || clock_behind_; }

  // Trails (trail_recorder.hpp), one recording in each slot: starts recording (in place of one
  // under way in that slot), the fireflies chosen from `seed`; not part of the meadow's state (a
  // recording is whoever asked for it, not saved).
  void record_trails(TrailSlot slot, TrailPlan plan, std::uint64_t seed) override;
  [[nodiscard]] bool recording_trails(TrailSlot slot) const override { return trails_[slot_index(slot)].has_value(); }
  void stop_trails(TrailSlot slot) override { trails_[slot_index(slot)].reset(); }
  // The trails once the slot's recording is done (and it ends), nothing while it goes on or none does.
  [[nodiscard]] std::optional<std::vector<Trail>> take_trails(TrailSlot slot) override;
  // In the swarm's world, which grows and shrinks with its count.
  [[nodiscard]] Rect trail_bounds(const Rect& land_world) const override { return land_world; }

  // World
  [[nodiscard]] WorldKind kind() const override { return kKind; }
  [[nodiscard]] TrailSource* trails() override { return this; }
  // The swarm follows its target count: viewers' counts whose turn came first, then the world
  // and camera sized for it, then newcomers (at most kMaxArrivalsPerTick a tick) or leavers.
  // step() does this first, also while paused (a second call in the same tick does nothing more).
  void settle_actions(Land& land, std::uint64_t tick) override;
  [[nodiscard]] std::string_view engine() const override { return swarm_->name(); }
  void step(const WorldStep& step) override;
  [[nodiscard]] std::uint64_t steps() const override { return swarm_->steps(); }
  // The pace's steps a tick, rounded up (a tick takes the whole steps its carried fraction adds to).
  [[nodiscard]] std::uint32_t most_steps_per_tick() const override;
  [[nodiscard]] std::span<const Price> prices() const override;  // swarm_prices.cpp
  // Count, weights and speed (swarm_settings.hpp), the count up to what the engine holds.
  [[nodiscard]] const SettingsSchema* settings_schema() const override { return &settings_schema_; }
  [[nodiscard]] std::vector<SettingValue> settings_now() const override;
  [[nodiscard]] std::string_view tools_hint() const override {
    return "In the swarm attract, crumbs (the flower tool), rocks and the predator work.";
  }
  std::optional<ActionOutcome> apply(const Action& action, Land& land) override;
  void pointer_released(std::uint64_t viewer) override;
  void viewer_left(std::uint64_t viewer) override;
  void take_away(const TakeAway& who) override { tools_.take_away(who); }
  [[nodiscard]] std::optional<std::uint64_t> state_hash() const override { return swarm_state_hash(swarm_->view()); }
  // Its events so far (swarm_events.hpp; readers take those after the last they saw).
  [[nodiscard]] const SwarmEventLog& events() const { return events_; }
  void figures(std::vector<WorldFigure>& out) const override;
  // A SwarmWorldState (swarm_world_state.hpp). save() throws when the engine cannot read its
  // fireflies (a GPU failing).
  [[nodiscard]] std::unique_ptr<WorldState> save() const override;
  void restore(const WorldState& state, Land& land) override;

 private:
  ActionOutcome change_settings(const SwarmSettingsChange& change, const Action& action);
  // A viewer's count: held to the viewers' ceiling, set now if it is the viewer's turn, else kept
  // waiting for it; the outcome says which.
  ActionOutcome viewer_count(std::size_t count, std::uint64_t origin, std::uint64_t tick);
  void set_target_count(std::size_t count);
  // Sizes the world for target_count_ at per_meadow_: grows it now, or aims the camera at the
  // smaller world settle_world() takes later.
  void aim_world(Land& land);
  // Once the leavers are gone, a world waiting to shrink does.
  void settle_world(Land& land);
  // Re-sizes the world when the engine's density changed (a fallback from the GPU).
  void follow_engine_density(Land& land);

  std::unique_ptr<SwarmEngine> swarm_;
  SettingsSchema settings_schema_;
  SwarmTools tools_;
  SwarmPace pace_;
  SwarmEventLog events_;
  OrderCrossings crossings_;  // fed the order parameter once per tick that stepped
  std::size_t target_count_ = 0;
  std::size_t admitted_count_ = 0;  // what the engine was last asked to hold (resize)
  std::size_t aimed_count_ = 0;     // the count the world and camera were last sized for
  std::size_t viewer_max_count_ = 0;  // 0: swarm_limits::kViewerMaxMeadows meadows' worth
  CountTurns count_turns_{swarm_limits::kCountCooldownTicks};
  std::vector<std::size_t> released_counts_;  // scratch
  Rect meadow_;                        // the land's meadow (the pace and reach are in meadows)
  Rect world_;                         // the land's world as the swarm left it
  Rect camera_;
  std::optional<Rect> pending_world_;  // the smaller world to take once the leavers are gone
  // The world before it last grew, while that growth's newcomers are still being let in: they
  // spread over the land it gained (docs/rules.md "The swarm · Count").
  std::optional<Rect> grown_from_;
  std::size_t per_meadow_ = kCpuFirefliesPerMeadow;  // the engine's density the world is sized for
  bool clock_behind_ = false;
  std::vector<ToolMark> eaten_;  // scratch
  static constexpr std::size_t slot_index(TrailSlot slot) { return static_cast<std::size_t>(slot); }
  std::array<std::optional<TrailRecorder>, kTrailSlots> trails_;
};

}  // namespace meadow::sim
