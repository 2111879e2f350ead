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

namespace meadow::sim {

struct MoldSettings {
  std::uint32_t agents = 10240;
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

}  // namespace meadow::sim
