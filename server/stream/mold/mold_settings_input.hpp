#pragma once
// The mold's settings as clients older than WorldSettings send them (meadow.v1.MoldSettings, which
// journals written before it hold too): read as the mold's SettingsChange, which the mold's schema
// then checks like any other.
#include "meadow/v1/viewer.pb.h"
#include "sim/settings.hpp"

namespace meadow::stream {

[[nodiscard]] sim::SettingsChange mold_settings_from_proto(const v1::MoldSettings& settings);

}  // namespace meadow::stream
