#include "sim/swarm/world_size.hpp"

#include <gtest/gtest.h>

#include "sim/land.hpp"

namespace meadow::sim {
namespace {

const Rect kMeadow{0.0F, 0.0F, kMeadowWidth, kMeadowHeight};

TEST(WorldSize, UpTo6000FirefliesTheWorldIsTheMeadow) {
  EXPECT_EQ(world_for_count(100, kMeadow), kMeadow);
  EXPECT_EQ(world_for_count(6000, kMeadow), kMeadow);
}

TEST(WorldSize, PastTheThresholdTheWorldGrowsByAreaAroundTheMeadow) {
  const Rect w = world_for_count(6001, kMeadow);
  EXPECT_GT(w.width, kMeadow.width);
  const Rect doubled = world_for_count(12000, kMeadow);
  EXPECT_NEAR(doubled.width * doubled.height, 2.0 * 1600.0 * 900.0, 1.0);
  EXPECT_NEAR(doubled.width / doubled.height, 16.0 / 9.0, 1e-5);
  EXPECT_NEAR(doubled.center().x, 800.0F, 1e-3F);
  EXPECT_NEAR(doubled.center().y, 450.0F, 1e-3F);
  EXPECT_TRUE(doubled.contains({0.0F, 0.0F}));
  EXPECT_TRUE(doubled.contains({1600.0F, 900.0F}));
  // A million fireflies: about 12.9 meadows wide.
  EXPECT_NEAR(meadows_wide(world_for_count(1'000'000, kMeadow), kMeadow), 12.91F, 0.01F);
  // Another density (the GPU engine's) moves the threshold.
  EXPECT_EQ(world_for_count(48000, kMeadow, 48000), kMeadow);
}

}  // namespace
}  // namespace meadow::sim
