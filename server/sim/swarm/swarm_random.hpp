#pragma once
// The swarm's random streams (sim/random.hpp): what each random number is for, part of its
// key so that two rules never share a stream. Their numbers were given when every world's stood
// in one list; they stay, since changing one changes every world grown from an old seed.
#include "sim/random.hpp"

namespace meadow::sim::swarm_random {
inline constexpr RandomPurpose kPlacement{1};  // where a firefly of a new swarm starts
inline constexpr RandomPurpose kHeading{2};  // which way it first flies
inline constexpr RandomPurpose kNudge{3};  // the tiny random nudge of every step
inline constexpr RandomPurpose kNewcomerFlock{4};  // where a flock of newcomers enters
inline constexpr RandomPurpose kNewcomerMember{5};  // each newcomer's place and heading within its flock
inline constexpr RandomPurpose kTrailChoice{21};  // which fireflies a trail recording follows
}  // namespace meadow::sim::swarm_random
