#pragma once
// What happens on the plate that its frames announce (sim/event_log.hpp): its order parameter's
// crossings of the gas's and the stream's thresholds.
#include <variant>

#include "sim/event_log.hpp"
#include "sim/order_crossings.hpp"

namespace meadow::sim {

using PlateEventBody = std::variant<OrderCrossing>;
using PlateEventLog = EventLog<PlateEventBody>;

}  // namespace meadow::sim
