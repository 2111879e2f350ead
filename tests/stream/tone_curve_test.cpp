#include "stream/tone_curve.hpp"

#include <gtest/gtest.h>

#include <limits>

namespace meadow::stream {
namespace {

TEST(ToneCurve, HasFourThousandNinetySixMonotonicEntriesFromBlackToWhite) {
  const ToneCurve curve;
  const auto& table = curve.table();
  ASSERT_EQ(table.size(), 4096U);
  EXPECT_EQ(table.front(), 0);
  EXPECT_EQ(table.back(), 255);
  for (std::size_t i = 1; i < table.size(); ++i) {
    EXPECT_GE(table[i], table[i - 1]) << "entry " << i;
  }
}

TEST(ToneCurve, ALoneFireflyIsVisibleAndDenseLightIsCompressed) {
  const ToneCurve curve;
  // A lone firefly peaks near 0.04 fireflies per pixel after the blur.
  EXPECT_GE(curve(0.04F), 30);
  // Doubling a dense cloud brightens it much less than doubling a faint glow.
  const int faint_gain = curve(0.08F) - curve(0.04F);
  const int dense_gain = curve(4.0F) - curve(2.0F);
  EXPECT_GT(faint_gain, 0);
  EXPECT_GT(dense_gain, 0);
  EXPECT_LT(dense_gain, 3 * faint_gain);
}

TEST(ToneCurve, OddInputsStayInTheTable) {
  const ToneCurve curve;
  EXPECT_EQ(curve(-1.0F), 0);
  EXPECT_EQ(curve(std::numeric_limits<float>::quiet_NaN()), 0);
  EXPECT_EQ(curve(std::numeric_limits<float>::infinity()), 255);
  EXPECT_EQ(curve(1e30F), 255);
}

}  // namespace
}  // namespace meadow::stream
