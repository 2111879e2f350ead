#pragma once
// The viewers' tools in the mold (docs/mold.md "The model": "On the meadow"): the flower tool drops
// an oat flake that feeds the map around it until the network has eaten it up; attract, held down,
// feeds the map under the pointer; the predator, held down, is a repellent the agents turn away
// from. Every viewer's flakes and pointers are seen by all. Positions are world units; the engine
// gets them as discs of map cells (inputs()).
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "sim/actions.hpp"
#include "sim/land.hpp"
#include "sim/mold/mold_engine.hpp"
#include "sim/mold/trail_map.hpp"

namespace meadow::sim {

struct MoldFood {
  std::uint32_t id = 0;
  Vec2 at;
  std::uint64_t owner = 0;
  float amount = 1.0F;       // 1 fresh … 0 eaten up
  std::uint32_t age = 0;     // steps since it was dropped
  std::uint64_t visitor = 0;  // who the owner is at the door (sim/holder.hpp; 0: not known)
};

// A held pointer (attract or predator), one of each per viewer. A tap with attract (an older
// viewer, a native client) feeds for a moment: `until` is the step it stops at; 0: held.
struct MoldPointer {
  std::uint64_t owner = 0;
  Vec2 at;
  std::uint64_t until = 0;
};

class MoldTools {
 public:
  // A tap's feed lasts this many steps (a second).
  static constexpr std::uint64_t kAttractTapSteps = 60;

  ActionOutcome drop_food(std::uint64_t origin, std::uint64_t visitor, Vec2 at, const Rect& meadow, const Land& land);
  ActionOutcome attract(std::uint64_t origin, PointerPhase phase, Vec2 at);
  ActionOutcome attract_tap(std::uint64_t origin, Vec2 at, std::uint64_t step);
  ActionOutcome predator(std::uint64_t origin, PointerPhase phase, Vec2 at);
  void pointer_released(std::uint64_t viewer);
  void viewer_left(std::uint64_t viewer);
  // Every oat flake off the meadow (the operator's Clear of "food").
  void clear_food() { food_.clear(); }
  void take_away(const TakeAway& who) {
    std::erase_if(food_, [&](const MoldFood& f) { return who.placed(f.owner, f.visitor); });
  }
  // Flakes under a new rock are crushed.
  void rock_placed(const Rock& rock);

  // This step's discs for the engine, valid until the next call. Flakes come first in `feed`, in
  // the order of food(), so the engine's visits match them.
  [[nodiscard]] MoldInputs inputs(const MapPlacement& placement, std::uint64_t step);
  // After the step: the agents standing on each flake eat it (`visits` as the engine counted
  // them for inputs()' feed), flakes age, and flakes eaten up or too old go.
  void after_step(std::span<const std::uint32_t> visits);

  [[nodiscard]] const std::vector<MoldFood>& food() const { return food_; }
  [[nodiscard]] const std::vector<MoldPointer>& attracts() const { return attracts_; }
  [[nodiscard]] const std::vector<MoldPointer>& predators() const { return predators_; }
  // Flakes that count against `owner` of `visitor`: its own and its visitor's other sessions'.
  [[nodiscard]] std::size_t food_of(std::uint64_t owner, std::uint64_t visitor) const;

  // Everything the tools carry from step to step (snapshots).
  struct State {
    std::vector<MoldFood> food;
    std::vector<MoldPointer> attracts;
    std::vector<MoldPointer> predators;
    std::uint32_t next_food_id = 1;
  };
  [[nodiscard]] State state() const { return {food_, attracts_, predators_, next_food_id_}; }
  void restore(const State& state) {
    food_ = state.food;
    attracts_ = state.attracts;
    predators_ = state.predators;
    next_food_id_ = state.next_food_id;
  }

 private:
  static ActionOutcome held(std::vector<MoldPointer>& pointers, std::uint64_t origin, PointerPhase phase, Vec2 at);

  std::vector<MoldFood> food_;
  std::vector<MoldPointer> attracts_;
  std::vector<MoldPointer> predators_;
  std::uint32_t next_food_id_ = 1;
  std::vector<MoldDisc> feed_, repel_;
};

}  // namespace meadow::sim
