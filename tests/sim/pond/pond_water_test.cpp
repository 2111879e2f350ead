// The pond's water (server/sim/pond/pond_water.hpp): the same pond the viewer's ground paints
// (web-viewer/src/land/land-features.ts pondOf(0, 0); web-viewer/test/pond/pond-water.test.ts
// pins the same numbers there), and what a fish may swim in.
#include "sim/pond/pond_water.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "sim/land.hpp"
#include "sim/pond/pond_random.hpp"

namespace meadow::sim {
namespace pond_water_test {

const Rect kMeadow{0.0F, 0.0F, kMeadowWidth, kMeadowHeight};

TEST(PondWater, IsThePondTheViewersGroundPaints) {
  const PondWater water(kMeadow);
  EXPECT_EQ(water.centre().x, 1232.0F);
  EXPECT_EQ(water.centre().y, 234.0F);
  EXPECT_EQ(water.rx(), 120.0);
  EXPECT_EQ(water.ry(), 74.0);
  // pondOf(0, 0, 1600 × 900) in the viewer, as node printed it.
  const double shore[kShorePoints] = {0.920492376247421,  1.060146818868816,  0.9122981193941087, 1.096578083606437,
                                      1.016205090144649,  0.9856583672575653, 0.9483138821087778, 1.0121417760383338,
                                      1.003635893529281,  0.9777251616120339, 0.9279069567099214, 1.0905768264550715,
                                      0.9126476970035583, 0.9028590685222299};
  for (std::size_t k = 0; k < kShorePoints; ++k) EXPECT_DOUBLE_EQ(water.shore()[k], shore[k]) << k;
  ASSERT_EQ(water.pads().size(), 9U);
  EXPECT_NEAR(water.pads()[0].x, 1164.1362870569624, 1e-9);
  EXPECT_NEAR(water.pads()[0].y, 219.37334960719735, 1e-9);
  EXPECT_NEAR(water.pads()[0].r, 8.528176056686789, 1e-12);
  EXPECT_NEAR(water.pads()[8].x, 1264.790344785581, 1e-9);
  EXPECT_NEAR(water.pads()[8].y, 227.76432041893491, 1e-9);
  EXPECT_NEAR(water.pads()[8].r, 9.403307476080954, 1e-12);
}

TEST(PondWater, TheLandHashIsTheViewers) {
  // hash2 and mulberry32 of web-viewer/src/util/hash-random.ts on known inputs.
  EXPECT_EQ(land_hash2(0, 0), 0U);
  LandRandom random(1);
  const double first = random.next();
  EXPECT_NEAR(first, 0.6270739405881613, 1e-15);
}

TEST(PondWater, OpenWaterIsInsideTheShoreAndOffThePads) {
  const PondWater water(kMeadow);
  const Vec2 c = water.centre();
  EXPECT_FALSE(water.in_water(c.x + 200.0, c.y)) << "past the shore";
  EXPECT_FALSE(water.in_water(c.x, c.y - 120.0));
  for (const LilyPad& p : water.pads()) {
    EXPECT_FALSE(water.in_water(p.x, p.y)) << "on a lily pad";
    EXPECT_FALSE(water.swimmable(p.x + p.r + 0.5, p.y)) << "a fish keeps clear of a pad";
  }
  EXPECT_TRUE(water.in_water(c.x + 20.0, c.y + 20.0));
}

TEST(PondWater, RandomPointsAreAlwaysSwimmable) {
  const PondWater water(kMeadow);
  const CounterRandom random(7, 0, pond_random::kScatter);
  for (std::uint64_t i = 0; i < 5000; ++i) {
    const Vec2 p = water.random_point(random, i);
    ASSERT_TRUE(water.swimmable(p.x, p.y)) << i;
  }
}

TEST(PondWater, ObstaclesPushInwardAndTheNormalPointsOut) {
  const PondWater water(kMeadow);
  const Vec2 c = water.centre();
  // Near the right shore: pushed left; the shore's normal there points right.
  const double x = c.x + water.rx() * water.shore_at(0.0) - 2.0;
  const Vec2 away = water.away_from_obstacles(x, c.y, 10.0);
  EXPECT_LT(away.x, 0.0F);
  EXPECT_GT(water.outward_normal(x + 4.0, c.y).x, 0.9F);
  // Far from every obstacle: nothing.
  const Vec2 none = water.away_from_obstacles(c.x + 20.0, c.y + 20.0, 1.0);
  EXPECT_EQ(none.x, 0.0F);
  EXPECT_EQ(none.y, 0.0F);
}

}  // namespace pond_water_test
}  // namespace meadow::sim
