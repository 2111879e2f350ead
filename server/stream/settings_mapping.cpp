#include "stream/settings_mapping.hpp"

#include "stream/world_mapping.hpp"

namespace meadow::stream {

namespace {

v1::SettingSpec::Kind to_proto(sim::SettingKind kind) {
  switch (kind) {
    case sim::SettingKind::whole: return v1::SettingSpec::KIND_WHOLE;
    case sim::SettingKind::flag: return v1::SettingSpec::KIND_FLAG;
    case sim::SettingKind::number: break;
  }
  return v1::SettingSpec::KIND_NUMBER;
}

std::optional<sim::SettingKind> kind_from_proto(v1::SettingSpec::Kind kind) {
  switch (kind) {
    case v1::SettingSpec::KIND_WHOLE: return sim::SettingKind::whole;
    case v1::SettingSpec::KIND_NUMBER: return sim::SettingKind::number;
    case v1::SettingSpec::KIND_FLAG: return sim::SettingKind::flag;
    default: return std::nullopt;
  }
}

}  // namespace

void to_proto(const sim::SettingsChange& from, v1::WorldSettings& to) {
  to.set_world(to_proto(from.world));
  for (const sim::SettingValue& v : from.values) {
    v1::SettingValue& value = *to.add_values();
    value.set_name(v.name);
    value.set_value(v.value);
  }
  if (from.preset) to.set_preset(*from.preset);
}

std::optional<sim::SettingsChange> from_proto(const v1::WorldSettings& from) {
  sim::SettingsChange change;
  if (!world_from_proto(from.world(), change.world)) return std::nullopt;
  change.values.reserve(static_cast<std::size_t>(from.values_size()));
  for (const v1::SettingValue& v : from.values()) change.values.push_back({v.name(), v.value()});
  if (from.has_preset()) change.preset = from.preset();
  return change;
}

void to_proto(const sim::SettingsSchema& from, v1::SettingsSchema& to) {
  to.set_world(to_proto(from.world));
  for (const sim::SettingSpec& s : from.settings) {
    v1::SettingSpec& spec = *to.add_settings();
    spec.set_name(s.name);
    spec.set_label(s.label);
    spec.set_unit(s.unit);
    spec.set_kind(to_proto(s.kind));
    spec.set_min(s.min);
    spec.set_max(s.max);
    spec.set_step(s.step);
  }
  for (const sim::SettingsPreset& p : from.presets) {
    v1::SettingsPresetInfo& preset = *to.add_presets();
    preset.set_name(p.name);
    preset.set_title(p.title);
  }
}

std::optional<sim::SettingsSchema> from_proto(const v1::SettingsSchema& from) {
  sim::SettingsSchema schema;
  if (!world_from_proto(from.world(), schema.world)) return std::nullopt;
  for (const v1::SettingSpec& s : from.settings()) {
    const auto kind = kind_from_proto(s.kind());
    if (!kind) return std::nullopt;
    schema.settings.push_back({s.name(), s.label(), s.unit(), *kind, s.min(), s.max(), s.step()});
  }
  for (const v1::SettingsPresetInfo& p : from.presets()) schema.presets.push_back({p.name(), p.title()});
  return schema;
}

}  // namespace meadow::stream
