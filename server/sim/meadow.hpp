#pragma once
// The whole meadow: the land and the worlds living on it (docs/architecture.md "The worlds"). Pure
// and deterministic: it knows nothing of threads, clocks, networks or GPUs; the caller ticks it
// and hands it a ParallelFor.
//
// The meadow owns the land (its size, its extent a world may grow, the rocks every world shares),
// the operator's locks and the pause, and the viewers' cooldowns; it routes each action to
// the world it is aimed at (sim/world.hpp), and steps every world in a loop. Which worlds live on
// it is the caller's choice (the server's registration, a test's list).
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "sim/actions.hpp"
#include "sim/land.hpp"
#include "sim/meadow_state.hpp"
#include "sim/parallel_for.hpp"
#include "sim/price.hpp"
#include "sim/viewer_limits.hpp"
#include "sim/world.hpp"
#include "sim/world_kind.hpp"

namespace meadow::sim {

// Makes one world on the meadow's land (whose extent it may size).
using WorldMaker = std::function<std::unique_ptr<World>(std::uint64_t seed, Land& land)>;

// What the operator may clear in one world (World::clearables()).
struct WorldClearables {
  WorldKind world{};
  std::vector<std::string> names;
};

class Meadow {
 public:
  // The worlds are made in the order given; each kind at most once.
  Meadow(std::uint64_t seed, const std::vector<WorldMaker>& worlds);

  [[nodiscard]] std::uint64_t seed() const { return seed_; }
  [[nodiscard]] std::uint64_t tick() const { return tick_; }
  [[nodiscard]] const Land& land() const { return land_; }

  // The worlds that live here, in the order of their kinds.
  [[nodiscard]] const std::vector<World*>& worlds() const { return running_; }
  [[nodiscard]] bool runs(WorldKind kind) const { return world(kind) != nullptr; }
  // The world of `kind`, or null when it does not live here.
  // The world of `kind` running here; null for one that is not (or a number that is no world's).
  [[nodiscard]] World* world(WorldKind kind) {
    return is_world_number(static_cast<int>(kind)) ? by_kind_[index_of(kind)].get() : nullptr;
  }
  [[nodiscard]] const World* world(WorldKind kind) const {
    return is_world_number(static_cast<int>(kind)) ? by_kind_[index_of(kind)].get() : nullptr;
  }
  // The world of type W (W::kKind); it must live here.
  template <typename W>
  [[nodiscard]] const W& get() const {
    const World* w = world(W::kKind);
    if (w == nullptr) throw std::logic_error("no such world on this meadow");
    return static_cast<const W&>(*w);
  }
  template <typename W>
  [[nodiscard]] W& get() {
    return const_cast<W&>(std::as_const(*this).get<W>());
  }

  // The settings' schemas of the worlds that have settings, in the order of their kinds.
  [[nodiscard]] std::vector<SettingsSchema> settings_schemas() const;
  // What the operator may clear in each running world that keeps anything (Clear).
  [[nodiscard]] std::vector<WorldClearables> clearables() const;

  // The operator's locks on viewers' tools and settings, and whether the worlds are paused.
  [[nodiscard]] const ViewerLocks& locks() const { return locks_; }
  [[nodiscard]] bool paused() const { return paused_; }

  // Applies one action at the current tick (stamping it). Rocks, the operator's actions and a
  // viewer leaving are the meadow's (meadow_prices()); settings go to the world they name
  // (settings_world), an operator's action of one world's to the world that declares it (owner_of);
  // tools act in the world the viewer watches. An action neither the meadow nor
  // that world declares a price for is refused ("not here"), and so is one its price refuses to
  // this sender: an operator's action from a viewer, a viewer's on a locked tool, one too soon
  // after the last of its cooldown group (sim/price.hpp).
  ActionOutcome apply(Action& action);

  // Advances every world by one tick (with no step budget: as many steps as their pace wants),
  // then the tick count. The app steps the worlds one by one instead (step_world) to time them.
  void step(ParallelFor& parallel);
  // One world's part of the tick; `step_budget` and `clock_behind` as WorldStep has them.
  void step_world(World& world, ParallelFor& parallel, std::uint32_t step_budget = kNoStepBudget,
                  bool clock_behind = false);
  void end_tick() { ++tick_; }
  // Lets every world see its actions of this tick take effect without stepping
  // (World::settle_actions: tests and tools; step_world does it too).
  void settle_actions();

  // The whole meadow now, between ticks (meadow_state.hpp). Throws what a world's save() throws.
  [[nodiscard]] MeadowState save() const;
  // Takes back a saved meadow: its tick, land, locks, pause and cooldowns, and the state of each
  // world that lives here (a state of a world not running here is passed over). A world that
  // cannot take its state keeps its own; what went wrong is returned, one line per world, for
  // the caller to log. Throws std::invalid_argument, changing nothing, for a state of another
  // seed (another meadow).
  std::vector<std::string> restore(const MeadowState& state);

 private:
  // The declared price's refusal of `action` (operator only, locked, too soon), or nullopt; a
  // cooldown that lets it pass is taken.
  [[nodiscard]] std::optional<ActionOutcome> refused_by_price(const Price& price, const Action& action);
  // The meadow's own actions (meadow_prices()).
  ActionOutcome apply_own(const Action& action);
  // " It works in the … and the ….": the running worlds that take `body`, for the notice
  // of a tool that does nothing in the world watched ("" where none does).
  [[nodiscard]] std::string works_elsewhere(std::size_t body) const;
  // The world that declares `body` as the operator's own (a world's clearing of what it keeps): such
  // an action goes there whichever world the operator watches. nullopt: none does (a tool, which
  // acts in the world watched).
  [[nodiscard]] std::optional<WorldKind> owner_of(std::size_t body) const;
  ActionOutcome tap_rock(Vec2 at, std::uint64_t origin, std::uint64_t visitor);

  std::uint64_t seed_;
  std::uint64_t tick_ = 0;
  Land land_;
  std::array<std::unique_ptr<World>, kWorldKinds> by_kind_;
  std::vector<World*> running_;
  ViewerLocks locks_;
  bool paused_ = false;
  Cooldowns cooldowns_;
};

}  // namespace meadow::sim
