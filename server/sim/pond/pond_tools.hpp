#pragma once
// The viewers' tools in the pond (docs/rules.md "The pond"): the flower tool drops a crumb where it
// taps the water, and "throw food" a handful over the whole water; the predator, held down,
// scatters the school. Every viewer's crumbs and predators are seen by all; the caps are the
// pond's prices' (pond_world.cpp), counted per viewer with its visitor's other sessions.
#include <cstdint>
#include <vector>

#include "sim/actions.hpp"
#include "sim/pond/pond_water.hpp"

namespace meadow::sim {

struct PondCrumb {
  std::uint32_t id = 0;
  Vec2 at;
  std::uint64_t owner = 0;
  std::uint64_t visitor = 0;
  friend bool operator==(const PondCrumb&, const PondCrumb&) = default;
};

struct PondPredator {
  std::uint64_t owner = 0;
  Vec2 at;
  friend bool operator==(const PondPredator&, const PondPredator&) = default;
};

class PondTools {
 public:
  // One crumb at `at` (a tap), or a handful over the water drawn from `seed` (throw food).
  ActionOutcome drop(const Action& action, const FlowerTap& tap, const PondWater& water, std::uint64_t seed);
  ActionOutcome predator(std::uint64_t origin, PointerPhase phase, Vec2 at);
  void pointer_released(std::uint64_t viewer);
  // The crumbs of `eaten` (crumbs()' indices) go.
  void remove_crumbs(const std::vector<std::size_t>& eaten);
  void clear_crumbs() { crumbs_.clear(); }
  void take_away(const TakeAway& who) {
    std::erase_if(crumbs_, [&](const PondCrumb& c) { return who.placed(c.owner, c.visitor); });
  }

  [[nodiscard]] const std::vector<PondCrumb>& crumbs() const { return crumbs_; }
  [[nodiscard]] const std::vector<PondPredator>& predators() const { return predators_; }
  [[nodiscard]] std::vector<Vec2> crumb_points() const;
  [[nodiscard]] std::vector<Vec2> predator_points() const;

  struct State {
    std::vector<PondCrumb> crumbs;
    std::vector<PondPredator> predators;
    std::uint32_t next_crumb_id = 1;
    friend bool operator==(const State&, const State&) = default;
  };
  [[nodiscard]] State state() const { return {crumbs_, predators_, next_crumb_id_}; }
  void restore(const State& state) {
    crumbs_ = state.crumbs;
    predators_ = state.predators;
    next_crumb_id_ = state.next_crumb_id;
  }

 private:
  std::vector<PondCrumb> crumbs_;
  std::vector<PondPredator> predators_;
  std::uint32_t next_crumb_id_ = 1;
};

}  // namespace meadow::sim
