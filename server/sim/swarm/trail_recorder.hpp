#pragma once
// Trails (docs/rules.md "The swarm · Trails"): each of a few fireflies' recent path as its own
// polyline, as the boids study the swarm comes from delivers them. Recording starts after a
// warm-up, lasts a set number of steps, follows fireflies chosen from the seed (the same seed,
// settings and actions give the same trails), and lifts a line where a firefly did not fly: out of
// the world (arriving, leaving), gone, or a jump longer than any step. Each trail has its own
// colour on a cosine ramp.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <unordered_map>
#include <vector>

#include "sim/geometry.hpp"
#include "sim/trails.hpp"
#include "sim/swarm/swarm_engine.hpp"
#include "sim/swarm/swarm_rules.hpp"

namespace meadow::sim {

// A move longer than this in one step is not flight (the fastest speed at any setting, with room
// for the tools' pushes): the line is lifted there.
inline constexpr float kTrailLiftDistance = 2.0F * swarm_rules::kFastestSpeed;  // units

// The colour of trail `place` of `trails` on the cosine ramp colour(t) = ½ + ½·cos(2π(t + phase))
// with phases 0, ⅓, ⅔ for red, green and blue: a rainbow that never goes grey.
[[nodiscard]] TrailColour trail_colour(std::size_t place, std::size_t trails);

class TrailRecorder {
 public:
  // `plan` as asked, clamped (clamped_trail_plan).
  TrailRecorder(TrailPlan plan, std::uint64_t seed);

  // Whether the next step's positions are wanted (not during the warm-up: a GPU engine then need
  // not read its fireflies back).
  [[nodiscard]] bool wants_positions() const { return warmup_left_ == 0 && !done(); }
  // After a step of the warm-up.
  void warmup_step() {
    if (warmup_left_ > 0) --warmup_left_;
  }
  // After each step of the swarm: counts the warm-up down, then records. True once done.
  bool after_step(const SwarmView& view, std::span<const std::uint32_t> ids, const Rect& world);
  [[nodiscard]] bool done() const { return recorded_ >= plan_.steps; }
  [[nodiscard]] const TrailPlan& plan() const { return plan_; }
  // Steps still to go, warm-up included.
  [[nodiscard]] std::uint32_t steps_left() const { return warmup_left_ + (plan_.steps - recorded_); }

  // The trails, ordered by firefly id; lines of fewer than two points left out (a firefly that
  // left at once has no trail). Call once done.
  [[nodiscard]] std::vector<Trail> take();

 private:
  void choose(std::span<const std::uint32_t> ids);

  TrailPlan plan_;
  std::uint64_t seed_;
  std::uint32_t warmup_left_;
  std::uint32_t recorded_ = 0;
  std::vector<Trail> trails_;
  std::unordered_map<std::uint32_t, std::size_t> place_;  // firefly id → its trail
  std::vector<std::uint32_t> seen_at_;  // per trail: the step it was last seen (lifts a line)
};

}  // namespace meadow::sim
