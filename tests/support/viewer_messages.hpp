#pragma once
// Messages a test viewer sends, as the browser viewer sends them.
#include "meadow/v1/viewer.pb.h"

namespace meadow::testing {

// A tap of `tool` at (x, y) in world units.
inline v1::ClientMessage tool_tap(v1::Tool tool, float x, float y) {
  v1::ClientMessage m;
  v1::ToolAction* action = m.mutable_tool();
  action->set_tool(tool);
  action->set_phase(v1::ToolAction::PHASE_TAP);
  action->mutable_position()->set_x(x);
  action->mutable_position()->set_y(y);
  return m;
}

}  // namespace meadow::testing
