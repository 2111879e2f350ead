#pragma once
// The pond's shared settings (docs/rules.md "The pond"): the number of fish (a change rebuilds the
// school), the maximum speed and the cohesion, lockable by the operator, and the source's three
// presets, Tropical, Arctic and Deep: palettes of the pond (its water's colour and light), which
// change nothing of the school.
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "sim/pond/pond_rules.hpp"
#include "sim/pond/pond_school.hpp"
#include "sim/settings.hpp"

namespace meadow::sim {

enum class PondPalette : std::uint8_t { tropical, arctic, deep };

struct PondSettings {
  std::uint32_t fish = pond_rules::kDefaultFish;
  double max_speed_px = pond_rules::kDefaultMaxSpeedPx;
  double cohesion_px = pond_rules::kDefaultCohesionPx;
  PondPalette palette = PondPalette::tropical;
  [[nodiscard]] SchoolSettings school() const { return {cohesion_px, max_speed_px}; }
  friend bool operator==(const PondSettings&, const PondSettings&) = default;
};

// The palettes by name, as the presets, the wire and the journal give them.
[[nodiscard]] std::string_view palette_name(PondPalette palette);
[[nodiscard]] std::optional<PondPalette> palette_named(std::string_view name);

namespace pond_setting {
inline constexpr std::string_view kFish = "fish";
inline constexpr std::string_view kMaxSpeed = "max_speed";
inline constexpr std::string_view kCohesion = "cohesion";
}  // namespace pond_setting

[[nodiscard]] const SettingsSchema& pond_settings_schema();
// `settings` with `change` applied (its preset first, then its values); the schema has checked it.
[[nodiscard]] PondSettings with_change(PondSettings settings, const SettingsChange& change);
// Every setting by its name, in the schema's order (the palette is the preset).
[[nodiscard]] std::vector<SettingValue> setting_values(const PondSettings& settings);

}  // namespace meadow::sim
