#include "sim/swarm/trail_choice.hpp"

#include <algorithm>
#include <limits>
#include <utility>

#include "sim/random.hpp"
#include "sim/swarm/swarm_random.hpp"

namespace meadow::sim {

namespace {

// Candidates kept before the sort: about this many times `count` are expected under the cut, so
// falling short (and taking every firefly instead) is rare.
constexpr std::uint64_t kTrailCandidateMargin = 4;

}  // namespace

std::vector<std::size_t> chosen_for_trails(std::span<const std::uint32_t> ids, std::uint64_t seed, std::size_t count) {
  const CounterRandom random(seed, 0, swarm_random::kTrailChoice);
  const std::size_t n = ids.size();
  count = std::min(count, n);
  // Draws are uniform over 64 bits: only those under the cut can be among the smallest `count`,
  // unless fewer than `count` fall under it (then every firefly is a candidate).
  const std::uint64_t per = std::numeric_limits<std::uint64_t>::max() / std::max<std::uint64_t>(n, 1);
  const std::uint64_t wanted = kTrailCandidateMargin * count;
  const std::uint64_t cut = wanted >= n ? std::numeric_limits<std::uint64_t>::max() : per * wanted;
  std::vector<std::pair<std::uint64_t, std::size_t>> draws;
  draws.reserve(std::min<std::size_t>(n, static_cast<std::size_t>(2 * wanted)));
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint64_t draw = random.bits(ids[i]);
    if (draw <= cut) draws.emplace_back(draw, i);
  }
  if (draws.size() < count) {
    draws.clear();
    for (std::size_t i = 0; i < n; ++i) draws.emplace_back(random.bits(ids[i]), i);
  }
  const auto chosen_end = draws.begin() + static_cast<std::ptrdiff_t>(count);
  std::partial_sort(draws.begin(), chosen_end, draws.end());
  std::vector<std::size_t> chosen;
  chosen.reserve(count);
  for (auto it = draws.begin(); it != chosen_end; ++it) chosen.push_back(it->second);
  std::sort(chosen.begin(), chosen.end(), [ids](std::size_t a, std::size_t b) { return ids[a] < ids[b]; });
  return chosen;
}

}  // namespace meadow::sim
