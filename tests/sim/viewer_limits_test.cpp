#include "sim/viewer_limits.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "sim/swarm/swarm_limits.hpp"

namespace meadow::sim {
namespace {

using swarm_limits::kCountCooldownTicks;
using viewer_limits::kTapCooldownTicks;

TEST(Cooldowns, AnActionWaitsForTheCooldownOfItsOwnViewerAndGroupOnly) {
  Cooldowns taps;
  EXPECT_TRUE(taps.take(1, "tap", kTapCooldownTicks, 100));
  for (std::uint64_t t = 101; t < 100 + kTapCooldownTicks; ++t) {
    EXPECT_FALSE(taps.take(1, "tap", kTapCooldownTicks, t)) << t;
  }
  EXPECT_TRUE(taps.take(2, "tap", kTapCooldownTicks, 101)) << "another viewer has its own cooldown";
  EXPECT_TRUE(taps.take(1, "other", 600, 101)) << "another group has its own cooldown";
  EXPECT_FALSE(taps.take(1, "other", 600, 101 + 599));
  EXPECT_TRUE(taps.take(1, "tap", kTapCooldownTicks, 100 + kTapCooldownTicks));
  EXPECT_EQ(taps.viewers_known(), 2U);
  taps.forget(1);
  taps.forget(2);
  EXPECT_EQ(taps.viewers_known(), 0U);
}

TEST(CountTurns, KeepsTheCooldownItWasMadeWith) {
  CountTurns turns(600);
  std::vector<std::size_t> released;
  EXPECT_TRUE(turns.take(1, 0, 10));
  EXPECT_FALSE(turns.take(1, 599, 20));
  EXPECT_EQ(turns.wait(1, 599), 1U);
  turns.release_waiting(599, released);
  EXPECT_TRUE(released.empty());
  turns.release_waiting(600, released);
  EXPECT_EQ(released, (std::vector<std::size_t>{20}));
}

TEST(CountTurns, ACountAskedTooSoonWaitsAndTheLastOneAskedWins) {
  CountTurns turns(kCountCooldownTicks);
  std::vector<std::size_t> released;
  EXPECT_TRUE(turns.take(1, 10, 40'000));
  EXPECT_FALSE(turns.take(1, 11, 5'000));
  EXPECT_FALSE(turns.take(1, 12, 9'000));
  EXPECT_EQ(turns.wait(1, 12), kCountCooldownTicks - 2);
  turns.release_waiting(10 + kCountCooldownTicks - 1, released);
  EXPECT_TRUE(released.empty()) << "not its turn yet";
  turns.release_waiting(10 + kCountCooldownTicks, released);
  EXPECT_EQ(released, (std::vector<std::size_t>{9'000}));
  // The released count took the viewer's turn: the next one waits again.
  EXPECT_FALSE(turns.take(1, 10 + kCountCooldownTicks + 1, 100));
  turns.release_waiting(10 + 2 * kCountCooldownTicks, released);
  EXPECT_EQ(released, (std::vector<std::size_t>{100}));
  turns.release_waiting(10 + 5 * kCountCooldownTicks, released);
  EXPECT_TRUE(released.empty()) << "each waiting count is released once";
}

TEST(CountTurns, WaitingCountsComeOutInTheOrderOfTheViewersIds) {
  CountTurns turns(kCountCooldownTicks);
  std::vector<std::size_t> released;
  for (const std::uint64_t viewer : {7U, 3U, 5U}) {
    ASSERT_TRUE(turns.take(viewer, 0, 1));
    ASSERT_FALSE(turns.take(viewer, 1, 1000 + viewer));
  }
  turns.release_waiting(kCountCooldownTicks, released);
  EXPECT_EQ(released, (std::vector<std::size_t>{1003, 1005, 1007}));
}

TEST(CountTurns, AViewerThatLeftIsForgottenWithWhatItHadWaiting) {
  CountTurns turns(kCountCooldownTicks);
  std::vector<std::size_t> released;
  ASSERT_TRUE(turns.take(4, 0, 1));
  ASSERT_FALSE(turns.take(4, 1, 2));
  turns.forget(4);
  EXPECT_EQ(turns.viewers_known(), 0U);
  turns.release_waiting(kCountCooldownTicks, released);
  EXPECT_TRUE(released.empty());
}

}  // namespace
}  // namespace meadow::sim
