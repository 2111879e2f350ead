#pragma once
// The plate's random streams (sim/random.hpp): only its scatter is random, keyed by the plate's
// own seed (plate_rules::kSeed), so every plate of a count starts alike.
#include "sim/random.hpp"
#include "sim/world_kind.hpp"

namespace meadow::sim::plate_random {
inline constexpr RandomPurpose kScatter = world_purpose(static_cast<std::uint32_t>(WorldKind::plate), 1);  // x, y, heading
}  // namespace meadow::sim::plate_random
