#pragma once
// What happens in the swarm that its frames announce (sim/event_log.hpp): its order parameter's
// crossings and the crumbs eaten.
#include <cstdint>
#include <variant>

#include "sim/event_log.hpp"
#include "sim/geometry.hpp"

namespace meadow::sim {

// The swarm's order parameter crossed a threshold (announced once per real crossing).
struct OrderCrossingEvent {
  float threshold = 0.0F;
  bool rising = false;
  float order = 0.0F;
};

// A firefly ate a food crumb.
struct CrumbEatenEvent {
  std::uint32_t mark_id = 0;
  Vec2 at;
};

using SwarmEventBody = std::variant<OrderCrossingEvent, CrumbEatenEvent>;
using SwarmEvent = WorldEvent<SwarmEventBody>;
using SwarmEventLog = EventLog<SwarmEventBody>;

}  // namespace meadow::sim
