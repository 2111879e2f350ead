#pragma once
// The whole meadow: the land and the worlds living on it. Pure and deterministic: it knows
// nothing of threads, clocks, networks or GPUs; the caller ticks it and hands it a ParallelFor.
//
// The swarm's side of it (SPEC §1, §2, §6): the viewers' tools, the count and the world that
// grows and shrinks with it, the shared camera's target, and the pace (steps per tick). The
// colony (SPEC §3) lives on the meadow in the middle of the swarm's world, one step a tick.
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <vector>

#include "sim/actions.hpp"
#include "sim/colony/colony.hpp"
#include "sim/land.hpp"
#include "sim/meadow_events.hpp"
#include "sim/parallel_for.hpp"
#include "sim/world_size.hpp"
#include "sim/swarm/order_crossings.hpp"
#include "sim/swarm/swarm_engine.hpp"
#include "sim/swarm/swarm_pace.hpp"
#include "sim/swarm/swarm_tools.hpp"

namespace meadow::sim {

// Simulation ticks per second; one tick is 1/60 s (DESIGN.md).
inline constexpr double kTicksPerSecond = 60.0;

class Meadow {
 public:
  // The swarm's world is sized for the swarm's count at once (world_size.hpp); the engine should
  // have been placed on a land of that world (or the meadow: it is inside).
  Meadow(std::uint64_t seed, std::unique_ptr<SwarmEngine> swarm, const ColonyParams& colony = {});

  [[nodiscard]] std::uint64_t seed() const { return seed_; }
  [[nodiscard]] std::uint64_t tick() const { return tick_; }
  [[nodiscard]] const Land& land() const { return land_; }
  [[nodiscard]] const SwarmEngine& swarm() const { return *swarm_; }
  [[nodiscard]] const SwarmTools& tools() const { return tools_; }
  // The swarm's events; the colony keeps its own (colony().events()).
  [[nodiscard]] const EventLog& events() const { return events_; }
  [[nodiscard]] const Colony& colony() const { return colony_; }

  // The count asked for; the swarm's count differs while leavers are still flying out.
  [[nodiscard]] std::size_t target_count() const { return target_count_; }
  // The shared camera's target (world units): the world, or the smaller world it is about to
  // shrink to (the camera glides in first).
  [[nodiscard]] Rect camera() const { return camera_; }
  // How far a predator scares now: kPredatorReach × camera width / meadow width.
  [[nodiscard]] float predator_reach() const;

  // Pace (SPEC §2): wanted steps per second for the world now, achieved over the last second of
  // ticks, and whether steps were dropped because they did not fit.
  [[nodiscard]] double target_steps_per_second() const;
  [[nodiscard]] double achieved_steps_per_second() const;
  [[nodiscard]] bool slowed() const { return pace_.slowed() || clock_behind_; }
  // The app measures how long steps take and says how many fit in a tick; `clock_behind` says it
  // is skipping ticks (the swarm is then slower than wanted too). Not a clock: a number.
  void set_step_budget(std::uint32_t max_steps_per_tick, bool clock_behind = false);

  // The operator's locks on viewers' tools and settings, and whether the worlds are paused.
  [[nodiscard]] const ViewerLocks& locks() const { return locks_; }
  [[nodiscard]] bool paused() const { return paused_; }

  // Applies one action at the current tick (stamping it). A viewer's action on a locked tool or
  // setting, or a viewer trying an operator's action, is refused and changes nothing.
  ActionOutcome apply(Action& action);
  // Advances every world by one tick (the swarm by as many steps as its pace gives): the swarm's
  // part, then the colony's, then the tick count. The app times the two parts apart.
  void step(ParallelFor& parallel);
  void step_swarm(ParallelFor& parallel);
  void step_colony();
  void end_tick() { ++tick_; }

 private:
  ActionOutcome change_settings(const SwarmSettingsChange& change);
  ActionOutcome tap_rock(Vec2 at);
  ActionOutcome apply_in_colony(const Action& action);
  [[nodiscard]] std::optional<ActionOutcome> refused_for_viewer(const Action& action) const;
  // Once the leavers are gone, a world waiting to shrink does.
  void settle_world();
  // Sizes the world for target_count_ at per_meadow_: grows it now, or aims the camera at the
  // smaller world settle_world() takes later.
  void aim_world();
  // Re-sizes the world when the engine's density changed (a fallback from the GPU).
  void follow_engine_density();

  std::uint64_t seed_;
  std::uint64_t tick_ = 0;
  Land land_;
  std::unique_ptr<SwarmEngine> swarm_;
  Colony colony_;
  SwarmTools tools_;
  SwarmPace pace_;
  EventLog events_;
  OrderCrossings crossings_;  // fed the order parameter once per tick that stepped
  std::size_t target_count_ = 0;
  Rect camera_;
  std::optional<Rect> pending_world_;  // the smaller world to take once the leavers are gone
  std::size_t per_meadow_ = kCpuFirefliesPerMeadow;  // the engine's density the world is sized for
  std::uint32_t step_budget_ = std::numeric_limits<std::uint32_t>::max();
  bool clock_behind_ = false;
  std::vector<ToolMark> eaten_;  // scratch
  ViewerLocks locks_;
  bool paused_ = false;
};

}  // namespace meadow::sim
