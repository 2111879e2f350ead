#pragma once
// The swarm's settings as clients older than WorldSettings send them (meadow.v1.SwarmSettings) and
// as journals written before it hold them (SavedSwarmSettings): read as the swarm's SettingsChange,
// which the swarm's schema then checks like any other.
// The tests' reference: the reader this world had, field by field, before the shared one
// (server/stream/legacy_settings.*) took its place; the legacy settings tests hold that one to it.
#include "meadow/v1/snapshot.pb.h"
#include "meadow/v1/viewer.pb.h"
#include "sim/settings.hpp"

namespace meadow::stream {

[[nodiscard]] sim::SettingsChange swarm_settings_from_proto(const v1::SwarmSettings& from);
[[nodiscard]] sim::SettingsChange swarm_settings_from_proto(const v1::SavedSwarmSettings& from);

}  // namespace meadow::stream
