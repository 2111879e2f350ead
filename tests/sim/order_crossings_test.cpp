#include "sim/order_crossings.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "sim/random.hpp"

namespace meadow::sim {
namespace {

std::vector<OrderCrossing> feed_all(OrderCrossings& c, const std::vector<float>& values) {
  std::vector<OrderCrossing> all;
  for (const float v : values) {
    for (const OrderCrossing& x : c.feed(v)) all.push_back(x);
  }
  return all;
}

TEST(OrderCrossings, TheFirstValueAnnouncesNothing) {
  OrderCrossings c;
  EXPECT_TRUE(c.feed(0.9F).empty());
  EXPECT_TRUE(c.feed(0.9F).empty());
}

TEST(OrderCrossings, EachThresholdIsAnnouncedGoingUpAndDown) {
  OrderCrossings c;
  const auto all = feed_all(c, {0.1F, 0.2F, 0.36F, 0.5F, 0.76F, 0.8F, 0.5F, 0.24F, 0.1F});
  ASSERT_EQ(all.size(), 4U);
  EXPECT_EQ(all[0], (OrderCrossing{0.3F, true, 0.36F}));
  EXPECT_EQ(all[1], (OrderCrossing{0.7F, true, 0.76F}));
  EXPECT_EQ(all[2], (OrderCrossing{0.7F, false, 0.5F}));
  EXPECT_EQ(all[3], (OrderCrossing{0.3F, false, 0.24F}));
}

TEST(OrderCrossings, AJumpPastBothThresholdsAnnouncesBothInOrder) {
  OrderCrossings c;
  const auto up = feed_all(c, {0.0F, 1.0F});
  ASSERT_EQ(up.size(), 2U);
  EXPECT_FLOAT_EQ(up[0].threshold, 0.3F);
  EXPECT_FLOAT_EQ(up[1].threshold, 0.7F);
  const auto down = c.feed(0.0F);
  ASSERT_EQ(down.size(), 2U);
  EXPECT_FLOAT_EQ(down[0].threshold, 0.7F);
  EXPECT_FALSE(down[0].rising);
  EXPECT_FLOAT_EQ(down[1].threshold, 0.3F);
}

// A signal that drifts across 0.3 once each way while jittering by ±0.04 every frame: one
// announcement per real crossing, not one per jitter.
TEST(OrderCrossings, ANoisySignalAnnouncesOncePerCrossing) {
  OrderCrossings c;
  const CounterRandom noise(3, 0, RandomPurpose{3});  // any stream will do: noise for the test
  std::vector<float> values;
  for (int frame = 0; frame < 600; ++frame) {
    // 0.15 → 0.45 → 0.15 over 600 frames, passing 0.3 at frames 150 and 450.
    const float base = 0.15F + 0.3F * (1.0F - std::abs(static_cast<float>(frame) - 300.0F) / 300.0F);
    values.push_back(base + 0.04F * noise.signed_unit(static_cast<std::uint64_t>(frame)));
  }
  const auto all = feed_all(c, values);
  ASSERT_EQ(all.size(), 2U);
  EXPECT_TRUE(all[0].rising);
  EXPECT_FALSE(all[1].rising);
  // And the same signal without hysteresis would have chattered (the test can fail).
  OrderCrossings twitchy(std::vector<float>{0.3F}, 0.0F);
  EXPECT_GT(feed_all(twitchy, values).size(), 4U);
}

}  // namespace
}  // namespace meadow::sim
