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
#include "sim/swarm/swarm_engine.hpp"
#include "sim/swarm/swarm_rules.hpp"

namespace meadow::sim {

// The study's recording: 240 steps of warm-up, 120 recorded (steps of the swarm, 1/60 s each).
inline constexpr std::uint32_t kTrailDefaultWarmupSteps = 240;
inline constexpr std::uint32_t kTrailDefaultSteps = 120;
inline constexpr std::uint32_t kTrailDefaultCount = 200;
// The most a recording may ask for: of warm-up steps, recorded steps and fireflies.
struct TrailLimits {
  std::uint32_t warmup_steps = 0;
  std::uint32_t steps = 0;
  std::uint32_t count = 0;
};
// What an operator may ask for: a minute of warm-up, a minute of recording, 5,000 fireflies
// (18 million points at most).
inline constexpr std::uint32_t kTrailMostWarmupSteps = 3600;
inline constexpr std::uint32_t kTrailMostSteps = 3600;
inline constexpr std::uint32_t kTrailMostCount = 5000;
inline constexpr TrailLimits kOperatorTrailLimits{kTrailMostWarmupSteps, kTrailMostSteps, kTrailMostCount};
// What a viewer may ask for: the study's own recording (24,000 points at most, about 200 KB sent),
// so that a visitor's recording costs the sim thread little and fits any phone.
inline constexpr TrailLimits kViewerTrailLimits{kTrailDefaultWarmupSteps, kTrailDefaultSteps, kTrailDefaultCount};
// A move longer than this in one step is not flight (the fastest speed at any setting, with room
// for the tools' pushes): the line is lifted there.
inline constexpr float kTrailLiftDistance = 2.0F * swarm_rules::kFastestSpeed;  // units

// Who a recording is for: the operator's slot and the viewers' are apart, so that visitors
// cannot keep the operator's recordings out (nor the operator theirs).
enum class TrailSlot : std::uint8_t { operator_slot = 0, viewers = 1 };
inline constexpr std::size_t kTrailSlots = 2;

struct TrailPlan {
  std::uint32_t warmup_steps = kTrailDefaultWarmupSteps;
  std::uint32_t steps = kTrailDefaultSteps;
  std::uint32_t count = kTrailDefaultCount;
};

// `plan` within `limits`: at least one firefly and one step recorded.
[[nodiscard]] TrailPlan clamped_trail_plan(TrailPlan plan, const TrailLimits& limits = kOperatorTrailLimits);

// A colour, each part 0 … 1.
using TrailColour = std::array<float, 3>;

// The colour of trail `place` of `trails` on the cosine ramp colour(t) = ½ + ½·cos(2π(t + phase))
// with phases 0, ⅓, ⅔ for red, green and blue: a rainbow that never goes grey.
[[nodiscard]] TrailColour trail_colour(std::size_t place, std::size_t trails);

struct Trail {
  std::uint32_t id = 0;  // the firefly's
  TrailColour colour{};
  std::vector<std::vector<Vec2>> pieces;  // each a polyline of two points or more
};

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
