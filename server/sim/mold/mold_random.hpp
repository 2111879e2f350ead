#pragma once
// The mold's random streams (sim/random.hpp): what each random number is for, part of its
// key so that two rules never share a stream. Their numbers were given when every world's stood
// in one list; they stay, since changing one changes every world grown from an old seed.
#include "sim/random.hpp"

namespace meadow::sim::mold_random {
inline constexpr RandomPurpose kPlacement{17};  // where a mold agent is placed (and moved off a new wall)
inline constexpr RandomPurpose kHeading{18};  // its first heading
inline constexpr RandomPurpose kTurn{19};  // its random turns: both sides stronger, blocked, walled
inline constexpr RandomPurpose kClaim{20};  // its priority when agents claim one free cell (occupancy)
}  // namespace meadow::sim::mold_random
