#pragma once
// How the viewers' tools and a firefly's transit (arriving, leaving) steer it: pure functions of
// one firefly, called by the engines in their steer loop (docs/rules.md "The tools"). The result is
// a change of velocity (units/step²) added to the flocking rules; the speed band still applies
// after. Inline because the CPU engine calls them per firefly per step.
#include <cmath>
#include <cstdint>
#include <limits>
#include <span>

#include "sim/geometry.hpp"
#include "sim/swarm/firefly_arrays.hpp"
#include "sim/swarm/swarm_inputs.hpp"
#include "sim/swarm/tool_rules.hpp"

namespace meadow::sim {

namespace tool_steering_detail {

// (desired − v) × rate: steering towards a wanted velocity (Reynolds), units/step².
[[nodiscard]] inline Vec2 towards(Vec2 direction, float speed, Vec2 v, float rate) {
  return {(direction.x * speed - v.x) * rate, (direction.y * speed - v.y) * rate};
}

// Streams to the mark from afar, then circles it: the wanted heading blends "inwards" (weight
// (d − orbit)/orbit, clamped to ±1: outwards when too close) with the tangent (weight
// orbit/d, up to 1), so far away it is straight in and on the orbit it is straight along it.
// Every mark turns the same way (clockwise on screen, where y grows downwards), so a swarm
// forms one vortex rather than two colliding ones.
[[nodiscard]] inline Vec2 attract(Vec2 p, Vec2 v, Vec2 mark) {
  namespace t = tool_rules;
  const float dx = mark.x - p.x;
  const float dy = mark.y - p.y;
  const float d = std::sqrt(dx * dx + dy * dy);
  if (d < 1e-3F) return {};
  const Vec2 in{dx / d, dy / d};
  const Vec2 along{in.y, -in.x};
  const float radial = std::fmax(-1.0F, std::fmin(1.0F, (d - t::kAttractOrbit) / t::kAttractOrbit));
  const float tangent = std::fmin(1.0F, t::kAttractOrbit / d);
  Vec2 want{in.x * radial + along.x * tangent, in.y * radial + along.y * tangent};
  const float len = std::sqrt(want.x * want.x + want.y * want.y);
  want = {want.x / len, want.y / len};  // len ≥ tangent > 0
  return towards(want, t::kAttractSpeed, v, t::kAttractRate);
}

// The mark in `marks` nearest to p whose squared distance is below `limit2` (ties: the first in
// the list, the older mark), or null; `d2` gets its squared distance.
template <typename Mark>
[[nodiscard]] inline const Mark* nearest_within(std::span<const Mark> marks, Vec2 p, float limit2,
                                                float& d2) {
  const Mark* nearest = nullptr;
  d2 = limit2;
  for (const Mark& mark : marks) {
    const float dx = mark.at.x - p.x;
    const float dy = mark.at.y - p.y;
    const float e2 = dx * dx + dy * dy;
    if (e2 < d2) {
      d2 = e2;
      nearest = &mark;
    }
  }
  return nearest;
}

}  // namespace tool_steering_detail

// The tools' pull and push on one firefly at `position` flying at `velocity` (units/step²):
// every predator within inputs.predator_reach pushes it away, harder the closer; the nearest
// attract mark draws it in and around; the nearest crumb within kCrumbSmell draws it straight in.
[[nodiscard]] inline Vec2 tool_steering(const SwarmInputs& inputs, Vec2 position, Vec2 velocity) {
  namespace t = tool_rules;
  namespace detail = tool_steering_detail;
  Vec2 a;
  const float reach = inputs.predator_reach;
  for (const SwarmPredator& predator : inputs.predators) {
    const float dx = position.x - predator.at.x;
    const float dy = position.y - predator.at.y;
    const float d2 = dx * dx + dy * dy;
    if (d2 >= reach * reach) continue;
    const float d = std::sqrt(d2);
    const float push = t::kPredatorStrength * (1.0F - d / reach);
    if (d > 0.0F) {
      a.x += dx / d * push;
      a.y += dy / d * push;
    } else {
      a.x += push;  // right under the pointer: any way out will do, this one is deterministic
    }
  }
  float d2 = 0.0F;
  // With several marks each firefly follows the one closest to it, so the swarm splits.
  if (const SwarmAttractor* mark = detail::nearest_within(
          inputs.attractors, position, std::numeric_limits<float>::infinity(), d2)) {
    const Vec2 pull = detail::attract(position, velocity, mark->at);
    a.x += pull.x;
    a.y += pull.y;
  }
  const SwarmCrumb* crumb =
      detail::nearest_within(inputs.crumbs, position, t::kCrumbSmell * t::kCrumbSmell, d2);
  if (crumb != nullptr && d2 > 0.0F) {
    const float d = std::sqrt(d2);
    const Vec2 to{crumb->at.x - position.x, crumb->at.y - position.y};
    const Vec2 pull = detail::towards({to.x / d, to.y / d}, t::kCrumbSpeed, velocity, t::kCrumbRate);
    a.x += pull.x;
    a.y += pull.y;
  }
  return a;
}

// A firefly on its way in or out (flags from firefly_arrays.hpp; the engine gives it no edge
// push and keeps it out of the world clamp): arriving, it heads for the nearest point
// kArriveDepth inside the world; leaving, straight out over the nearest edge (units/step²).
[[nodiscard]] inline Vec2 transit_steering(std::uint8_t flags, Vec2 position, Vec2 velocity,
                                           const Rect& world) {
  namespace t = tool_rules;
  namespace detail = tool_steering_detail;
  if ((flags & kFlagLeaving) != 0) {
    const float left = position.x - world.x;
    const float right = world.right() - position.x;
    const float top = position.y - world.y;
    const float bottom = world.bottom() - position.y;
    Vec2 out{-1.0F, 0.0F};
    float nearest = left;
    if (right < nearest) { nearest = right; out = {1.0F, 0.0F}; }
    if (top < nearest) { nearest = top; out = {0.0F, -1.0F}; }
    if (bottom < nearest) out = {0.0F, 1.0F};
    return detail::towards(out, t::kTransitSpeed, velocity, t::kTransitRate);
  }
  if ((flags & kFlagArriving) != 0) {
    // The world shrunk by kArriveDepth (or its middle, for a world too small for that).
    const float depth_x = std::fmin(t::kArriveDepth, 0.5F * world.width);
    const float depth_y = std::fmin(t::kArriveDepth, 0.5F * world.height);
    const float tx = std::fmax(world.x + depth_x, std::fmin(world.right() - depth_x, position.x));
    const float ty = std::fmax(world.y + depth_y, std::fmin(world.bottom() - depth_y, position.y));
    const float dx = tx - position.x;
    const float dy = ty - position.y;
    const float d = std::sqrt(dx * dx + dy * dy);
    if (d < 1e-3F) return {};
    return detail::towards({dx / d, dy / d}, t::kTransitSpeed, velocity, t::kTransitRate);
  }
  return {};
}

}  // namespace meadow::sim
