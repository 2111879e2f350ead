#pragma once
// Every world's settings at the console (meadowctl set, meadowctl settings), from the schemas the
// server sends in its status: nothing here names a world or a setting.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "meadow/v1/operator.pb.h"

namespace meadow::client {

// "name" → WORLD_NAME: the wire's own names, lower case and without the prefix.
[[nodiscard]] std::optional<v1::World> world_by_name(std::string_view name);
[[nodiscard]] std::string world_label(v1::World world);
// A world of the server's status by the name the server gives it (a world this client's World
// enum does not list too), or by its wire name.
[[nodiscard]] std::string status_world_label(const v1::WorldStatus& w);

// NAME=VALUE arguments as a change of `world`'s settings: VALUE a number, or on/off/true/false
// for a flag. An empty string, or why not (for people).
[[nodiscard]] std::string parse_setting_args(v1::World world, const std::vector<std::string>& args,
                                             std::optional<std::string> preset, v1::WorldSettings& out);

// Each world's settings with their values now, units and ranges, and its presets: for `world`
// only, or every world that has settings.
[[nodiscard]] std::string settings_text(const v1::Status& status, std::optional<v1::World> world = std::nullopt);

}  // namespace meadow::client
