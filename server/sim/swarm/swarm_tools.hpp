#pragma once
// The viewers' tools as they stand in the swarm (docs/rules.md "The tools"): attract marks
// (several, from several viewers), one predator per viewer while its pointer is held, and food
// crumbs from the flower tool, eaten when a firefly comes within kCrumbEat. Limits per viewer and
// in all keep one viewer from swamping the meadow; a refusal says why. Rocks live in the Land, not
// here.
#include <cstdint>
#include <span>
#include <vector>

#include "sim/actions.hpp"
#include "sim/geometry.hpp"
#include "sim/parallel_for.hpp"
#include "sim/swarm/swarm_engine.hpp"
#include "sim/swarm/swarm_inputs.hpp"

namespace meadow::sim {

// An attract mark or a crumb: what every viewer is shown.
struct ToolMark {
  std::uint32_t id = 0;     // unique among marks and crumbs for the meadow's life
  std::uint64_t owner = 0;  // the viewer that made it (0: the operator)
  Vec2 at;
  std::uint64_t visitor = 0;  // who that viewer is at the door (sim/holder.hpp; 0: not known)
  friend bool operator==(const ToolMark&, const ToolMark&) = default;
};

class SwarmTools {
 public:
  // Removes the attract mark within `hit_radius` of `at` (the nearest; anyone may remove any
  // mark, as with rocks), or places a new one for `owner` (of `visitor`) within the limits.
  ActionOutcome attract_tap(std::uint64_t owner, std::uint64_t visitor, Vec2 at, float hit_radius);
  // Drops a food crumb for `owner` (of `visitor`) within the limits.
  ActionOutcome drop_crumb(std::uint64_t owner, std::uint64_t visitor, Vec2 at);
  // Down places (or moves) the owner's predator, move moves it (placing it if a down was lost),
  // up takes it away.
  ActionOutcome predator(std::uint64_t owner, PointerPhase phase, Vec2 at);
  // The viewer left: its predator goes.
  void viewer_left(std::uint64_t owner);
  // What `who` placed goes: its attract marks and crumbs.
  void take_away(const TakeAway& who) {
    std::erase_if(attract_, [&](const ToolMark& m) { return who.placed(m.owner, m.visitor); });
    std::erase_if(crumbs_, [&](const ToolMark& m) { return who.placed(m.owner, m.visitor); });
  }
  // The world shrank: attract marks and crumbs left outside it go (the swarm could only pile up
  // at the edge trying to reach them). Rocks, which belong to the land, are not tools.
  void keep_inside(const Rect& world);

  // After a step: bit k set when crumbs()[k] has a firefly of `swarm` within kCrumbEat.
  // Deterministic with any threads.
  [[nodiscard]] std::uint64_t crumbs_reached(const SwarmView& swarm, ParallelFor& parallel);
  // The crumbs of the bits set in `reached` (as crumbs_reached numbers them) are eaten: removed,
  // counted as fed, and appended to `eaten` in the order of crumbs().
  void eat_crumbs(std::uint64_t reached, std::vector<ToolMark>& eaten);
  // Both: every crumb with a firefly of `swarm` within kCrumbEat is eaten.
  void eat_crumbs(const SwarmView& swarm, ParallelFor& parallel, std::vector<ToolMark>& eaten) {
    eat_crumbs(crumbs_reached(swarm, parallel), eaten);
  }

  // What the swarm steers by; valid until the tools next change.
  [[nodiscard]] SwarmInputs inputs(float predator_reach) const;

  [[nodiscard]] std::span<const ToolMark> attract_marks() const { return attract_; }
  [[nodiscard]] std::span<const ToolMark> crumbs() const { return crumbs_; }
  [[nodiscard]] std::span<const SwarmPredator> predators() const { return predators_; }
  // Crumbs eaten since the meadow began.
  [[nodiscard]] std::uint64_t fed() const { return fed_; }

  // Everything the tools carry (snapshots).
  struct State {
    std::vector<ToolMark> attract;  // oldest first
    std::vector<ToolMark> crumbs;   // oldest first
    std::vector<SwarmPredator> predators;
    std::uint32_t next_id = 1;
    std::uint64_t fed = 0;
  };
  [[nodiscard]] State state() const { return {attract_, crumbs_, predators_, next_id_, fed_}; }
  void restore(const State& state);

 private:
  void mirror_inputs();  // attract_/crumbs_ → the engines' input arrays

  std::vector<ToolMark> attract_;  // oldest first
  std::vector<ToolMark> crumbs_;   // oldest first
  std::vector<SwarmPredator> predators_;
  std::vector<SwarmAttractor> attract_inputs_;
  std::vector<SwarmCrumb> crumb_inputs_;
  std::vector<std::uint64_t> chunk_eaten_;  // one bit per crumb, per chunk of fireflies
  std::uint32_t next_id_ = 1;
  std::uint64_t fed_ = 0;
};

}  // namespace meadow::sim
