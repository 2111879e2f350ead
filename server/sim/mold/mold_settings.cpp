#include "sim/mold/mold_settings.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include "sim/mold/mold_rules.hpp"

namespace meadow::sim {
namespace {

[[nodiscard]] float in_range(float value, MoldSettingRange range) {
  if (!std::isfinite(value)) return range.min;
  return std::clamp(value, range.min, range.max);
}

// Found by sweeping with `meadow-sim mold` (docs/mold.md has the runs): from a uniform start on
// the first default's 256 × 144 map (10,240 agents), each is a network of one piece with many
// holes within a minute and keeps one; each looks different. Lace (the default) held 21–29 holes over an hour of steps
// (216,000), threads 21–31; web held 18 after ten minutes, veins 10 (fewer, longer strands).
// Jones's own defaults (sensor distance 9) coarsen on this map to 3–5 holes in ten minutes, and
// without occupancy every setting tried collapsed into bands within minutes: each preset keeps it.
constexpr std::array<MoldPreset, 4> kPresets = {{
    {"lace", "Lace", MoldSettings{0, 22.5F, 45.0F, 4.0F, 1.0F, 0.1F, 1.0F, true}},
    {"threads", "Threads", MoldSettings{0, 22.5F, 45.0F, 5.0F, 1.0F, 0.2F, 1.0F, true}},
    {"web", "Web", MoldSettings{0, 11.25F, 45.0F, 9.0F, 1.0F, 0.1F, 1.0F, true}},
    {"veins", "Coarse veins", MoldSettings{0, 45.0F, 45.0F, 21.0F, 0.05F, 0.05F, 1.0F, true}},
}};

}  // namespace

MoldSettings clamped(MoldSettings s) {
  s.sensor_angle_deg = in_range(s.sensor_angle_deg, kSensorAngleRange);
  s.turn_angle_deg = in_range(s.turn_angle_deg, kTurnAngleRange);
  s.sensor_distance = in_range(s.sensor_distance, kSensorDistanceRange);
  s.deposit = in_range(s.deposit, kDepositRange);
  s.decay = in_range(s.decay, kDecayRange);
  s.diffusion = in_range(s.diffusion, kDiffusionRange);
  return s;
}

std::span<const MoldPreset> mold_presets() { return kPresets; }

const MoldPreset* mold_preset(std::string_view name) {
  const auto* it = std::find_if(kPresets.begin(), kPresets.end(), [&](const MoldPreset& p) { return p.name == name; });
  return it == kPresets.end() ? nullptr : it;
}

std::string mold_preset_names() {
  std::string names;
  for (const MoldPreset& p : kPresets) names += (names.empty() ? "" : ", ") + std::string(p.name);
  return names;
}

std::string unknown_preset_text() { return "The mold has no preset of that name; its presets: " + mold_preset_names() + "."; }

const MoldPreset* preset_matching(const MoldSettings& settings) {
  for (const MoldPreset& p : kPresets) {
    if (with_preset(p, settings.agents) == settings) return &p;
  }
  return nullptr;
}

MoldSettings with_preset(const MoldPreset& preset, std::uint32_t agents) {
  MoldSettings s = preset.settings;
  s.agents = agents;
  return s;
}

MoldSettings default_mold_settings(std::uint32_t agents) { return with_preset(kPresets.front(), agents); }

namespace {

SettingsSchema make_schema() {
  using namespace mold_setting;
  const auto number = [](std::string_view name, const char* label, const char* unit, MoldSettingRange range,
                         double step) {
    return SettingSpec{std::string(name), label, unit, SettingKind::number, range.min, range.max, step};
  };
  SettingsSchema schema;
  schema.world = WorldKind::mold;
  schema.settings = {
      {std::string(kAgents), "agents", "agents", SettingKind::whole, mold_rules::kMinAgents, mold_rules::kMaxAgents,
       static_cast<double>(mold_rules::kMinAgents)},
      number(kSensorAngle, "sensor angle", "degrees", kSensorAngleRange, 0.5),
      number(kTurnAngle, "turn angle", "degrees", kTurnAngleRange, 0.5),
      number(kSensorDistance, "sensor distance", "map cells", kSensorDistanceRange, 0.5),
      number(kDeposit, "deposit", "of a full cell", kDepositRange, 0.001),
      number(kDecay, "decay", "a step", kDecayRange, 0.001),
      number(kDiffusion, "diffusion", "", kDiffusionRange, 0.01),
      {std::string(kOccupancy), "occupancy (one agent a cell)", "", SettingKind::flag, 0.0, 1.0, 1.0},
  };
  for (const MoldPreset& p : kPresets) schema.presets.push_back({std::string(p.name), std::string(p.title)});
  return schema;
}

}  // namespace

const SettingsSchema& mold_settings_schema() {
  static const SettingsSchema schema = make_schema();
  return schema;
}

MoldSettingsChange mold_settings_change(const SettingsChange& change) {
  using namespace mold_setting;
  MoldSettingsChange typed;
  if (const auto agents = change.value(kAgents)) typed.agents = static_cast<std::uint32_t>(*agents);
  typed.sensor_angle_deg = change.float_value(kSensorAngle);
  typed.turn_angle_deg = change.float_value(kTurnAngle);
  typed.sensor_distance = change.float_value(kSensorDistance);
  typed.deposit = change.float_value(kDeposit);
  typed.decay = change.float_value(kDecay);
  typed.diffusion = change.float_value(kDiffusion);
  if (const auto occupancy = change.value(kOccupancy)) typed.occupancy = *occupancy != 0.0;
  typed.preset = change.preset;
  return typed;
}

SettingsChange as_settings(const MoldSettingsChange& change) {
  using namespace mold_setting;
  SettingsChange generic;
  generic.world = WorldKind::mold;
  generic.put(kAgents, change.agents);
  generic.put(kSensorAngle, change.sensor_angle_deg);
  generic.put(kTurnAngle, change.turn_angle_deg);
  generic.put(kSensorDistance, change.sensor_distance);
  generic.put(kDeposit, change.deposit);
  generic.put(kDecay, change.decay);
  generic.put(kDiffusion, change.diffusion);
  generic.put(kOccupancy, change.occupancy);
  generic.preset = change.preset;
  return generic;
}

std::vector<SettingValue> setting_values(const MoldSettings& s) {
  // Every setting given: as_settings names them in the schema's order.
  return as_settings(MoldSettingsChange{s.agents, s.sensor_angle_deg, s.turn_angle_deg, s.sensor_distance, s.deposit,
                                        s.decay, s.diffusion, s.occupancy, std::nullopt})
      .values;
}

}  // namespace meadow::sim
