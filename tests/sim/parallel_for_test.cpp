// The one way sim/ runs work on several threads (sim/parallel_for.hpp): SerialFor's ranges and the
// chunk lengths the swarm's stages take from their number of items.
#include "sim/parallel_for.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <utility>
#include <vector>

namespace meadow::sim {
namespace {

TEST(SerialFor, CoversEveryItemOnceInOrderInRangesOfTheGrain) {
  std::vector<std::pair<std::size_t, std::size_t>> ranges;
  SerialFor serial;
  serial.run(10, 4, [&](std::size_t begin, std::size_t end) { ranges.emplace_back(begin, end); });
  const std::vector<std::pair<std::size_t, std::size_t>> expected = {{0, 4}, {4, 8}, {8, 10}};
  EXPECT_EQ(ranges, expected);
  EXPECT_EQ(serial.threads(), 1U);
}

TEST(EvenGrain, GivesAtLeastThePiecesAskedWithinTheBounds) {
  // 20,000 fireflies in eight chunks of 2,500 (not 16,384 + 3,616).
  EXPECT_EQ(even_grain(20000, 8, 2048, 16384), 2500U);
  // Small counts: never below the smallest chunk, so fewer pieces.
  EXPECT_EQ(even_grain(5000, 8, 2048, 16384), 2048U);
  EXPECT_EQ(even_grain(0, 8, 2048, 16384), 2048U);
  // Large counts: never above the largest, so more pieces.
  EXPECT_EQ(even_grain(500000, 8, 2048, 16384), 16384U);
  for (std::size_t n = 16384; n <= 131072; n += 997) {
    const std::size_t grain = even_grain(n, 8, 2048, 16384);
    EXPECT_GE(grain, 2048U);
    EXPECT_LE(grain, 16384U);
    EXPECT_LE((n + grain - 1) / grain, 8U) << n;      // n / 8 rounded up: eight chunks at most …
    EXPECT_GE((n + grain - 1) / grain, 7U) << n;      // … and no fewer than the rounding allows
  }
}

}  // namespace
}  // namespace meadow::sim
