#include "app/notice_throttle.hpp"

#include <gtest/gtest.h>

namespace meadow::app {
namespace {

TEST(NoticeThrottle, OneNoticeOfAKindToAViewerASecond) {
  NoticeThrottle t;
  EXPECT_TRUE(t.allow(1, "too_fast", 100));
  EXPECT_FALSE(t.allow(1, "too_fast", 101));
  EXPECT_FALSE(t.allow(1, "too_fast", 100 + NoticeThrottle::kEveryTicks - 1));
  EXPECT_TRUE(t.allow(1, "rock_limit", 101)) << "another kind is told at once";
  EXPECT_TRUE(t.allow(2, "too_fast", 101)) << "another viewer is told at once";
  EXPECT_TRUE(t.allow(1, "too_fast", 100 + NoticeThrottle::kEveryTicks));
}

TEST(NoticeThrottle, AViewerThatLeftIsForgotten) {
  NoticeThrottle t;
  t.allow(1, "a", 0);
  t.allow(1, "b", 0);
  t.allow(2, "a", 0);
  t.forget(1);
  EXPECT_EQ(t.size(), 1U);
  EXPECT_TRUE(t.allow(1, "a", 1));
  EXPECT_FALSE(t.allow(2, "a", 1));
}

}  // namespace
}  // namespace meadow::app
