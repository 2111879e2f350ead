#pragma once
// The colony's (its fireflies, flowers, seeds, breeze and frogs) random streams (sim/random.hpp): what each random number is for, part of its
// key so that two rules never share a stream. Their numbers were given when every world's stood
// in one list; they stay, since changing one changes every world grown from an old seed.
#include "sim/random.hpp"

namespace meadow::sim::colony_random {
inline constexpr RandomPurpose kPlacement{6};  // where a firefly of the first colony starts
inline constexpr RandomPurpose kHeading{7};  // which way a new colony firefly first flies
inline constexpr RandomPurpose kWander{8};  // a wanderer's turn each step
inline constexpr RandomPurpose kRecruit{9};  // whether a wanderer near a carrier joins it this step
inline constexpr RandomPurpose kFlashPeriod{10};  // a colony firefly's own flash period
inline constexpr RandomPurpose kFlashPhase{11};  // its phase at birth
inline constexpr RandomPurpose kBreezeWaves{12};  // the phases of the breeze's slow waves
inline constexpr RandomPurpose kBreezeGust{13};  // each gust's gap, side, swing and boost
inline constexpr RandomPurpose kSeedStick{14};  // whether a sip leaves a seed on the firefly, and for how long
inline constexpr RandomPurpose kSeedRoot{15};  // whether a landed seed takes root
inline constexpr RandomPurpose kFlowerLife{16};  // how long each flower lives
inline constexpr RandomPurpose kFrogSit{22};  // how long a frog sits before its next hop
inline constexpr RandomPurpose kFrogHop{23};  // which way a frog faces when dropped, and hops with nobody to hunt
}  // namespace meadow::sim::colony_random
