// The mold's settings: ranges, presets (server/sim/mold/mold_settings.hpp).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <set>
#include <string>
#include <utility>
#include <vector>

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

// The schema every sender's change is checked against says what the rules say: each setting's
// range, the agents' bounds, occupancy as on/off, and every preset by its name.
TEST(MoldSettings, TheSchemaIsTheRulesRangesAndPresets) {
  const SettingsSchema& schema = mold_settings_schema();
  EXPECT_EQ(schema.world, WorldKind::mold);
  const auto range = [&](std::string_view name) {
    const SettingSpec* s = schema.find(name);
    EXPECT_NE(s, nullptr) << name;
    return s == nullptr ? std::pair{-1.0, -1.0} : std::pair{s->min, s->max};
  };
  EXPECT_EQ(range(mold_setting::kSensorAngle), (std::pair<double, double>{kSensorAngleRange.min, kSensorAngleRange.max}));
  EXPECT_EQ(range(mold_setting::kSensorDistance),
            (std::pair<double, double>{kSensorDistanceRange.min, kSensorDistanceRange.max}));
  EXPECT_EQ(range(mold_setting::kDecay), (std::pair<double, double>{kDecayRange.min, kDecayRange.max}));
  EXPECT_EQ(range(mold_setting::kAgents), (std::pair<double, double>{256.0, 16'777'216.0}));
  EXPECT_EQ(schema.find(mold_setting::kOccupancy)->kind, SettingKind::flag);
  EXPECT_EQ(schema.find(mold_setting::kAgents)->kind, SettingKind::whole);
  ASSERT_EQ(schema.presets.size(), mold_presets().size());
  for (std::size_t i = 0; i < schema.presets.size(); ++i) EXPECT_EQ(schema.presets[i].name, mold_presets()[i].name);
}

TEST(MoldSettings, AChangeCrossesToTheGenericShapeAndBackWhole) {
  MoldSettingsChange change;
  change.agents = 4096;
  change.sensor_angle_deg = 30.0F;
  change.decay = 0.05F;
  change.occupancy = false;
  change.preset = "web";
  const SettingsChange generic = as_settings(change);
  EXPECT_EQ(generic.world, WorldKind::mold);
  EXPECT_EQ(settings_refusal(mold_settings_schema(), generic), std::nullopt);
  const MoldSettingsChange back = mold_settings_change(generic);
  EXPECT_EQ(back.agents, 4096U);
  EXPECT_EQ(back.sensor_angle_deg, 30.0F);
  EXPECT_EQ(back.decay, 0.05F);
  EXPECT_EQ(back.occupancy, false);
  EXPECT_EQ(back.preset, "web");
  EXPECT_FALSE(back.diffusion.has_value());
  // The values now, in the schema's order.
  const std::vector<SettingValue> now = setting_values(default_mold_settings(10240));
  ASSERT_EQ(now.size(), mold_settings_schema().settings.size());
  for (std::size_t i = 0; i < now.size(); ++i) EXPECT_EQ(now[i].name, mold_settings_schema().settings[i].name);
}

}  // namespace
}  // namespace meadow::sim
