#pragma once
// The one shape of every world (docs/architecture.md "The worlds"): every world implements World, and sim::Meadow steps them in a loop and routes
// each action to the world it is aimed at. A world owns its state and its engine; the land (its
// size and the rocks every world shares) is the meadow's, lent to the world while it steps or
// takes an action.
//
// A world also saves and restores its whole state (save(), restore(): the store's snapshots), and
// chooses its engine behind an engine interface of its own.
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "sim/actions.hpp"
#include "sim/land.hpp"
#include "sim/parallel_for.hpp"
#include "sim/price.hpp"
#include "sim/settings.hpp"
#include "sim/trails.hpp"
#include "sim/world_kind.hpp"
#include "sim/world_state.hpp"

namespace meadow::sim {

// Simulation ticks per second; one tick is 1/60 s (docs/rules.md "Units").
inline constexpr double kTicksPerSecond = 60.0;

// A step budget that holds back nothing: the pace alone says how many steps a tick takes.
inline constexpr std::uint32_t kNoStepBudget = std::numeric_limits<std::uint32_t>::max();

// How many steps of its engine a world may take in a tick (the app measures what fits; sim/ has no
// clock): `steps` a tick, and where not even one fits, one every `every_ticks` ticks: a world that
// overruns its share of the tick slows itself (its pace drops steps) instead of making
// every tick, and so every world, late.
struct StepBudget {
  std::uint32_t steps = kNoStepBudget;
  std::uint32_t every_ticks = 1;
  // The steps it may take at `tick`.
  [[nodiscard]] constexpr std::uint32_t at(std::uint64_t tick) const {
    return every_ticks > 1 && tick % every_ticks != 0 ? 0 : steps;
  }
  friend bool operator==(const StepBudget&, const StepBudget&) = default;
};

// What a world is given for one tick (1/60 s).
struct WorldStep {
  Land& land;  // a world may grow and shrink the land's extent (Land::world); the rocks are read
  std::uint64_t tick = 0;
  ParallelFor& parallel;
  bool paused = false;  // the operator paused the meadow: stand still (a world may still tidy up)
  // Steps of its own engine that fit in this tick (the app measures them; a world may take
  // several a tick and slow down rather than stutter when they do not fit;
  // 0: none this tick, StepBudget::at), and whether the clock is skipping ticks.
  std::uint32_t step_budget = kNoStepBudget;
  bool clock_behind = false;
};

// One live figure of a world, for the operator's status and /metrics (labelled by world).
struct WorldFigure {
  std::string_view name;  // snake_case, e.g. "count", "store"
  double value = 0.0;
};

class World {
 public:
  virtual ~World() = default;

  [[nodiscard]] virtual WorldKind kind() const = 0;
  [[nodiscard]] std::string_view name() const { return world_name(kind()); }
  // The engine it runs on now ("cpu", "gpu", …): it may change (a GPU engine falling back).
  [[nodiscard]] virtual std::string_view engine() const { return "cpu"; }

  // One tick.
  virtual void step(const WorldStep& step) = 0;
  // What the tick's actions set going that waits for the tick (a size that follows its target
  // once for all of a tick's changes); step() does it first. Nothing by default.
  virtual void settle_actions(Land& /*land*/, std::uint64_t /*tick*/) {}
  // Steps its engine has taken since it was made (the app times a step from them).
  [[nodiscard]] virtual std::uint64_t steps() const = 0;
  // The most steps of its engine the next tick could take: a step budget above it changes nothing
  // (the app gives the smaller of the two, so the journal records a budget only when it binds).
  [[nodiscard]] virtual std::uint32_t most_steps_per_tick() const { return 1; }

  // What each action this world takes costs (sim/price.hpp), declared beside its rules: the
  // meadow routes nothing else to it, and checks who sent it, the lock and the cooldown first.
  [[nodiscard]] virtual std::span<const Price> prices() const = 0;
  // Its shared settings' schema (sim/settings.hpp), or null: it has none. The meadow checks every
  // SettingsChange aimed at it against this schema before apply() sees it.
  [[nodiscard]] virtual const SettingsSchema* settings_schema() const { return nullptr; }
  // Its settings now, by the schema's names, in the schema's order.
  [[nodiscard]] virtual std::vector<SettingValue> settings_now() const { return {}; }
  // Which tools work here, for the notice of one that does nothing here (the meadow adds where
  // that one works).
  [[nodiscard]] virtual std::string_view tools_hint() const { return {}; }
  // An action aimed at this world, of a kind it declares a price for (stamped with its tick; the
  // meadow has checked the price's sender, lock and cooldown). nullopt: nothing to do with it
  // here (the viewer is told that the tool does nothing here).
  virtual std::optional<ActionOutcome> apply(const Action& action, Land& land) = 0;
  // Whether it has gone quiet in a way its own food brings it back from (a world of living things
  // all asleep, a network all gone): an unattended wall's caretaker revives it after a while
  // (app/caretaker/) with revival(), the operator's actions in this world. Never, by default.
  [[nodiscard]] virtual bool languishing() const { return false; }
  [[nodiscard]] virtual std::vector<ActionBody> revival() const { return {}; }
  // The operator takes away what one visitor placed in it (moderation's undo): its own things.
  virtual void take_away(const TakeAway& /*who*/) {}
  // What the operator may clear in it (Clear's names: "frogs", "crumbs"…); none by default. A world
  // that names any declares Clear's price (operator only) and clears them in apply().
  [[nodiscard]] virtual std::vector<std::string_view> clearables() const { return {}; }
  // Why a rock may not go at `at` in this world (something of its own stands there), or nullopt.
  [[nodiscard]] virtual std::optional<ActionOutcome> refuses_rock(Vec2 /*at*/) const { return std::nullopt; }
  // A rock was placed on the land (it crushes what grew under it).
  virtual void rock_placed(const Rock& /*rock*/) {}
  // A viewer let go of the pointer or left: what it held or was waiting for goes.
  virtual void pointer_released(std::uint64_t /*viewer*/) {}
  virtual void viewer_left(std::uint64_t /*viewer*/) {}

  // Its part of the meadow's fingerprint (sim/state_hash.hpp): FNV-1a over everything its next step
  // depends on; nullopt: it adds nothing (a world whose state the tests do not pin).
  [[nodiscard]] virtual std::optional<std::uint64_t> state_hash() const { return std::nullopt; }

  // Its movers' paths, where it offers them (sim/trails.hpp); null: it has none to record.
  [[nodiscard]] virtual TrailSource* trails() { return nullptr; }

  // Its live figures now, appended to `out`.
  virtual void figures(std::vector<WorldFigure>& out) const = 0;

  // Its whole state now, between ticks: restore() of it on a world made with the same seed gives
  // the same next ticks, bit for bit on the CPU engines.
  [[nodiscard]] virtual std::unique_ptr<WorldState> save() const = 0;
  // Takes back a state save() made (of this kind: std::invalid_argument otherwise), on the
  // meadow's land as restored with it.
  virtual void restore(const WorldState& state, Land& land) = 0;
};

}  // namespace meadow::sim
