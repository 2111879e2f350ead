#include "sim/land.hpp"

#include <gtest/gtest.h>

namespace meadow::sim {
namespace {

TEST(Land, StartsAsOneMeadowWithoutRocks) {
  const Land land;
  EXPECT_EQ(land.meadow(), (Rect{0.0F, 0.0F, 1600.0F, 900.0F}));
  EXPECT_EQ(land.world(), land.meadow());
  EXPECT_TRUE(land.rocks().empty());
}

TEST(Land, AddFindAndRemoveRocks) {
  Land land;
  const auto v0 = land.rocks_version();
  const auto a = land.add_rock({400.0F, 300.0F});
  const auto b = land.add_rock({410.0F, 300.0F});
  ASSERT_TRUE(a && b);
  EXPECT_NE(*a, *b);
  EXPECT_GT(land.rocks_version(), v0);
  // Overlapping rocks: the newest one is on top.
  EXPECT_EQ(land.rock_at({405.0F, 300.0F}), b);
  EXPECT_EQ(land.rock_at({380.0F, 300.0F}), a);
  EXPECT_EQ(land.rock_at({400.0F, 300.0F + kRockRadius + 1.0F}), std::nullopt);
  const auto v1 = land.rocks_version();
  EXPECT_TRUE(land.remove_rock(*b));
  EXPECT_GT(land.rocks_version(), v1);
  EXPECT_FALSE(land.remove_rock(*b));
  EXPECT_EQ(land.rock_at({405.0F, 300.0F}), a);
  ASSERT_EQ(land.rocks().size(), 1U);
}

TEST(Land, RefusesRocksOutsideTheWorld) {
  Land land;
  EXPECT_FALSE(land.add_rock({-1.0F, 10.0F}));
  EXPECT_FALSE(land.add_rock({10.0F, 901.0F}));
  EXPECT_TRUE(land.add_rock({1600.0F, 900.0F}));  // the edge is inside
}

TEST(Land, HoldsAtMostTheRockLimit) {
  Land land;
  for (std::size_t i = 0; i < kMaxRocks; ++i) {
    ASSERT_TRUE(land.add_rock({10.0F + 30.0F * static_cast<float>(i), 100.0F}));
  }
  EXPECT_FALSE(land.add_rock({800.0F, 600.0F}));
  EXPECT_EQ(land.rocks().size(), kMaxRocks);
}

TEST(Land, WorldCanGrowAroundTheMeadow) {
  Land land;
  const Rect bigger{-800.0F, -450.0F, 3200.0F, 1800.0F};
  land.set_world(bigger);
  EXPECT_EQ(land.world(), bigger);
  EXPECT_EQ(land.meadow(), (Rect{0.0F, 0.0F, 1600.0F, 900.0F}));
  EXPECT_TRUE(land.add_rock({-700.0F, -400.0F}));
}

}  // namespace
}  // namespace meadow::sim
