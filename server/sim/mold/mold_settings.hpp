#pragma once
// The mold's settings (docs/mold.md "The model": "Settings"): shared by every viewer of the mold,
// lockable by the operator, and grouped into named presets that give visibly different networks.
// The defaults and the presets were chosen by measurement with `meadow-sim mold --sweep`
// (docs/mold.md).
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sim/mold/mold_rules.hpp"
#include "sim/settings.hpp"

namespace meadow::sim {

struct MoldSettings {
  std::uint32_t agents = mold_rules::kCpuAgents;  // the CPU engine's default
  float sensor_angle_deg = 22.5F;  // degrees either side of the heading (Jones's SA)
  float turn_angle_deg = 45.0F;    // degrees turned in a step (Jones's RA)
  float sensor_distance = 4.0F;    // map cells ahead (Jones's SO; his 9 coarsens on our map)
  float deposit = 1.0F;            // trail left per agent and step, of a full cell
  float decay = 0.1F;              // share of the trail lost per step
  float diffusion = 1.0F;          // 0: none … 1: each cell becomes its 3 × 3 mean
  bool occupancy = true;           // Jones's rule: one agent per cell
  friend bool operator==(const MoldSettings&, const MoldSettings&) = default;
};

// The ranges a setting is clamped to (units as in MoldSettings).
struct MoldSettingRange {
  float min;
  float max;
};
inline constexpr MoldSettingRange kSensorAngleRange{0.0F, 90.0F};
inline constexpr MoldSettingRange kTurnAngleRange{0.0F, 90.0F};
inline constexpr MoldSettingRange kSensorDistanceRange{1.0F, 40.0F};
inline constexpr MoldSettingRange kDepositRange{0.0F, 1.0F};
inline constexpr MoldSettingRange kDecayRange{0.0F, 1.0F};
inline constexpr MoldSettingRange kDiffusionRange{0.0F, 1.0F};

// The settings with every value inside its range (agents are the world's to clamp: their ceiling
// depends on who asks).
[[nodiscard]] MoldSettings clamped(MoldSettings settings);

struct MoldPreset {
  std::string_view name;   // machine name, e.g. "lace"
  std::string_view title;  // for people
  MoldSettings settings;   // every setting but the agents
};

// The named presets; the first is the default.
[[nodiscard]] std::span<const MoldPreset> mold_presets();
[[nodiscard]] const MoldPreset* mold_preset(std::string_view name);
// Their names, comma-separated ("lace, threads, …"): what a refusal of an unknown one lists.
[[nodiscard]] std::string mold_preset_names();
// The refusal of a preset name the mold does not have, for people: it names those it has.
[[nodiscard]] std::string unknown_preset_text();
// The preset whose settings (agents aside) these are, if any.
[[nodiscard]] const MoldPreset* preset_matching(const MoldSettings& settings);
// A preset's settings with `agents` kept.
[[nodiscard]] MoldSettings with_preset(const MoldPreset& preset, std::uint32_t agents);

// The default settings: the first preset, with the agents of the engine in use.
[[nodiscard]] MoldSettings default_mold_settings(std::uint32_t agents);

// The settings' names, as the schema, the wire and the journal give them.
namespace mold_setting {
inline constexpr std::string_view kAgents = "agents";
inline constexpr std::string_view kSensorAngle = "sensor_angle";
inline constexpr std::string_view kTurnAngle = "turn_angle";
inline constexpr std::string_view kSensorDistance = "sensor_distance";
inline constexpr std::string_view kDeposit = "deposit";
inline constexpr std::string_view kDecay = "decay";
inline constexpr std::string_view kDiffusion = "diffusion";
inline constexpr std::string_view kOccupancy = "occupancy";
}  // namespace mold_setting

// The mold's settings as its world applies them; absent fields stay as they are. A preset sets
// every setting but the agents first; the fields given change it further.
struct MoldSettingsChange {
  std::optional<std::uint32_t> agents;
  std::optional<float> sensor_angle_deg;  // degrees, kSensorAngleRange
  std::optional<float> turn_angle_deg;    // degrees, kTurnAngleRange
  std::optional<float> sensor_distance;   // map cells, kSensorDistanceRange
  std::optional<float> deposit;           // kDepositRange
  std::optional<float> decay;             // kDecayRange
  std::optional<float> diffusion;         // kDiffusionRange
  std::optional<bool> occupancy;
  std::optional<std::string> preset;
};

// The mold's schema (sim/settings.hpp): every setting with its range, and the presets.
[[nodiscard]] const SettingsSchema& mold_settings_schema();
// A change the schema let through, as the mold's world applies it.
[[nodiscard]] MoldSettingsChange mold_settings_change(const SettingsChange& change);
// And back: the settings change that asks for `change` (the old wire's MoldSettings, tests).
[[nodiscard]] SettingsChange as_settings(const MoldSettingsChange& change);
// `settings` by the schema's names, in its order.
[[nodiscard]] std::vector<SettingValue> setting_values(const MoldSettings& settings);

}  // namespace meadow::sim
