#include "meadowctl/world_settings_args.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace meadow::client {

namespace {

std::optional<double> number(std::string_view text) {
  if (text == "on" || text == "true") return 1.0;
  if (text == "off" || text == "false") return 0.0;
  double value = 0.0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::string shown(double value) {
  char text[48];
  std::snprintf(text, sizeof text, "%.10g", value);
  return text;
}

}  // namespace

std::optional<v1::World> world_by_name(std::string_view name) {
  std::string wire = "WORLD_";
  for (const char c : name) wire += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  v1::World world = v1::WORLD_UNSPECIFIED;
  if (name.empty() || !v1::World_Parse(wire, &world) || world == v1::WORLD_UNSPECIFIED) return std::nullopt;
  return world;
}

std::string world_label(v1::World world) {
  std::string name = v1::World_Name(world);
  if (name.rfind("WORLD_", 0) == 0) name = name.substr(6);
  std::transform(name.begin(), name.end(), name.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return name.empty() ? "?" : name;
}

std::string status_world_label(const v1::WorldStatus& w) { return w.name().empty() ? world_label(w.world()) : w.name(); }

std::string parse_setting_args(v1::World world, const std::vector<std::string>& args,
                               std::optional<std::string> preset, v1::WorldSettings& out) {
  out.Clear();
  out.set_world(world);
  if (preset) out.set_preset(*preset);
  for (const std::string& arg : args) {
    const auto eq = arg.find('=');
    if (eq == std::string::npos || eq == 0) return "'" + arg + "' is not NAME=VALUE";
    const auto value = number(std::string_view(arg).substr(eq + 1));
    if (!value) return "'" + arg + "': the value is a number, or on/off";
    v1::SettingValue& setting = *out.add_values();
    setting.set_name(arg.substr(0, eq));
    setting.set_value(*value);
  }
  if (out.values_size() == 0 && !preset) return "nothing to change: give NAME=VALUE or --preset";
  return {};
}

std::string settings_text(const v1::Status& status, std::optional<v1::World> world) {
  std::string text;
  for (const v1::WorldStatus& w : status.worlds()) {
    if (world && w.world() != *world) continue;
    if (!w.has_settings_schema()) {
      if (world) text += status_world_label(w) + ": no settings\n";
      continue;
    }
    text += status_world_label(w) + "\n";
    for (const v1::SettingSpec& spec : w.settings_schema().settings()) {
      std::string now = "?";
      for (const v1::SettingValue& v : w.settings()) {
        if (v.name() == spec.name()) now = shown(v.value());
      }
      if (spec.kind() == v1::SettingSpec::KIND_FLAG && now != "?") now = now == "0" ? "off" : "on";
      const std::string range = spec.kind() == v1::SettingSpec::KIND_FLAG
                                    ? "on or off"
                                    : shown(spec.min()) + " … " + shown(spec.max()) +
                                          (spec.unit().empty() ? "" : " " + spec.unit());
      char line[256];
      std::snprintf(line, sizeof line, "  %-16s %-10s %s (%s)\n", spec.name().c_str(), now.c_str(), range.c_str(),
                    spec.label().c_str());
      text += line;
    }
    if (w.settings_schema().presets_size() > 0) {
      std::string presets;
      for (const v1::SettingsPresetInfo& p : w.settings_schema().presets()) {
        presets += (presets.empty() ? "" : ", ") + p.name() + " (" + p.title() + ")";
      }
      text += "  presets: " + presets + "\n";
    }
  }
  if (text.empty()) text = world ? world_label(*world) + ": not on this server\n" : "no world has settings\n";
  return text;
}

}  // namespace meadow::client
