// Which fireflies trails follow (sim/swarm/trail_choice.hpp): the smallest keyed draws, whatever
// the engine's order, nested across counts, and exactly the brute-force choice.
#include "sim/swarm/trail_choice.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <utility>
#include <vector>

#include "sim/random.hpp"
#include "sim/swarm/swarm_random.hpp"

namespace meadow::sim {
namespace {

std::vector<std::uint32_t> ids_of(std::span<const std::uint32_t> ids, const std::vector<std::size_t>& chosen) {
  std::vector<std::uint32_t> out;
  for (const std::size_t i : chosen) out.push_back(ids[i]);
  return out;
}

// Every firefly's draw, sorted: the plain way to choose.
std::vector<std::uint32_t> brute_force(const std::vector<std::uint32_t>& ids, std::uint64_t seed, std::size_t count) {
  const CounterRandom random(seed, 0, swarm_random::kTrailChoice);
  std::vector<std::pair<std::uint64_t, std::uint32_t>> draws;
  for (const std::uint32_t id : ids) draws.emplace_back(random.bits(id), id);
  std::sort(draws.begin(), draws.end());
  std::vector<std::uint32_t> out;
  for (std::size_t k = 0; k < std::min(count, draws.size()); ++k) out.push_back(draws[k].second);
  std::sort(out.begin(), out.end());
  return out;
}

TEST(TrailChoice, TheSmallestDrawsWhateverTheOrder) {
  for (const std::size_t n : {std::size_t{3}, std::size_t{300}, std::size_t{20'000}}) {
    std::vector<std::uint32_t> ids(n);
    std::iota(ids.begin(), ids.end(), 1000U);
    const auto first = ids_of(ids, chosen_for_trails(ids, 42, 256));
    EXPECT_EQ(first, brute_force(ids, 42, 256)) << n << " fireflies";
    EXPECT_EQ(first.size(), std::min<std::size_t>(n, 256));
    EXPECT_TRUE(std::is_sorted(first.begin(), first.end()));
    std::mt19937 shuffle(7);
    std::shuffle(ids.begin(), ids.end(), shuffle);
    EXPECT_EQ(ids_of(ids, chosen_for_trails(ids, 42, 256)), first) << "the engine's order does not matter";
  }
}

TEST(TrailChoice, FewerAreAmongMoreAndAnotherSeedChoosesOthers) {
  std::vector<std::uint32_t> ids(5000);
  std::iota(ids.begin(), ids.end(), 0U);
  const auto few = ids_of(ids, chosen_for_trails(ids, 9, 200));
  const auto more = ids_of(ids, chosen_for_trails(ids, 9, 256));
  EXPECT_TRUE(std::includes(more.begin(), more.end(), few.begin(), few.end()))
      << "a recording's fireflies are among the live layer's";
  EXPECT_NE(ids_of(ids, chosen_for_trails(ids, 10, 200)), few);
  EXPECT_TRUE(chosen_for_trails({}, 9, 200).empty());
  EXPECT_TRUE(chosen_for_trails(ids, 9, 0).empty());
}

}  // namespace
}  // namespace meadow::sim
