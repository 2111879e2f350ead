#pragma once
// Which fireflies trails follow (docs/rules.md "The swarm · Trails"): those whose draws, keyed by
// the seed and their ids, are smallest. The same whatever order an engine keeps them in, and
// nested: the first 200 a recording follows are among the first 256 the live trails layer shows.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace meadow::sim {

// Indices into `ids` of the `count` chosen fireflies (all of them when there are fewer), in
// ascending order of their ids. O(n) draws; the sort is of a few times `count` candidates.
[[nodiscard]] std::vector<std::size_t> chosen_for_trails(std::span<const std::uint32_t> ids, std::uint64_t seed,
                                                         std::size_t count);

}  // namespace meadow::sim
