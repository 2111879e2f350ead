#include "stream/rock_rims.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

#include "placed_fireflies.hpp"
#include "stream/swarm/swarm_light.hpp"

namespace meadow::stream {
namespace {

using Swarm = testing::PlacedFireflies;
using testing::kOneMeadow;
constexpr float kPi = std::numbers::pi_v<float>;

std::vector<RockRim> rims_for(const Swarm& swarm, std::vector<sim::Rock> rocks) {
  LightRaster light;
  const RasterGeometry g = light_geometry(kOneMeadow);
  (void)render_fireflies(light, swarm.view(), g);
  return firefly_rock_rims(light, g, rocks);
}

// The smallest turn between two angles, radians.
float turn_between(float a, float b) {
  return std::abs(std::remainder(a - b, 2.0F * kPi));
}

const sim::Rock kRock{7, {800.0F, 450.0F}, sim::kRockRadius};

TEST(RockRims, NoFirefliesNoRim) {
  EXPECT_TRUE(rims_for(Swarm{}, {kRock}).empty());
}

TEST(RockRims, TheRimShowsOnTheSideWhereTheFirefliesAre) {
  struct Side {
    float dx, dy, angle;
  };
  for (const Side side : {Side{1, 0, 0}, Side{-1, 0, kPi}, Side{0, 1, kPi / 2}, Side{0, -1, -kPi / 2},
                          Side{0.7071F, 0.7071F, kPi / 4}}) {
    Swarm swarm;
    const float d = kRock.radius + 10.0F;
    swarm.patch(kRock.center.x + side.dx * d, kRock.center.y + side.dy * d, 25);
    const auto rims = rims_for(swarm, {kRock});
    ASSERT_EQ(rims.size(), 1U);
    EXPECT_EQ(rims[0].rock_id, 7U);
    EXPECT_LT(turn_between(rims[0].angle, side.angle), 0.15F) << side.dx << "," << side.dy;
    EXPECT_GT(rims[0].focus, 0.5F);
    EXPECT_GT(rims[0].strength, 0.1F);
    EXPECT_LE(rims[0].strength, 1.0F);
  }
}

TEST(RockRims, LightAllRoundMakesAnEvenRim) {
  Swarm swarm;
  for (int k = 0; k < 16; ++k) {
    const float a = 2.0F * kPi * static_cast<float>(k) / 16.0F;
    swarm.patch(kRock.center.x + 34.0F * std::cos(a), kRock.center.y + 34.0F * std::sin(a), 5);
  }
  const auto rims = rims_for(swarm, {kRock});
  ASSERT_EQ(rims.size(), 1U);
  EXPECT_LT(rims[0].focus, 0.1F);
  EXPECT_GT(rims[0].strength, 0.1F);
}

TEST(RockRims, NearerAndMoreFirefliesLightTheRimMore) {
  Swarm near_few;
  near_few.patch(kRock.center.x + kRock.radius + 6.0F, kRock.center.y, 10);
  Swarm far_few;
  far_few.patch(kRock.center.x + kRock.radius + 24.0F, kRock.center.y, 10);
  Swarm near_many;
  near_many.patch(kRock.center.x + kRock.radius + 6.0F, kRock.center.y, 40);
  const auto a = rims_for(near_few, {kRock});
  const auto b = rims_for(far_few, {kRock});
  const auto c = rims_for(near_many, {kRock});
  ASSERT_EQ(a.size(), 1U);
  ASSERT_EQ(b.size(), 1U);
  ASSERT_EQ(c.size(), 1U);
  EXPECT_GT(a[0].strength, b[0].strength);
  EXPECT_GT(c[0].strength, a[0].strength);
}

TEST(RockRims, FirefliesFarAwayOrRocksOffTheRasterGatherNothing) {
  Swarm swarm;
  swarm.patch(kRock.center.x + 200.0F, kRock.center.y, 25);
  const sim::Rock outside{9, {-500.0F, -500.0F}, sim::kRockRadius};
  const auto rims = rims_for(swarm, {kRock, outside});
  EXPECT_TRUE(rims.empty());
}

TEST(RockRims, EachLitRockHasItsOwnRim) {
  const sim::Rock west{1, {300.0F, 450.0F}, sim::kRockRadius};
  const sim::Rock east{2, {1300.0F, 450.0F}, sim::kRockRadius};
  const sim::Rock dark{3, {800.0F, 100.0F}, sim::kRockRadius};
  Swarm swarm;
  swarm.patch(west.center.x, west.center.y - 35.0F, 25);   // north of the west rock
  swarm.patch(east.center.x, east.center.y + 35.0F, 25);   // south of the east rock
  const auto rims = rims_for(swarm, {west, east, dark});
  ASSERT_EQ(rims.size(), 2U);
  EXPECT_EQ(rims[0].rock_id, 1U);
  EXPECT_LT(turn_between(rims[0].angle, -kPi / 2), 0.15F);
  EXPECT_EQ(rims[1].rock_id, 2U);
  EXPECT_LT(turn_between(rims[1].angle, kPi / 2), 0.15F);
}

}  // namespace
}  // namespace meadow::stream
