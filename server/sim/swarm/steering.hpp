#pragma once
// The swarm's rules as pure functions of one firefly: what it gathered from its neighbours
// becomes a change of velocity, then rocks, edges, tools and the speed band act. Kept apart from
// the neighbour search, so that the CPU engine (sums over squares plus a separation walk) and
// the naive reference engine (a walk over every neighbour) apply exactly the same rules.
#include <cmath>
#include <cstdint>
#include <span>

#include "sim/geometry.hpp"
#include "sim/land.hpp"
#include "sim/land_push.hpp"
#include "sim/random.hpp"
#include "sim/swarm/swarm_engine.hpp"
#include "sim/swarm/swarm_inputs.hpp"
#include "sim/swarm/swarm_rules.hpp"
#include "sim/swarm/tool_steering.hpp"

namespace meadow::sim::steering {

// What one firefly gathered about the others it sees (all relative to itself).
struct NeighbourSums {
  float seen = 0.0F;      // how many others within kPerception
  float sum_vx = 0.0F;    // Σ their velocity (units/step)
  float sum_vy = 0.0F;
  float sum_dx = 0.0F;    // Σ (their position − own position) (units)
  float sum_dy = 0.0F;
  float separate_x = 0.0F;  // Σ away-directions × (1 − d/kSeparationDistance) for d < 8
  float separate_y = 0.0F;
  float personal_x = 0.0F;  // Σ away-directions × (1 − d/kPersonalSpace) for d < 3
  float personal_y = 0.0F;
};

// Separation, alignment and cohesion (weighted) plus personal space (always): the change of
// velocity the neighbours cause (units/step²).
[[nodiscard]] inline Vec2 flocking(const NeighbourSums& n, Vec2 v, const SwarmWeights& w) {
  namespace r = swarm_rules;
  Vec2 a{n.personal_x * r::kPersonalStrength, n.personal_y * r::kPersonalStrength};
  a.x += n.separate_x * (r::kSeparationStrength * w.separation);
  a.y += n.separate_y * (r::kSeparationStrength * w.separation);
  if (n.seen > 0.0F) {
    const float inv = 1.0F / n.seen;
    const float align = r::kAlignmentRate * w.alignment;
    a.x += (n.sum_vx * inv - v.x) * align;
    a.y += (n.sum_vy * inv - v.y) * align;
    const float cohere = r::kCohesionRate * w.cohesion;
    a.x += n.sum_dx * inv * cohere;
    a.y += n.sum_dy * inv * cohere;
  }
  return a;
}

// The land's push off rocks and edges, shared with every world that flies (sim/land_push.hpp).
using land_push::edge_push;
using land_push::edge_push_1d;
using land_push::rock_push;

// Keeps the speed within the band, keeping the heading. A firefly that came to a dead stop takes
// `fallback` (a unit vector) as its heading.
[[nodiscard]] inline Vec2 clamp_speed(Vec2 v, Vec2 fallback, swarm_rules::SpeedBand band) {
  const float s2 = v.x * v.x + v.y * v.y;
  if (s2 > band.most * band.most) {
    const float k = band.most / std::sqrt(s2);
    return {v.x * k, v.y * k};
  }
  if (s2 < band.least * band.least) {
    if (s2 <= 1e-12F) return {fallback.x * band.least, fallback.y * band.least};
    const float k = band.least / std::sqrt(s2);
    return {v.x * k, v.y * k};
  }
  return v;
}

// Everything one step's steering needs besides the firefly and its neighbours.
struct StepRules {
  SwarmWeights weights;
  CounterRandom nudge;              // keyed by seed and step; a firefly's draw by its id
  std::span<const Rock> rocks;      // those that can reach the fireflies at hand
  Rect world;
  const SwarmInputs* tools = nullptr;  // null when no tool is in play (skips the call)
};

[[nodiscard]] inline bool any_tools(const SwarmInputs& inputs) {
  return !inputs.predators.empty() || !inputs.attractors.empty() || !inputs.crumbs.empty();
}

// A firefly's velocity after this step: the flocking rules, the nudge, rocks, the edges (or, on
// its way in or out, its transit), the tools, then the speed band.
[[nodiscard]] inline Vec2 next_velocity(const NeighbourSums& sums, Vec2 p, Vec2 v, std::uint32_t id,
                                        std::uint8_t flags, const StepRules& rules) {
  const Vec2 flock = flocking(sums, v, rules.weights);
  const Vec2 rock = rock_push(p, rules.rocks);
  const Vec2 edge = flags == 0 ? edge_push(p, rules.world) : transit_steering(flags, p, v, rules.world);
  const Vec2 nudge{signed_unit_float32(rules.nudge.bits32(id, 0)), signed_unit_float32(rules.nudge.bits32(id, 1))};
  Vec2 next{v.x + flock.x + nudge.x * swarm_rules::kNudge + rock.x + edge.x,
            v.y + flock.y + nudge.y * swarm_rules::kNudge + rock.y + edge.y};
  if (rules.tools != nullptr) {
    const Vec2 tool = tool_steering(*rules.tools, p, v);
    next.x += tool.x;
    next.y += tool.y;
  }
  // A dead stop (practically never) resumes along the old heading's x sign.
  return clamp_speed(next, {v.x < 0.0F ? -1.0F : 1.0F, 0.0F}, swarm_rules::speed_band(rules.weights.speed));
}

}  // namespace meadow::sim::steering
