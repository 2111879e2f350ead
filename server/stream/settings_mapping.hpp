#pragma once
// Every world's settings on the wire (sim/settings.hpp ⇄ meadow.v1.WorldSettings, SettingsSchema):
// one mapping for all worlds, so the viewer's input, the operator's calls, the journal and the
// edges carry settings without naming a world.
#include <optional>

#include "meadow/v1/viewer.pb.h"
#include "sim/settings.hpp"

namespace meadow::stream {

void to_proto(const sim::SettingsChange& from, v1::WorldSettings& to);
// nullopt for a world the wire does not know. The values are not checked here: the schema's
// validator (sim::settings_refusal) does that for every sender.
[[nodiscard]] std::optional<sim::SettingsChange> from_proto(const v1::WorldSettings& from);

void to_proto(const sim::SettingsSchema& from, v1::SettingsSchema& to);
// nullopt for a world or a kind the wire does not know (an edge takes the sim's schemas so).
[[nodiscard]] std::optional<sim::SettingsSchema> from_proto(const v1::SettingsSchema& from);

}  // namespace meadow::stream
