// The mold's settings: ranges, presets (server/sim/mold/mold_settings.hpp).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <set>
#include <string>

#include "sim/mold/mold_settings.hpp"

namespace meadow::sim {
namespace {

TEST(MoldSettings, ClampsEverySettingIntoItsRange) {
  MoldSettings s;
  s.sensor_angle_deg = 200.0F;
  s.turn_angle_deg = -5.0F;
  s.sensor_distance = 0.0F;
  s.deposit = 3.0F;
  s.decay = std::numeric_limits<float>::quiet_NaN();
  s.diffusion = -1.0F;
  const MoldSettings c = clamped(s);
  EXPECT_EQ(c.sensor_angle_deg, kSensorAngleRange.max);
  EXPECT_EQ(c.turn_angle_deg, kTurnAngleRange.min);
  EXPECT_EQ(c.sensor_distance, kSensorDistanceRange.min);
  EXPECT_EQ(c.deposit, kDepositRange.max);
  EXPECT_EQ(c.decay, kDecayRange.min);
  EXPECT_EQ(c.diffusion, kDiffusionRange.min);
}

TEST(MoldSettings, TheDefaultsAreTheFirstPresetWithJonessAngles) {
  const MoldSettings d = default_mold_settings(1234);
  EXPECT_EQ(d.agents, 1234U);
  EXPECT_EQ(d, with_preset(mold_presets().front(), 1234));
  EXPECT_EQ(MoldSettings{}.sensor_angle_deg, d.sensor_angle_deg);
  EXPECT_EQ(MoldSettings{}.deposit, d.deposit);
  EXPECT_FLOAT_EQ(d.sensor_angle_deg, 22.5F);
  EXPECT_FLOAT_EQ(d.turn_angle_deg, 45.0F);
  // Jones's 9 cells coarsens on our map to a handful of holes (docs/mold.md): 4.
  EXPECT_FLOAT_EQ(d.sensor_distance, 4.0F);
  EXPECT_FLOAT_EQ(d.decay, 0.1F);
}

TEST(MoldSettings, PresetsHaveDistinctNamesAndSettingsAndAreFoundByEither) {
  std::set<std::string> names;
  for (const MoldPreset& p : mold_presets()) {
    EXPECT_TRUE(names.insert(std::string(p.name)).second) << p.name;
    EXPECT_EQ(mold_preset(p.name), &p);
    EXPECT_EQ(preset_matching(with_preset(p, 777)), &p);
    EXPECT_EQ(clamped(p.settings), p.settings) << p.name << " lies outside the ranges";
  }
  EXPECT_GE(names.size(), 3U);
  EXPECT_EQ(mold_preset("no such preset"), nullptr);
  MoldSettings changed = default_mold_settings(10);
  changed.sensor_distance += 1.0F;
  EXPECT_EQ(preset_matching(changed), nullptr);
}

}  // namespace
}  // namespace meadow::sim
