#include "net/rate_limiter.hpp"

#include <gtest/gtest.h>

namespace meadow::net {
namespace {

using namespace std::chrono_literals;

TEST(TokenBucket, AllowsTheBurstThenTheRate) {
  const auto t0 = TokenBucket::Clock::time_point{} + 1h;
  TokenBucket bucket(10.0, 5.0, t0);
  int taken = 0;
  for (int i = 0; i < 20; ++i) taken += bucket.try_take(t0) ? 1 : 0;
  EXPECT_EQ(taken, 5);
  EXPECT_FALSE(bucket.try_take(t0 + 50ms)) << "half a token after 50 ms at 10/s";
  EXPECT_TRUE(bucket.try_take(t0 + 100ms));
  taken = 0;
  for (int i = 0; i < 20; ++i) taken += bucket.try_take(t0 + 10s) ? 1 : 0;
  EXPECT_EQ(taken, 5) << "never more than the burst, however long it rested";
}

TEST(TokenBucket, TimeGoingBackwardsGivesNothing) {
  const auto t0 = TokenBucket::Clock::time_point{} + 1h;
  TokenBucket bucket(10.0, 1.0, t0);
  EXPECT_TRUE(bucket.try_take(t0));
  EXPECT_FALSE(bucket.try_take(t0 - 1s));
}

}  // namespace
}  // namespace meadow::net
