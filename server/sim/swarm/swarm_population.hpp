#pragma once
// Who is in the swarm: placing a new swarm, and changing its count (SPEC §2 "Count"). Leavers
// are exactly the fireflies closest to an edge; newcomers enter in flocks of 40 just inside an
// edge, heading inwards. Issue 3 turns both into flights over the edge; the selection stays.
// All randomness is counter-based, keyed by the firefly's id, so the result is deterministic.
#include <cstdint>

#include "sim/geometry.hpp"
#include "sim/land.hpp"
#include "sim/swarm/firefly_arrays.hpp"

namespace meadow::sim::population {

// Distance from p to the nearest edge of `world` (units; negative outside it).
[[nodiscard]] float distance_to_edge(float x, float y, const Rect& world);

// Appends `count` fireflies spread evenly over the world (off the rocks), with random headings
// and speeds within the band. Ids are taken from next_id onwards.
void place_random(FireflyArrays& f, std::size_t count, const Land& land, std::uint64_t seed,
                  std::uint32_t& next_id);

// Removes exactly `leavers` fireflies: those closest to an edge of `world`, ties broken by the
// smaller id. The others keep their order.
void remove_nearest_edge(FireflyArrays& f, std::size_t leavers, const Rect& world);

// Appends `count` newcomers in flocks of kNewcomerFlockSize (the last one smaller), each just
// inside an edge and heading inwards. `step` keys the randomness, ids continue from next_id.
void add_newcomers(FireflyArrays& f, std::size_t count, const Rect& world, std::uint64_t seed,
                   std::uint64_t step, std::uint32_t& next_id);

}  // namespace meadow::sim::population
