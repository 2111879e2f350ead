#include "meadowctl/tool_args.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

namespace meadow::client {

namespace {

constexpr std::array<std::pair<std::string_view, v1::Tool>, 5> kTools = {{
    {"attract", v1::TOOL_ATTRACT},
    {"flower", v1::TOOL_FLOWER},
    {"rock", v1::TOOL_ROCK},
    {"predator", v1::TOOL_PREDATOR},
    {"frog", v1::TOOL_FROG},
}};
constexpr std::array<std::pair<std::string_view, v1::ToolAction::Phase>, 4> kPhases = {{
    {"tap", v1::ToolAction::PHASE_TAP},
    {"down", v1::ToolAction::PHASE_DOWN},
    {"move", v1::ToolAction::PHASE_MOVE},
    {"up", v1::ToolAction::PHASE_UP},
}};

}  // namespace

std::string tool_action_of(std::string_view tool, std::string_view phase, float x, float y, bool handful,
                           v1::ToolAction& out) {
  const auto t = std::find_if(kTools.begin(), kTools.end(), [&](const auto& p) { return p.first == tool; });
  if (t == kTools.end()) return "'" + std::string(tool) + "' is not attract, flower, rock, predator or frog";
  const auto ph = std::find_if(kPhases.begin(), kPhases.end(), [&](const auto& p) { return p.first == phase; });
  if (ph == kPhases.end()) return "'" + std::string(phase) + "' is not tap, down, move or up";
  if (!std::isfinite(x) || !std::isfinite(y)) return "the point must be finite numbers";
  if (handful && t->second != v1::TOOL_FLOWER) return "--handful goes with the flower tool";
  out.set_tool(t->second);
  out.set_phase(ph->second);
  out.mutable_position()->set_x(x);
  out.mutable_position()->set_y(y);
  out.set_handful(handful);
  return {};
}

}  // namespace meadow::client
