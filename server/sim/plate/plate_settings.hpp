#pragma once
// The plate's shared settings (docs/rules.md "The plate"): the number of birds, the three weights,
// the neighbourhood and the trail's length, lockable by the operator, and four presets: the
// source's defaults and its three phases (gas, stream, knot), each one weight alone.
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "sim/plate/plate_flock.hpp"
#include "sim/plate/plate_rules.hpp"
#include "sim/settings.hpp"

namespace meadow::sim {

struct PlateSettings {
  std::uint32_t birds = plate_rules::kDefaultBirds;
  double separation = plate_rules::kDefaultSeparation;
  double alignment = plate_rules::kDefaultAlignment;
  double cohesion = plate_rules::kDefaultCohesion;
  double neighbourhood = plate_rules::kDefaultNeighbourhood;
  std::uint32_t trail_length = plate_rules::kDefaultTrailLength;  // frames of history a viewer keeps
  [[nodiscard]] PlateWeights weights() const { return {separation, alignment, cohesion, neighbourhood}; }
  friend bool operator==(const PlateSettings&, const PlateSettings&) = default;
};

struct PlatePreset {
  std::string_view name;
  std::string_view title;
  double separation, alignment, cohesion;  // a preset sets the weights alone
};

[[nodiscard]] std::span<const PlatePreset> plate_presets();
// The preset these weights are ("" when none).
[[nodiscard]] std::string_view plate_preset_matching(const PlateSettings& settings);

// The settings' names, as the schema, the wire and the journal give them.
namespace plate_setting {
inline constexpr std::string_view kBirds = "birds";
inline constexpr std::string_view kSeparation = "separation";
inline constexpr std::string_view kAlignment = "alignment";
inline constexpr std::string_view kCohesion = "cohesion";
inline constexpr std::string_view kNeighbourhood = "neighbourhood";
inline constexpr std::string_view kTrailLength = "trail_length";
}  // namespace plate_setting

[[nodiscard]] const SettingsSchema& plate_settings_schema();
// `settings` with `change` applied (its preset first, then its values); the schema has checked it.
[[nodiscard]] PlateSettings with_change(PlateSettings settings, const SettingsChange& change);
// Every setting by its name, in the schema's order.
[[nodiscard]] std::vector<SettingValue> setting_values(const PlateSettings& settings);

}  // namespace meadow::sim
