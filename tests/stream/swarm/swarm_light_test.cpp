// The swarm's light by its own rules (stream/swarm/swarm_light.*): which fireflies burn whiter,
// and the heat following the speed setting, in the shared raster and in an engine's request alike.
#include "stream/swarm/swarm_light.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <span>

#include "stream/light_planes.hpp"
#include "stream/placed_fireflies.hpp"
#include "stream/swarm_fixture.hpp"

namespace meadow::stream {
namespace {

using Swarm = testing::PlacedFireflies;
using testing::kOneMeadow;

using testing::heat;
using testing::intensity;

TEST(FireflyHeat, NoneWhileCruisingFullAtTheTopOfTheSpeedBand) {
  EXPECT_EQ(firefly_heat(0.0F), 0.0F);
  EXPECT_EQ(firefly_heat(sim::swarm_rules::kMinSpeed), 0.0F);
  EXPECT_EQ(firefly_heat(kSwarmHeat.from_speed), 0.0F);
  EXPECT_EQ(firefly_heat(kSwarmHeat.full_speed), 1.0F);
  EXPECT_EQ(firefly_heat(10.0F), 1.0F);
  EXPECT_EQ(firefly_heat(std::numeric_limits<float>::quiet_NaN()), 0.0F);
  float previous = 0.0F;
  for (float s = kSwarmHeat.from_speed; s <= kSwarmHeat.full_speed; s += 0.01F) {
    EXPECT_GE(firefly_heat(s), previous) << s;
    previous = firefly_heat(s);
  }
  EXPECT_NEAR(firefly_heat(0.5F * (kSwarmHeat.from_speed + kSwarmHeat.full_speed)), 0.5F, 1e-5F);
}

// The heat follows the speed setting: the top of the band burns whitest at any setting, and the
// engines' light request carries the same scaled speeds.
TEST(LightRaster, TheHeatFollowsTheSpeedSetting) {
  LightRaster light;
  const RasterGeometry g = light_geometry(kOneMeadow);
  const std::size_t middle = 112 * g.width + 200;
  Swarm top_of_double_band;
  top_of_double_band.add(802.0F, 450.0F, 2.0F * kSwarmHeat.full_speed);
  EXPECT_EQ(heat(render_fireflies(light, top_of_double_band.view(), g, 2.0F), middle), 255);
  Swarm cruising_at_double;
  cruising_at_double.add(802.0F, 450.0F, 2.0F * 2.2F);
  const auto cruising = render_fireflies(light, cruising_at_double.view(), g, 2.0F);
  EXPECT_GT(intensity(cruising, middle), 0);
  EXPECT_EQ(heat(cruising, middle), 0) << "twice the speed at twice the band is cruising";
  Swarm top_of_half_band;
  top_of_half_band.add(802.0F, 450.0F, 0.5F * kSwarmHeat.full_speed);
  EXPECT_EQ(heat(render_fireflies(light, top_of_half_band.view(), g, 0.5F), middle), 255);
  EXPECT_EQ(heat(render_fireflies(light, top_of_half_band.view(), g), middle), 0) << "at the default band it is slow";
  const sim::SwarmLightRequest request = swarm_light_request(g, light.curve(), {}, 2.0F);
  EXPECT_FLOAT_EQ(request.heat_from_speed, 2.0F * kSwarmHeat.from_speed);
  EXPECT_FLOAT_EQ(request.heat_full_speed, 2.0F * kSwarmHeat.full_speed);
}

}  // namespace
}  // namespace meadow::stream
