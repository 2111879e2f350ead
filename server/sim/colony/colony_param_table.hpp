#pragma once
// Every number of the colony's rules by name, with its unit and meaning: what the study tool
// (meadow-sim colony --set / --sweep / --list-params) overrides. One row per ColonyParams
// member; colony_param_table_test.cpp checks that no member is missing.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <variant>

#include "sim/colony/colony_rules.hpp"

namespace meadow::sim {

struct ColonyParamInfo {
  std::string_view name;     // the member's name, e.g. "sips_per_flower"
  std::string_view unit;     // e.g. "steps", "units", "chance per sip"
  std::string_view meaning;  // one line for people
  std::variant<std::uint32_t ColonyParams::*, float ColonyParams::*, double ColonyParams::*> member;
};

[[nodiscard]] std::span<const ColonyParamInfo> colony_param_table();
[[nodiscard]] const ColonyParamInfo* find_colony_param(std::string_view name);
[[nodiscard]] double colony_param_value(const ColonyParams& params, const ColonyParamInfo& info);
// Sets a parameter; an empty string when done, else why not (unknown name, not a whole number
// where one is needed, negative, not finite).
[[nodiscard]] std::string set_colony_param(ColonyParams& params, std::string_view name, double value);

}  // namespace meadow::sim
