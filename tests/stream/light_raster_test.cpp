#include "stream/light_raster.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "light_planes.hpp"
#include "placed_fireflies.hpp"
#include "swarm_fixture.hpp"
#include "stream/swarm/swarm_light.hpp"


namespace meadow::stream {
namespace {

using Swarm = testing::PlacedFireflies;
using testing::kOneMeadow;

using testing::heat;
using testing::intensity;

// The sum of the intensities.
std::uint64_t total(std::span<const std::uint8_t> image) {
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < image.size() / kLightChannels; ++i) sum += intensity(image, i);
  return sum;
}

TEST(LightGeometry, OneMeadowIsAQuarterOfAScreen) {
  const RasterGeometry g = light_geometry(kOneMeadow);
  EXPECT_EQ(g.width, 400U);
  EXPECT_EQ(g.height, 225U);
  EXPECT_EQ(g.bounds, kOneMeadow);
}

TEST(LightGeometry, LargerWorldsKeepTheRasterSmallAndTheAspect) {
  for (float meadows : {2.0F, 9.0F, 100.0F, 170.0F}) {
    const sim::Rect world = testing::world_of_meadows(meadows);
    const RasterGeometry g = light_geometry(world);
    EXPECT_LE(g.width, kLightMaxWidth);
    EXPECT_LE(g.height, kLightMaxHeight);
    const float raster_aspect = static_cast<float>(g.width) / static_cast<float>(g.height);
    EXPECT_NEAR(raster_aspect, world.width / world.height, 0.02F) << meadows;
    EXPECT_EQ(g.bounds, world);
  }
  // A wide strip still fits.
  const RasterGeometry strip = light_geometry({0.0F, 0.0F, 100000.0F, 500.0F});
  EXPECT_EQ(strip.width, kLightMaxWidth);
  EXPECT_GE(strip.height, 1U);
}

TEST(LightGeometry, DegenerateWorldsGiveOnePixel) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_EQ(light_geometry({0, 0, 0, 0}).pixels(), 1U);
  EXPECT_EQ(light_geometry({0, 0, nan, 900}).pixels(), 1U);
  EXPECT_EQ(light_geometry({0, 0, -5, 900}).pixels(), 1U);
}

TEST(LightRaster, OneFireflyLightsAroundItselfAndNothingFarAway) {
  Swarm swarm;
  swarm.add(802.0F, 450.0F);  // pixel (200, 112)
  LightRaster light;
  const RasterGeometry g = light_geometry(kOneMeadow);
  const auto image = render_fireflies(light, swarm.view(), g);
  ASSERT_EQ(image.size(), g.pixels() * kLightChannels);
  const auto at = [&](std::uint32_t x, std::uint32_t y) { return intensity(image, y * g.width + x); };
  EXPECT_GE(at(200, 112), 30);  // visible
  // The glow reaches a few pixels and no further than the blur's reach.
  EXPECT_GT(at(203, 112), 0);
  EXPECT_GT(at(200, 109), 0);
  for (std::uint32_t y = 0; y < g.height; ++y) {
    for (std::uint32_t x = 0; x < g.width; ++x) {
      const auto dx = std::abs(static_cast<int>(x) - 200);
      const auto dy = std::abs(static_cast<int>(y) - 112);
      if (dx > 6 || dy > 6) {
        ASSERT_EQ(at(x, y), 0) << x << "," << y;
      }
    }
  }
  // The light is kept: one firefly is one unit of density, spread over the glow.
  float sum = 0.0F;
  for (std::uint32_t y = 100; y < 125; ++y)
    for (std::uint32_t x = 190; x < 210; ++x) sum += light.density_at(x, y);
  EXPECT_NEAR(sum, 1.0F, 1e-3F);
}

TEST(LightRaster, TotalLightGrowsWithCount) {
  LightRaster light;
  const RasterGeometry g = light_geometry(kOneMeadow);
  std::uint64_t previous = 0;
  for (std::size_t count : {1U, 10U, 100U, 1000U, 10000U}) {
    const testing::SwarmFixture swarm(count, kOneMeadow, 3);
    const std::uint64_t now = total(render_fireflies(light, swarm.view(), g));
    EXPECT_GT(now, previous) << count;
    previous = now;
  }
}

TEST(LightRaster, FirefliesOutsideTheWorldOrNotFiniteAreSkipped) {
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  Swarm swarm;
  for (float v : {-1e9F, -100.0F, -0.1F, 1600.1F, 1700.0F, 1e9F, inf, -inf, nan}) {
    swarm.add(v, 450.0F);
    swarm.add(800.0F, v);
    swarm.add(v, v);
  }
  // Corners and edges exactly.
  swarm.add(0.0F, 0.0F);
  swarm.add(1600.0F, 900.0F);
  swarm.add(1600.0F, 0.0F);
  swarm.add(0.0F, 900.0F);
  LightRaster light;
  const RasterGeometry g = light_geometry(kOneMeadow);
  const auto image = render_fireflies(light, swarm.view(), g);  // ASan watches the writes
  ASSERT_EQ(image.size(), g.pixels() * kLightChannels);
  EXPECT_GT(intensity(image, 0), 0);                  // the corner firefly
  EXPECT_GT(intensity(image, g.pixels() - 1), 0);     // and the opposite one
  EXPECT_EQ(intensity(image, 112 * g.width + 200), 0);  // the middle stays dark
}

TEST(LightRaster, FireflyJustOutsideTheBoundsGlowsAcrossTheEdge) {
  Swarm swarm;
  swarm.add(-6.0F, 450.0F);  // 1.5 pixels outside
  LightRaster light;
  const RasterGeometry g = light_geometry(kOneMeadow);
  const auto image = render_fireflies(light, swarm.view(), g);
  EXPECT_GT(intensity(image, 112 * g.width + 0), 0);
}

TEST(LightRaster, OffsetBoundsAndResizingBetweenFrames) {
  LightRaster light;
  Swarm swarm;
  swarm.add(-3000.0F, -2000.0F);
  const sim::Rect big = testing::world_of_meadows(16.0F);  // x from -2400, y from -1350
  const RasterGeometry g_big = light_geometry(big);
  const auto big_image = render_fireflies(light, swarm.view(), g_big);
  EXPECT_EQ(total(big_image), 0U);
  swarm.add(-2000.0F, -1000.0F);
  EXPECT_GT(total(render_fireflies(light, swarm.view(), g_big)), 0U);
  const RasterGeometry g_small = light_geometry(kOneMeadow);
  EXPECT_EQ(total(render_fireflies(light, swarm.view(), g_small)), 0U);
  EXPECT_EQ(render_fireflies(light, swarm.view(), g_small).size(), g_small.pixels() * kLightChannels);
}

TEST(LightRaster, SlowFirefliesGlowWithoutHeat) {
  Swarm swarm;
  for (int i = 0; i < 50; ++i) swarm.add(700.0F + 4.0F * static_cast<float>(i), 450.0F, 2.2F);
  LightRaster light;
  const RasterGeometry g = light_geometry(kOneMeadow);
  const auto image = render_fireflies(light, swarm.view(), g);
  EXPECT_GT(total(image), 0U);
  for (std::size_t i = 0; i < g.pixels(); ++i) ASSERT_EQ(heat(image, i), 0) << i;
}

TEST(LightRaster, TheFastestBurnWhiterAndHeatIsTheShareOfTheLight) {
  LightRaster light;
  const RasterGeometry g = light_geometry(kOneMeadow);
  const std::size_t middle = 112 * g.width + 200;
  Swarm fast;
  fast.add(802.0F, 450.0F, kSwarmHeat.full_speed);
  const auto rendered = render_fireflies(light, fast.view(), g);
  const std::vector<std::uint8_t> hot(rendered.begin(), rendered.end());  // the next render reuses the buffer
  EXPECT_GE(intensity(hot, middle), 30);
  EXPECT_EQ(heat(hot, middle), 255);
  for (std::size_t i = 0; i < g.pixels(); ++i) ASSERT_EQ(heat(hot, i) % 17, 0) << "heat comes in 16 levels";
  // One fast and one cruising firefly on the same spot: half the light is hot.
  Swarm mixed = fast;
  mixed.add(802.0F, 450.0F, 2.0F);
  const auto half = render_fireflies(light, mixed.view(), g);
  // Half, in the nearest of the 16 levels sent: 8 × 17 or 7 × 17.
  EXPECT_TRUE(heat(half, middle) == 136 || heat(half, middle) == 119) << int{heat(half, middle)};
  EXPECT_GT(intensity(half, middle), intensity(hot, middle));
  EXPECT_NEAR(light.heat_at(200, 112), 0.5F * light.density_at(200, 112), 1e-6F);
}

TEST(LightRaster, SameInputSameImage) {
  const testing::SwarmFixture swarm(20000, kOneMeadow, 5);
  LightRaster a;
  LightRaster b;
  const RasterGeometry g = light_geometry(kOneMeadow);
  const auto ia = render_fireflies(a, swarm.view(), g);
  const auto ib = render_fireflies(b, swarm.view(), g);
  EXPECT_TRUE(std::equal(ia.begin(), ia.end(), ib.begin(), ib.end()));
}

}  // namespace
}  // namespace meadow::stream
