#pragma once
// How the viewers' tools and a firefly's transit (arriving, leaving) steer it: pure functions of
// one firefly, called by the engines in their steer loop (SPEC §2, §6). The result is a change
// of velocity (units/step²) added to the flocking rules; the speed band still applies after.
// Inline because the CPU engine calls them per firefly per step.
#include <cmath>
#include <cstdint>
#include <limits>

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
  if (!inputs.attractors.empty()) {
    // The nearest mark; with several, each firefly follows the one closest to it (ties: the
    // first in the list, which is the older mark), so the swarm splits between them.
    const SwarmAttractor* nearest = nullptr;
    float best = std::numeric_limits<float>::infinity();
    for (const SwarmAttractor& mark : inputs.attractors) {
      const float dx = mark.at.x - position.x;
      const float dy = mark.at.y - position.y;
      const float d2 = dx * dx + dy * dy;
      if (d2 < best) {
        best = d2;
        nearest = &mark;
      }
    }
    const Vec2 pull = detail::attract(position, velocity, nearest->at);
    a.x += pull.x;
    a.y += pull.y;
  }
  if (!inputs.crumbs.empty()) {
    float best = t::kCrumbSmell * t::kCrumbSmell;
    Vec2 to;
    bool smelt = false;
    for (const SwarmCrumb& crumb : inputs.crumbs) {
      const float dx = crumb.at.x - position.x;
      const float dy = crumb.at.y - position.y;
      const float d2 = dx * dx + dy * dy;
      if (d2 < best) {
        best = d2;
        to = {dx, dy};
        smelt = true;
      }
    }
    if (smelt && best > 0.0F) {
      const float d = std::sqrt(best);
      const Vec2 pull = detail::towards({to.x / d, to.y / d}, t::kCrumbSpeed, velocity, t::kCrumbRate);
      a.x += pull.x;
      a.y += pull.y;
    }
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
