#pragma once
// `meadowctl act`'s arguments: a tool and a phase by the names people type, as the ToolAction the
// operator's Act takes (the viewers' tools, docs/rules.md "The tools").
#include <string>
#include <string_view>

#include "meadow/v1/operator.pb.h"

namespace meadow::client {

// The ToolAction for `tool` ("attract", "flower", "rock", "predator", "frog") in `phase` ("tap",
// "down", "move", "up") at (x, y), a handful where asked; empty error, or why not for people.
[[nodiscard]] std::string tool_action_of(std::string_view tool, std::string_view phase, float x, float y, bool handful,
                                         v1::ToolAction& out);

}  // namespace meadow::client
