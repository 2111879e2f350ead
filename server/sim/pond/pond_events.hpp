#pragma once
// What happens in the pond that its frames announce (sim/event_log.hpp): a fish ate a crumb.
#include <cstdint>
#include <variant>

#include "sim/event_log.hpp"
#include "sim/geometry.hpp"

namespace meadow::sim {

struct PondCrumbEaten {
  std::uint32_t crumb = 0;  // the crumb's id
  Vec2 at;                  // where it lay, world units
  std::uint32_t fish = 0;   // which fish ate it
};

using PondEventBody = std::variant<PondCrumbEaten>;
using PondEventLog = EventLog<PondEventBody>;

}  // namespace meadow::sim
