#include "net/log_throttle.hpp"

#include <gtest/gtest.h>

namespace meadow::net {
namespace {

using Clock = LogThrottle::Clock;

TEST(LogThrottle, OneLineAKindPerIntervalWithTheCountLeftOut) {
  LogThrottle t(std::chrono::seconds(10));
  const Clock::time_point t0{};
  ASSERT_TRUE(t.admit("accept", t0));
  EXPECT_EQ(*t.admit("accept", t0 + std::chrono::seconds(10)), 0U);
  for (int i = 0; i < 500; ++i) EXPECT_FALSE(t.admit("accept", t0 + std::chrono::seconds(11)));
  EXPECT_TRUE(t.admit("bad request", t0 + std::chrono::seconds(11))) << "each kind on its own";
  const auto next = t.admit("accept", t0 + std::chrono::seconds(20));
  ASSERT_TRUE(next);
  EXPECT_EQ(*next, 500U) << "the next line says how many were left out";
}

}  // namespace
}  // namespace meadow::net
