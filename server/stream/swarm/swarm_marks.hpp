#pragma once
// The swarm's tool marks as every viewer sees them (Mark.radius in world units: the attract orbit,
// a crumb's smell range, a predator's reach).
#include "meadow/v1/viewer.pb.h"
#include "sim/swarm/swarm_inputs.hpp"
#include "sim/swarm/swarm_tools.hpp"

namespace meadow::stream {

void to_proto(const sim::ToolMark& attract_mark, v1::Tool tool, float radius, v1::Mark& to);
void to_proto(const sim::SwarmPredator& predator, float reach, v1::Mark& to);

}  // namespace meadow::stream
