#pragma once
// The swarm's rules (steering.hpp) for eight fireflies at once, in vector lanes (lanes.hpp): the
// CPU engine spends about as much on applying the rules as on finding the neighbours, and the
// rules are the same arithmetic for every firefly. Each lane performs exactly the operations of
// next_velocity, in the same order (a branch becomes a choice between both results), so a lane's
// velocity is bit for bit what next_velocity gives for that firefly (steering_test checks it);
// the engine may mix the two freely.
//
// Fireflies in transit (any flag) take the scalar next_velocity: their transit steering has
// branches that differ per lane, and there are only ever a few of them.
#include <cstdint>

#include "sim/swarm/lanes.hpp"
#include "sim/swarm/steering.hpp"

namespace meadow::sim::steering {

// Eight fireflies, lane by lane: their position and velocity, what they gathered about their
// neighbours (NeighbourSums' fields) and their nudge draws.
struct FireflyLanes {
  lanes::F8 x, y;    // units
  lanes::F8 vx, vy;  // units/step
  lanes::F8 seen, sum_vx, sum_vy, sum_dx, sum_dy;
  lanes::F8 separate_x, separate_y, personal_x, personal_y;
  // signed_unit_float32 of the firefly's two nudge draws (−1 … 1)
  lanes::F8 nudge_x, nudge_y;
};

namespace lanes_detail {

using lanes::F8;
using lanes::select;

// flocking(), lane by lane.
inline void flocking(const FireflyLanes& f, const SwarmWeights& w, F8& ax, F8& ay) {
  namespace r = swarm_rules;
  ax = f.personal_x * r::kPersonalStrength;
  ay = f.personal_y * r::kPersonalStrength;
  const float separation = r::kSeparationStrength * w.separation;
  ax = ax + f.separate_x * separation;
  ay = ay + f.separate_y * separation;
  // Lanes that see nobody keep the separation terms only (their 1/0 is computed and dropped).
  const F8 inv = 1.0F / f.seen;
  const float align = r::kAlignmentRate * w.alignment;
  const float cohere = r::kCohesionRate * w.cohesion;
  F8 tx = ax + (f.sum_vx * inv - f.vx) * align;
  F8 ty = ay + (f.sum_vy * inv - f.vy) * align;
  tx = tx + f.sum_dx * inv * cohere;
  ty = ty + f.sum_dy * inv * cohere;
  const auto sees = f.seen > 0.0F;
  ax = select(sees, tx, ax);
  ay = select(sees, ty, ay);
}

// rock_push(), lane by lane.
inline void rock_push(F8 px, F8 py, std::span<const Rock> rocks, F8& ax, F8& ay) {
  namespace r = swarm_rules;
  ax = F8{};
  ay = F8{};
  for (const Rock& rock : rocks) {
    const F8 dx = px - rock.center.x;
    const F8 dy = py - rock.center.y;
    const float reach = rock.radius + r::kRockReach;
    const F8 d2 = dx * dx + dy * dy;
    const auto within = !(d2 >= reach * reach);
    const F8 d = lanes::sqrt(d2);
    const F8 closeness = 1.0F - (d - rock.radius) * (1.0F / r::kRockReach);
    const F8 push = r::kRockStrength * closeness * closeness;
    const auto off_centre = d > 0.0F;
    ax = select(within, select(off_centre, ax + dx / d * push, ax + push), ax);
    ay = select(within & off_centre, ay + dy / d * push, ay);
  }
}

// edge_push_1d(), lane by lane.
inline F8 edge_push_1d(F8 p, float low, float high) {
  namespace r = swarm_rules;
  F8 a{};
  const F8 from_low = p - low;
  const F8 c_low = 1.0F - from_low * (1.0F / r::kEdgeMargin);
  a = select(from_low < r::kEdgeMargin, a + r::kEdgeStrength * c_low * c_low, a);
  const F8 from_high = high - p;
  const F8 c_high = 1.0F - from_high * (1.0F / r::kEdgeMargin);
  a = select(from_high < r::kEdgeMargin, a - r::kEdgeStrength * c_high * c_high, a);
  return a;
}

// clamp_speed() with the fallback next_velocity gives it, lane by lane (old_vx: the velocity
// before this step, whose sign picks the fallback heading).
inline void clamp_speed(F8& vx, F8& vy, F8 old_vx, swarm_rules::SpeedBand band) {
  const F8 s2 = vx * vx + vy * vy;
  const F8 speed = lanes::sqrt(s2);
  const F8 k_max = band.most / speed;
  const F8 k_min = band.least / speed;
  const auto fast = s2 > band.most * band.most;
  const auto slow = s2 < band.least * band.least;
  const auto stopped = s2 <= 1e-12F;
  const F8 fallback_x = select(old_vx < 0.0F, F8{} - 1.0F, F8{} + 1.0F) * band.least;
  const F8 fallback_y = F8{} * band.least;
  const F8 slow_x = select(stopped, fallback_x, vx * k_min);
  const F8 slow_y = select(stopped, fallback_y, vy * k_min);
  vx = select(fast, vx * k_max, select(slow, slow_x, vx));
  vy = select(fast, vy * k_max, select(slow, slow_y, vy));
}

}  // namespace lanes_detail

// next_velocity() for eight fireflies that are not in transit (flags 0), lane by lane.
inline void next_velocities(const FireflyLanes& f, const StepRules& rules, lanes::F8& next_vx, lanes::F8& next_vy) {
  namespace d = lanes_detail;
  using lanes::F8;
  F8 flock_x, flock_y;
  d::flocking(f, rules.weights, flock_x, flock_y);
  F8 rock_x, rock_y;
  d::rock_push(f.x, f.y, rules.rocks, rock_x, rock_y);
  const F8 edge_x = d::edge_push_1d(f.x, rules.world.x, rules.world.right());
  const F8 edge_y = d::edge_push_1d(f.y, rules.world.y, rules.world.bottom());
  next_vx = f.vx + flock_x + f.nudge_x * swarm_rules::kNudge + rock_x + edge_x;
  next_vy = f.vy + flock_y + f.nudge_y * swarm_rules::kNudge + rock_y + edge_y;
  if (rules.tools != nullptr) {
    for (int l = 0; l < lanes::kWideWidth; ++l) {
      const Vec2 tool = tool_steering(*rules.tools, {f.x[l], f.y[l]}, {f.vx[l], f.vy[l]});
      next_vx[l] += tool.x;
      next_vy[l] += tool.y;
    }
  }
  d::clamp_speed(next_vx, next_vy, f.vx, swarm_rules::speed_band(rules.weights.speed));
}

}  // namespace meadow::sim::steering
