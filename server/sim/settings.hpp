#pragma once
// A world's settings as every sender sees them (docs/architecture.md "A world's settings"): one
// schema per world, declared beside its rules, and one validator that viewer input, the operator
// and the journal all pass through. A change names its world and carries values by the schema's
// names, so the meadow, the wire and the operator's console route and check every world's
// settings without naming any.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sim/world_kind.hpp"

namespace meadow::sim {

// What values a setting takes: a whole number (a count), any number in its range, or on/off (0, 1).
enum class SettingKind : std::uint8_t { whole, number, flag };

struct SettingSpec {
  std::string name;   // as senders name it: snake_case, e.g. "count", "sensor_angle"
  std::string label;  // for people: "separation weight"
  std::string unit;   // "fireflies", "degrees", "map cells", "× default"; empty: a bare number
  SettingKind kind = SettingKind::number;
  double min = 0.0;  // the range any sender may ask for (a world may hold a viewer to less, and says so)
  double max = 0.0;
  double step = 0.0;  // a panel's step between values
  friend bool operator==(const SettingSpec&, const SettingSpec&) = default;
};

// A named set of values a world offers ("lace", "threads"); the world applies it.
struct SettingsPreset {
  std::string name;
  std::string title;  // for people
  friend bool operator==(const SettingsPreset&, const SettingsPreset&) = default;
};

struct SettingsSchema {
  WorldKind world{};
  std::vector<SettingSpec> settings;
  std::vector<SettingsPreset> presets;  // empty: none

  [[nodiscard]] const SettingSpec* find(std::string_view name) const;
  [[nodiscard]] const SettingsPreset* preset(std::string_view name) const;
  friend bool operator==(const SettingsSchema&, const SettingsSchema&) = default;
};

struct SettingValue {
  std::string name;
  double value = 0.0;
  friend bool operator==(const SettingValue&, const SettingValue&) = default;
};

// A change of one world's shared settings: the preset first (if any), then the values given;
// settings not named stay as they are.
struct SettingsChange {
  WorldKind world{};
  std::vector<SettingValue> values;
  std::optional<std::string> preset;

  // The value given for `name`, if any (as a float: the worlds' own settings are floats).
  [[nodiscard]] std::optional<double> value(std::string_view name) const;
  [[nodiscard]] std::optional<float> float_value(std::string_view name) const;
  // Adds `value` under `name` when there is one (a bool as 1 or 0).
  template <typename T>
  void put(std::string_view name, const std::optional<T>& v) {
    if (v) values.push_back({std::string(name), static_cast<double>(*v)});
  }
  friend bool operator==(const SettingsChange&, const SettingsChange&) = default;
};

// Why a change does not fit its schema: a code ("out_of_range", "not_finite", "unknown_value",
// "duplicate") and a sentence for people.
struct SettingsRefusal {
  std::string code;
  std::string text;
};

// The one check of a settings change against its world's schema: every name known and given once,
// every value finite, inside its range and of its kind, the preset one the world offers. nullopt:
// it fits.
[[nodiscard]] std::optional<SettingsRefusal> settings_refusal(const SettingsSchema& schema,
                                                              const SettingsChange& change);

// The schema of `world` among `schemas`, or null.
[[nodiscard]] const SettingsSchema* schema_of(std::span<const SettingsSchema> schemas, WorldKind world);

// A number as people write it: 0.5, 2, 1048576.
[[nodiscard]] std::string shortest_number(double value);

}  // namespace meadow::sim
