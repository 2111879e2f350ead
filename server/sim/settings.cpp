#include "sim/settings.hpp"

#include <array>
#include <charconv>
#include <cmath>

namespace meadow::sim {

namespace {

// Names longer than this are no one's: refused before they are quoted back.
constexpr std::size_t kLongestName = 40;

std::string the_world(WorldKind world) { return "The " + std::string(world_name(world)); }

std::string names_of(const SettingsSchema& schema) {
  std::string names;
  for (const SettingSpec& s : schema.settings) names += (names.empty() ? "" : ", ") + s.name;
  return names.empty() ? "none" : names;
}

std::string presets_of(const SettingsSchema& schema) {
  std::string names;
  for (const SettingsPreset& p : schema.presets) names += (names.empty() ? "" : ", ") + p.name;
  return names.empty() ? "none" : names;
}

}  // namespace

const SettingSpec* SettingsSchema::find(std::string_view name) const {
  for (const SettingSpec& s : settings) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

const SettingsPreset* SettingsSchema::preset(std::string_view name) const {
  for (const SettingsPreset& p : presets) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

std::optional<double> SettingsChange::value(std::string_view name) const {
  for (const SettingValue& v : values) {
    if (v.name == name) return v.value;
  }
  return std::nullopt;
}

std::optional<float> SettingsChange::float_value(std::string_view name) const {
  const auto v = value(name);
  if (!v) return std::nullopt;
  return static_cast<float>(*v);
}

std::string shortest_number(double value) {
  std::array<char, 32> text{};
  // Fixed, never exponent: ranges read 2000000, not 2e+06 (the ranges here fit in 32 characters).
  const auto end = std::to_chars(text.data(), text.data() + text.size(), value, std::chars_format::fixed).ptr;
  return {text.data(), end};
}

std::optional<SettingsRefusal> settings_refusal(const SettingsSchema& schema, const SettingsChange& change) {
  if (change.world != schema.world) {
    return SettingsRefusal{"unknown_value", "These are not the " + std::string(world_name(schema.world)) + "'s settings."};
  }
  if (change.preset && schema.preset(*change.preset) == nullptr) {
    return SettingsRefusal{"unknown_value", the_world(schema.world) + " has no preset of that name; it has: " +
                                                presets_of(schema) + "."};
  }
  for (std::size_t i = 0; i < change.values.size(); ++i) {
    const SettingValue& v = change.values[i];
    // The refusal names what the world has, never what was sent.
    const SettingSpec* spec = v.name.size() <= kLongestName ? schema.find(v.name) : nullptr;
    if (spec == nullptr) {
      return SettingsRefusal{"unknown_value", the_world(schema.world) + " has no setting of that name; it has: " +
                                                  names_of(schema) + "."};
    }
    for (std::size_t j = 0; j < i; ++j) {
      if (change.values[j].name == v.name) {
        return SettingsRefusal{"duplicate", "The " + spec->label + " is given twice."};
      }
    }
    const std::string whose = "The " + std::string(world_name(schema.world)) + "'s " + spec->label;
    if (!std::isfinite(v.value)) return SettingsRefusal{"not_finite", whose + " must be a finite number."};
    if (spec->kind == SettingKind::flag && v.value != 0.0 && v.value != 1.0) {
      return SettingsRefusal{"out_of_range", whose + " is on (1) or off (0)."};
    }
    if (v.value < spec->min || v.value > spec->max) {
      return SettingsRefusal{"out_of_range", whose + " must be between " + shortest_number(spec->min) + " and " +
                                                 shortest_number(spec->max) + "."};
    }
    if (spec->kind == SettingKind::whole && v.value != std::floor(v.value)) {
      return SettingsRefusal{"out_of_range", whose + " must be a whole number."};
    }
  }
  return std::nullopt;
}

const SettingsSchema* schema_of(std::span<const SettingsSchema> schemas, WorldKind world) {
  for (const SettingsSchema& s : schemas) {
    if (s.world == world) return &s;
  }
  return nullptr;
}

}  // namespace meadow::sim
