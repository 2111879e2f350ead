#include "stream/swarm/swarm_marks.hpp"

#include "stream/proto_mapping.hpp"

namespace meadow::stream {

void to_proto(const sim::ToolMark& mark, v1::Tool tool, float radius, v1::Mark& to) {
  to.set_id(mark.id);
  to.set_tool(tool);
  to_proto(mark.at, *to.mutable_position());
  to.set_owner_session(mark.owner);
  to.set_radius(radius);
}

void to_proto(const sim::SwarmPredator& predator, float reach, v1::Mark& to) {
  to.set_id(0);  // one predator per viewer: owner_session tells them apart
  to.set_tool(v1::TOOL_PREDATOR);
  to_proto(predator.at, *to.mutable_position());
  to.set_owner_session(predator.owner);
  to.set_radius(reach);
}

}  // namespace meadow::stream
