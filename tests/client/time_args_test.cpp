// meadowctl's times as the operator types them (client/meadowctl/time_args.hpp).
#include "meadowctl/time_args.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <ctime>

namespace meadow::client {
namespace {

TEST(WhileSeconds, BareIsMinutesAndUnitsAreSecondsMinutesHours) {
  EXPECT_EQ(while_seconds("15"), 900U);
  EXPECT_EQ(while_seconds("90s"), 90U);
  EXPECT_EQ(while_seconds("15m"), 900U);
  EXPECT_EQ(while_seconds("2h"), 7200U);
  EXPECT_FALSE(while_seconds("0"));
  EXPECT_FALSE(while_seconds("-5"));
  EXPECT_FALSE(while_seconds("5d"));
  EXPECT_FALSE(while_seconds("m"));
  EXPECT_FALSE(while_seconds(""));
}

class MomentBefore : public ::testing::Test {
 protected:
  void SetUp() override {
    const char* tz = std::getenv("TZ");
    saved_ = tz != nullptr ? tz : "";
    had_ = tz != nullptr;
    setenv("TZ", "UTC", 1);
    tzset();
  }
  void TearDown() override {
    had_ ? setenv("TZ", saved_.c_str(), 1) : unsetenv("TZ");
    tzset();
  }
  std::string saved_;
  bool had_ = false;
};

TEST_F(MomentBefore, IsTheLastTimeTheClockShowedIt) {
  const std::time_t now = 1796680800;  // 2026-12-07 22:00:00 UTC
  EXPECT_EQ(moment_before("21:40", now), (now - 20 * 60) * 1000LL) << "earlier today";
  EXPECT_EQ(moment_before("22:00", now), now * 1000LL) << "now itself";
  EXPECT_EQ(moment_before("23:15", now), (now - 22 * 3600 - 45 * 60) * 1000LL) << "later today: yesterday's";
  EXPECT_EQ(moment_before("00:05", now), (now - 21 * 3600 - 55 * 60) * 1000LL);
  EXPECT_FALSE(moment_before("24:00", now));
  EXPECT_FALSE(moment_before("21:4", now));
  EXPECT_FALSE(moment_before("21.40", now));
  EXPECT_FALSE(moment_before("tonight", now));
}

}  // namespace
}  // namespace meadow::client
