#pragma once
// A MoldSettings message (from a viewer or the operator) as a change of the mold's settings, each
// value checked against its range; the one place both edges read it. The agents' ceiling is the
// mold's own (it depends on its map and occupancy, and on who asks): it clamps and says so.
#include <string>
#include <variant>

#include "meadow/v1/viewer.pb.h"
#include "sim/actions.hpp"

namespace meadow::stream {

struct MoldSettingsError {
  std::string code;  // "out_of_range", "unknown_value"
  std::string text;  // for people
};

[[nodiscard]] std::variant<sim::MoldSettingsChange, MoldSettingsError> mold_settings_change(
    const v1::MoldSettings& settings);

}  // namespace meadow::stream
