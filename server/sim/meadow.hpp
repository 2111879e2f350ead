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
#include "sim/viewer_limits.hpp"

namespace meadow::sim {

// Simulation ticks per second; one tick is 1/60 s (DESIGN.md).
inline constexpr double kTicksPerSecond = 60.0;
// A count change lets at most this many newcomers into the swarm a tick (the rest follow in the
// next ticks), so that one change never costs a tick more than about one step's work: 2,000,000
// come in within 40 ticks, well inside the 1.5 s in which they all arrive.
inline constexpr std::size_t kMaxArrivalsPerTick = 50'000;

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

  // The count asked for; the swarm's count differs while leavers are still flying out (and, for
  // a few ticks after a large increase, while newcomers are still being let in).
  [[nodiscard]] std::size_t target_count() const { return target_count_; }
  // The most fireflies a viewer may ask for (viewer_limits::kViewerMaxMeadows meadows at the
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
  // setting, or a viewer trying an operator's action, is refused and changes nothing; so is a
  // viewer's tap too soon after its last (viewer_limits). A count change sets the target at once;
  // the world, the camera and the swarm follow at the start of the next step_swarm, once for all
  // of a tick's count changes (the last one wins), and a viewer's count change waits for its turn.
  ActionOutcome apply(Action& action);
  // Advances every world by one tick (the swarm by as many steps as its pace gives): the swarm's
  // part, then the colony's, then the tick count. The app times the two parts apart.
  void step(ParallelFor& parallel);
  // Lets the swarm follow the target count: viewers' counts whose turn came first, then
  // newcomers (at most kMaxArrivalsPerTick a tick) or leavers. step_swarm does this first; tests
  // and tools may call it to see the swarm follow without stepping (a second call in the same
  // tick does nothing more).
  void follow_target_count();
  void step_swarm(ParallelFor& parallel);
  void step_colony();
  void end_tick() { ++tick_; }

 private:
  ActionOutcome change_settings(const SwarmSettingsChange& change, std::uint64_t origin);
  // A viewer's count: held to the viewers' ceiling, set now if it is the viewer's turn, else kept
  // waiting for it; the outcome says which.
  ActionOutcome viewer_count(std::size_t count, std::uint64_t origin);
  void set_target_count(std::size_t count);

  ActionOutcome tap_rock(Vec2 at, std::uint64_t origin);
  // A viewer's action (checked by apply) in the world it watches; the operator's are apply's.
  ActionOutcome apply_in_colony(const Action& action);
  ActionOutcome apply_in_swarm(const Action& action);
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
  std::size_t admitted_count_ = 0;  // what the engine was last asked to hold (resize)
  std::size_t aimed_count_ = 0;     // the count the world and camera were last sized for
  std::size_t viewer_max_count_ = 0;  // 0: viewer_limits::kViewerMaxMeadows meadows' worth
  ViewerLimits viewer_limits_;
  std::vector<std::size_t> released_counts_;  // scratch
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
