#pragma once
// A world's settings as clients and journals older than WorldSettings carry them: a message of the
// world's own in the body field named after it (`<world>_settings` of ClientMessage and
// SavedAction), whose fields are its settings under the names its schema gives them, in the
// schema's order, with a string `preset` for its preset. They are read here by those names for
// every world alike, so that shared code needs to know no world's old message; the world's schema
// then checks the change like any other.
#include <optional>

#include <google/protobuf/message.h>

#include "sim/settings.hpp"

namespace meadow::stream {

// The settings change the body of `holder` (a message with a oneof `body`) holds when that body is
// a world's own settings message; nullopt when it is something else, or names no known world.
[[nodiscard]] std::optional<sim::SettingsChange> legacy_settings(const google::protobuf::Message& holder);

}  // namespace meadow::stream
