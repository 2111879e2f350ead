#pragma once
// The numbers of the swarm's rules (docs/rules.md "The swarm"). Units: world units (one meadow is
// 1600 × 900) and steps (1/60 s of swarm time); a speed is units per step, an acceleration units
// per step². The distances come from the rules; the strengths are tuned so that visible flocks form
// within a few seconds from a random start (tests/sim/swarm/cpu_swarm_flocking_test.cpp checks it).
#include <cstddef>

#include "sim/land_push.hpp"

namespace meadow::sim::swarm_rules {

// --- Seeing -------------------------------------------------------------------------------
// A firefly sees the others within this distance (units); alignment and cohesion use them.
inline constexpr float kPerception = 28.0F;

// --- Separation: away from those closer than this, harder the closer ------------------------
inline constexpr float kSeparationDistance = 8.0F;  // units
// The neighbour grid's cells are one separation distance wide, so everyone closer than that lies
// in the 3 × 3 cells around a firefly, and few others do (units). Alignment and cohesion read
// sums over squares instead (square_sums.hpp), which fit two by two into a cell.
inline constexpr float kCellSize = kSeparationDistance;
// Push per neighbour at zero distance, falling linearly to 0 at kSeparationDistance
// (units/step², before the separation weight).
inline constexpr float kSeparationStrength = 0.30F;

// --- Alignment: towards the mean heading of those seen ------------------------------------------
// Fraction of the difference between the mean velocity seen and the own velocity closed per step
// (1/step, before the alignment weight).
inline constexpr float kAlignmentRate = 0.06F;

// --- Cohesion: towards the centre of those seen ---------------------------------------------------
// Acceleration per unit of distance to the centre of those seen (1/step², before the weight).
inline constexpr float kCohesionRate = 0.004F;

// --- Personal space: always, whatever the separation weight -------------------------------------
inline constexpr float kPersonalSpace = 3.0F;  // units
// Push per neighbour at zero distance, falling linearly to 0 at kPersonalSpace (units/step²).
inline constexpr float kPersonalStrength = 1.0F;

// --- Speed band ---------------------------------------------------------------------------------
inline constexpr float kMinSpeed = 1.8F;  // units/step
inline constexpr float kMaxSpeed = 3.2F;  // units/step
// The aquarium's speed setting (docs/rules.md "The swarm · The aquarium's controls") scales the
// whole band: a factor of the band above, shared like the rule weights. Twice is the most the
// engines' fixed-point velocity sums allow (square_sums.hpp); half still crosses a meadow in under
// five seconds.
inline constexpr float kLeastSpeedFactor = 0.5F;
inline constexpr float kMostSpeedFactor = 2.0F;
// The band at a speed setting (units/step).
struct SpeedBand {
  float least = kMinSpeed;
  float most = kMaxSpeed;
};
[[nodiscard]] constexpr SpeedBand speed_band(float factor) { return {kMinSpeed * factor, kMaxSpeed * factor}; }
// The fastest any firefly flies at any setting (units/step).
inline constexpr float kFastestSpeed = kMaxSpeed * kMostSpeedFactor;

// --- Nudge: a tiny random push every step, counter-based ----------------------------------------
// Largest nudge per axis (units/step²); each axis is uniform in ±kNudge.
inline constexpr float kNudge = 0.05F;

// --- Rocks and edges: the land's push, the same for every world that flies (sim/land_push.hpp) ---
inline constexpr float kRockReach = land_push::kRockReach;        // units from the rock's edge
inline constexpr float kRockStrength = land_push::kRockStrength;  // units/step² at the rock's edge
inline constexpr float kEdgeMargin = land_push::kEdgeMargin;      // units from the world's edge
inline constexpr float kEdgeStrength = land_push::kEdgeStrength;  // units/step² at the very edge

// --- Count changes ------------------------------------------------------------------------------
// Newcomers arrive in flocks of this many (docs/rules.md "The swarm · Count").
inline constexpr std::size_t kNewcomerFlockSize = 40;
// A newcomer flock's centre starts this far inside the edge it enters over (units).
inline constexpr float kNewcomerInset = 20.0F;
// Newcomers of one flock start within this distance of its centre (units).
inline constexpr float kNewcomerSpread = 16.0F;
// A flock's heading deviates from straight inwards by at most this angle (radians, ±), and each
// member from the flock's heading by at most kNewcomerMemberTurn.
inline constexpr float kNewcomerFlockTurn = 0.6F;
inline constexpr float kNewcomerMemberTurn = 0.15F;

}  // namespace meadow::sim::swarm_rules
