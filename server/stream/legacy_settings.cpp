#include "stream/legacy_settings.hpp"

#include <string>
#include <string_view>
#include <vector>

#include "sim/world_kind.hpp"

namespace meadow::stream {

namespace {

namespace pb = google::protobuf;

constexpr std::string_view kSettingsSuffix = "_settings";
constexpr std::string_view kPresetField = "preset";

// The world whose name `field` is followed by kSettingsSuffix, if any.
std::optional<sim::WorldKind> settings_owner(std::string_view field) {
  if (field.size() <= kSettingsSuffix.size() || !field.ends_with(kSettingsSuffix)) return std::nullopt;
  const std::string_view name = field.substr(0, field.size() - kSettingsSuffix.size());
  return sim::world_named(name);
}

// One numeric or boolean field as a setting's value (a bool as 1 or 0, as SettingsChange::put has it).
std::optional<double> setting_value(const pb::Message& message, const pb::Reflection& reflection,
                                    const pb::FieldDescriptor& field) {
  switch (field.cpp_type()) {
    case pb::FieldDescriptor::CPPTYPE_UINT32: return static_cast<double>(reflection.GetUInt32(message, &field));
    case pb::FieldDescriptor::CPPTYPE_INT32: return static_cast<double>(reflection.GetInt32(message, &field));
    case pb::FieldDescriptor::CPPTYPE_UINT64: return static_cast<double>(reflection.GetUInt64(message, &field));
    case pb::FieldDescriptor::CPPTYPE_INT64: return static_cast<double>(reflection.GetInt64(message, &field));
    case pb::FieldDescriptor::CPPTYPE_FLOAT: return static_cast<double>(reflection.GetFloat(message, &field));
    case pb::FieldDescriptor::CPPTYPE_DOUBLE: return reflection.GetDouble(message, &field);
    case pb::FieldDescriptor::CPPTYPE_BOOL: return static_cast<double>(reflection.GetBool(message, &field));
    default: return std::nullopt;
  }
}

}  // namespace

std::optional<sim::SettingsChange> legacy_settings(const pb::Message& holder) {
  const pb::Reflection& reflection = *holder.GetReflection();
  const pb::OneofDescriptor* body = holder.GetDescriptor()->FindOneofByName("body");
  if (body == nullptr) return std::nullopt;
  const pb::FieldDescriptor* field = reflection.GetOneofFieldDescriptor(holder, body);
  if (field == nullptr || field->cpp_type() != pb::FieldDescriptor::CPPTYPE_MESSAGE) return std::nullopt;
  const std::optional<sim::WorldKind> world = settings_owner(field->name());
  if (!world) return std::nullopt;
  const pb::Message& settings = reflection.GetMessage(holder, field);
  const pb::Reflection& values = *settings.GetReflection();
  // The fields given, in the order of their numbers: the schema's order.
  std::vector<const pb::FieldDescriptor*> given;
  values.ListFields(settings, &given);
  sim::SettingsChange change;
  change.world = *world;
  for (const pb::FieldDescriptor* setting : given) {
    if (setting->is_repeated()) continue;
    if (setting->name() == kPresetField && setting->cpp_type() == pb::FieldDescriptor::CPPTYPE_STRING) {
      change.preset = values.GetString(settings, setting);
    } else if (const std::optional<double> value = setting_value(settings, values, *setting)) {
      change.values.push_back({std::string(setting->name()), *value});
    }
  }
  return change;
}

}  // namespace meadow::stream
