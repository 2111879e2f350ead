// The mold's trail as light (server/stream/mold/mold_light.hpp): levels, averaging down, and
// pixels that change only when the smoothed trail has moved.
#include <gtest/gtest.h>

#include <vector>

#include "stream/mold/mold_light.hpp"

namespace meadow::stream {
namespace {

using sim::mold_rules::kTrailOne;

TEST(MoldLight, TheFirstFrameIsTheTrailAsItIs) {
  const sim::MapSize size = sim::map_of_width(64);
  std::vector<std::uint16_t> cells(size.cells(), 0);
  cells[5] = kTrailOne;
  cells[6] = kTrailOne / 2;
  MoldLight light;
  light.update(sim::TrailView{size, cells});
  ASSERT_EQ(light.width(), 64U);
  ASSERT_EQ(light.height(), 36U);
  EXPECT_EQ(light.pixels()[5], 255);
  EXPECT_EQ(light.pixels()[6], 128);
  EXPECT_EQ(light.pixels()[7], 0);
}

TEST(MoldLight, AMapWiderThanTheRasterIsAveragedDown) {
  const sim::MapSize size = sim::map_of_width(1024);  // twice kMoldLightMaxWidth
  std::vector<std::uint16_t> cells(size.cells(), 0);
  cells[0] = kTrailOne;  // one of the first pixel's four cells
  cells[1] = kTrailOne;
  MoldLight light;
  light.update(sim::TrailView{size, cells});
  EXPECT_EQ(light.width(), kMoldLightMaxWidth);
  EXPECT_EQ(light.height(), 288U);
  EXPECT_EQ(light.pixels()[0], 128);
}

TEST(MoldLight, APixelFollowsTheTrailOnlyOnceItHasMovedFarEnough) {
  const sim::MapSize size = sim::map_of_width(32);
  std::vector<std::uint16_t> cells(size.cells(), kTrailOne / 2);
  MoldLight light;
  light.update(sim::TrailView{size, cells});
  const std::uint8_t start = light.pixels()[0];
  // A flicker of one frame moves the smoothed level by a quarter of it: under the hysteresis.
  cells[0] = static_cast<std::uint16_t>(kTrailOne / 2 + kTrailOne / 8);  // +32 levels
  light.update(sim::TrailView{size, cells});
  EXPECT_EQ(light.pixels()[0], start) << "a one-frame flicker changes no byte";
  cells[0] = kTrailOne / 2;
  light.update(sim::TrailView{size, cells});
  EXPECT_EQ(light.pixels()[0], start);
  // A lasting change is followed within a few frames, to within the hysteresis.
  cells[0] = kTrailOne;
  int frames = 0;
  while (light.pixels()[0] < 255 - static_cast<int>(kMoldLightHysteresis) && frames < 60) {
    light.update(sim::TrailView{size, cells});
    ++frames;
  }
  EXPECT_LT(frames, 20);
  EXPECT_GE(light.pixels()[0], 255 - static_cast<int>(kMoldLightHysteresis));
  EXPECT_EQ(light.pixels()[1], start) << "its neighbours did not move";
}

}  // namespace
}  // namespace meadow::stream
