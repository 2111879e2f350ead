#include "sim/viewer_limits.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace meadow::sim {
namespace {

using viewer_limits::kCountCooldownTicks;
using viewer_limits::kTapCooldownTicks;

TEST(ViewerLimits, ATapWaitsForTheCooldownOfItsOwnViewerOnly) {
  ViewerLimits limits;
  EXPECT_TRUE(limits.take_tap(1, 100));
  for (std::uint64_t t = 101; t < 100 + kTapCooldownTicks; ++t) EXPECT_FALSE(limits.take_tap(1, t)) << t;
  EXPECT_TRUE(limits.take_tap(2, 101)) << "another viewer has its own cooldown";
  EXPECT_TRUE(limits.take_tap(1, 100 + kTapCooldownTicks));
}

TEST(ViewerLimits, ACountAskedTooSoonWaitsAndTheLastOneAskedWins) {
  ViewerLimits limits;
  std::vector<std::size_t> released;
  EXPECT_TRUE(limits.take_count_turn(1, 10, 40'000));
  EXPECT_FALSE(limits.take_count_turn(1, 11, 5'000));
  EXPECT_FALSE(limits.take_count_turn(1, 12, 9'000));
  EXPECT_EQ(limits.count_wait(1, 12), kCountCooldownTicks - 2);
  limits.release_waiting_counts(10 + kCountCooldownTicks - 1, released);
  EXPECT_TRUE(released.empty()) << "not its turn yet";
  limits.release_waiting_counts(10 + kCountCooldownTicks, released);
  EXPECT_EQ(released, (std::vector<std::size_t>{9'000}));
  // The released count took the viewer's turn: the next one waits again.
  EXPECT_FALSE(limits.take_count_turn(1, 10 + kCountCooldownTicks + 1, 100));
  limits.release_waiting_counts(10 + 2 * kCountCooldownTicks, released);
  EXPECT_EQ(released, (std::vector<std::size_t>{100}));
  limits.release_waiting_counts(10 + 5 * kCountCooldownTicks, released);
  EXPECT_TRUE(released.empty()) << "each waiting count is released once";
}

TEST(ViewerLimits, WaitingCountsComeOutInTheOrderOfTheViewersIds) {
  ViewerLimits limits;
  std::vector<std::size_t> released;
  for (const std::uint64_t viewer : {7U, 3U, 5U}) {
    ASSERT_TRUE(limits.take_count_turn(viewer, 0, 1));
    ASSERT_FALSE(limits.take_count_turn(viewer, 1, 1000 + viewer));
  }
  limits.release_waiting_counts(kCountCooldownTicks, released);
  EXPECT_EQ(released, (std::vector<std::size_t>{1003, 1005, 1007}));
}

TEST(ViewerLimits, AViewerThatLeftIsForgottenWithWhatItHadWaiting) {
  ViewerLimits limits;
  std::vector<std::size_t> released;
  ASSERT_TRUE(limits.take_count_turn(4, 0, 1));
  ASSERT_FALSE(limits.take_count_turn(4, 1, 2));
  ASSERT_TRUE(limits.take_tap(4, 1));
  limits.forget(4);
  EXPECT_EQ(limits.viewers_known(), 0U);
  limits.release_waiting_counts(kCountCooldownTicks, released);
  EXPECT_TRUE(released.empty());
}

}  // namespace
}  // namespace meadow::sim
