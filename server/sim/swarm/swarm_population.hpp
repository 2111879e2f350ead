#pragma once
// Who is in the swarm: placing a new swarm, and changing its count (SPEC §2 "Count"). Leavers
// are exactly the fireflies closest to an edge, flagged to fly out over it; newcomers fly in as
// flocks of 40 from just outside an edge of the world (after the world grew: into the land it
// gained). Both are flags on the fireflies (kFlagArriving, kFlagLeaving) until settle() sees
// them in or out. All randomness is counter-based, keyed by the firefly's or flock's id, so the
// result is deterministic.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>

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

// Makes `count` the number of fireflies staying (not leaving) on `world`:
// - anyone staying but outside the world (it shrank under them) is flagged arriving;
// - too many staying: exactly the surplus closest to an edge (ties: the smaller id) is flagged
//   leaving (an arriving one among them turns round);
// - too few: leavers still in the world are called back first (those farthest from an edge,
//   ties: the smaller id), then newcomers are appended (add_newcomers).
// `step` keys the newcomers' randomness; ids continue from next_id.
void resize(FireflyArrays& f, std::size_t count, const Rect& world, std::uint64_t seed,
            std::uint64_t step, std::uint32_t& next_id);

// How resize flags the surplus as leaving: mark_leavers, or an engine's own way of choosing
// exactly the same fireflies (the GPU's histogram, gpu/leaver_kernels.hpp).
using MarkLeavers = std::function<void(FireflyArrays& f, std::size_t leavers, const Rect& world)>;
// resize, with the leavers flagged by `mark`.
void resize(FireflyArrays& f, std::size_t count, const Rect& world, std::uint64_t seed, std::uint64_t step,
            std::uint32_t& next_id, const MarkLeavers& mark);

// Flags exactly `leavers` of the fireflies not yet leaving as leaving: those closest to an edge
// of `world`, ties broken by the smaller id.
void mark_leavers(FireflyArrays& f, std::size_t leavers, const Rect& world);

// Removes exactly `leavers` fireflies at once: those closest to an edge of `world`, ties broken
// by the smaller id; the others keep their order. (The naive reference engine's simple resize;
// the CPU engine flies them out instead, see resize.)
void remove_nearest_edge(FireflyArrays& f, std::size_t leavers, const Rect& world);

// Appends `count` newcomers flagged arriving, in flocks of kNewcomerFlockSize (the last one
// smaller), each starting outside an edge of `world` and heading inwards.
void add_newcomers(FireflyArrays& f, std::size_t count, const Rect& world, std::uint64_t seed,
                   std::uint64_t step, std::uint32_t& next_id);

// After a move: an arriving firefly inside the world is an ordinary one again; a leaver more
// than kLeaveBeyond outside the world is removed (the others keep their order).
void settle(FireflyArrays& f, const Rect& world);

// Fireflies with kFlagLeaving set.
[[nodiscard]] std::size_t leaving(const FireflyArrays& f);

// Whether any firefly of these flags is arriving or leaving; the first that is (flags.size() when
// none is).
[[nodiscard]] bool any_in_transit(std::span<const std::uint8_t> flags);
[[nodiscard]] std::size_t first_in_transit(std::span<const std::uint8_t> flags);

}  // namespace meadow::sim::population
