#pragma once
// The mold's settings as clients older than WorldSettings send them (meadow.v1.MoldSettings, which
// journals written before it hold too): read as the mold's SettingsChange, which the mold's schema
// then checks like any other.
// The tests' reference: the reader this world had, field by field, before the shared one
// (server/stream/legacy_settings.*) took its place; the legacy settings tests hold that one to it.
#include "meadow/v1/viewer.pb.h"
#include "sim/settings.hpp"

namespace meadow::stream {

[[nodiscard]] sim::SettingsChange mold_settings_from_proto(const v1::MoldSettings& settings);

}  // namespace meadow::stream
