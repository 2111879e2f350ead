#pragma once
// The pond's random streams (sim/random.hpp), keyed by the meadow's seed: the school's scatter
// (counter: how many schools the pond has had) and a handful's crumbs (counter: the first crumb's id).
#include "sim/random.hpp"
#include "sim/world_kind.hpp"

namespace meadow::sim::pond_random {
inline constexpr RandomPurpose kScatter = world_purpose(static_cast<std::uint32_t>(WorldKind::pond), 1);  // x, y, heading
inline constexpr RandomPurpose kHandful = world_purpose(static_cast<std::uint32_t>(WorldKind::pond), 2);  // where crumbs land
inline constexpr RandomPurpose kStudy = world_purpose(static_cast<std::uint32_t>(WorldKind::pond), 3);    // the study's predator
}  // namespace meadow::sim::pond_random
