#pragma once
// The swarm's events on the wire (sim/swarm/swarm_events.hpp ⇄ meadow.v1.Event).
#include "meadow/v1/viewer.pb.h"
#include "sim/swarm/swarm_events.hpp"

namespace meadow::stream {

void to_proto(const sim::SwarmEvent& from, v1::Event& to);

}  // namespace meadow::stream
