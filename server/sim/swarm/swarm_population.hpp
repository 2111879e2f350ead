#pragma once
// Who is in the swarm: placing a new swarm, and changing its count
// (docs/rules.md "The swarm · Count"). Leavers are exactly the fireflies closest to an edge,
// flagged to fly out over it; newcomers come as flocks of 40: after the world grew, spread over the
// land it gained; while it did not, flying in from just outside an edge. Both are flags on the
// fireflies (kFlagArriving, kFlagLeaving) until settle() sees them in or out. All randomness is
// counter-based, keyed by the firefly's or flock's id, so the result is deterministic.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

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
// `grown_from`: the world before it last grew, while that growth's newcomers are still being let
// in (SwarmWorld knows); absent when the world did not grow. `step` keys the newcomers'
// randomness; ids continue from next_id.
struct Arrivals {
  std::uint64_t seed = 0;
  std::uint64_t step = 0;
  std::optional<Rect> grown_from;
};
void resize(FireflyArrays& f, std::size_t count, const Rect& world, const Arrivals& arrivals, std::uint32_t& next_id);

// How resize flags the surplus as leaving: mark_leavers, or an engine's own way of choosing
// exactly the same fireflies (the GPU's histogram, gpu/swarm/leaver_kernels.hpp).
using MarkLeavers = std::function<void(FireflyArrays& f, std::size_t leavers, const Rect& world)>;
// resize, with the leavers flagged by `mark`.
void resize(FireflyArrays& f, std::size_t count, const Rect& world, const Arrivals& arrivals, std::uint32_t& next_id,
            const MarkLeavers& mark);

// Flags exactly `leavers` of the fireflies not yet leaving as leaving: those closest to an edge
// of `world`, ties broken by the smaller id.
void mark_leavers(FireflyArrays& f, std::size_t leavers, const Rect& world);

// Removes exactly `leavers` fireflies at once: those closest to an edge of `world`, ties broken
// by the smaller id; the others keep their order. (The naive reference engine's simple resize;
// the CPU engine flies them out instead, see resize.)
void remove_nearest_edge(FireflyArrays& f, std::size_t leavers, const Rect& world);

// Appends `count` newcomers in flocks of kNewcomerFlockSize (the last one smaller). With
// `arrivals.grown_from`, each flock starts at a point uniform over the land the world gained
// (world minus grown_from), heading any way, inside the world: the whole new land fills at the
// density of the old, with no ring where the old edge was. Without it (or when nothing was
// gained), each flock starts outside an edge of `world`, flagged arriving, heading inwards.
void add_newcomers(FireflyArrays& f, std::size_t count, const Rect& world, const Arrivals& arrivals,
                   std::uint32_t& next_id);

// The land `world` gained over `before` (the part of world outside it), as at most four
// rectangles that do not overlap: the strips above and below `before`, then left and right of it.
[[nodiscard]] std::vector<Rect> gained_land(const Rect& world, const Rect& before);

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
