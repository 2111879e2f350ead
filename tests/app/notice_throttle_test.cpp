#include "app/notice_throttle.hpp"

#include <gtest/gtest.h>

namespace meadow::app {
namespace {

TEST(NoticeThrottle, ABurstOfThreeOfAKindThenOneASecond) {
  NoticeThrottle t;
  for (std::uint32_t i = 0; i < NoticeThrottle::kBurst; ++i) EXPECT_TRUE(t.allow(1, "too_fast", 100 + i)) << i;
  EXPECT_FALSE(t.allow(1, "too_fast", 103));
  EXPECT_FALSE(t.allow(1, "too_fast", 100 + NoticeThrottle::kEveryTicks - 1));
  EXPECT_TRUE(t.allow(1, "rock_limit", 104)) << "another kind is told at once";
  EXPECT_TRUE(t.allow(2, "too_fast", 104)) << "another viewer is told at once";
  EXPECT_TRUE(t.allow(1, "too_fast", 100 + NoticeThrottle::kEveryTicks)) << "a second later, one more";
  EXPECT_FALSE(t.allow(1, "too_fast", 100 + NoticeThrottle::kEveryTicks + 1));
  // A flood of a minute is told about the burst plus one a second.
  int told = 0;
  for (std::uint64_t tick = 1000; tick < 1000 + 60 * NoticeThrottle::kEveryTicks; ++tick) told += t.allow(3, "x", tick) ? 1 : 0;
  EXPECT_EQ(told, static_cast<int>(NoticeThrottle::kBurst) + 59);
}

TEST(NoticeThrottle, AViewerThatLeftIsForgotten) {
  NoticeThrottle t;
  t.allow(1, "a", 0);
  t.allow(1, "b", 0);
  t.allow(2, "a", 0);
  t.forget(1);
  EXPECT_EQ(t.size(), 1U);
  EXPECT_TRUE(t.allow(1, "a", 1));
}

}  // namespace
}  // namespace meadow::app
