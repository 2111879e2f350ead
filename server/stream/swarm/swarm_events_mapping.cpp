#include "stream/swarm/swarm_events_mapping.hpp"

#include <type_traits>
#include <variant>

#include "stream/proto_mapping.hpp"

namespace meadow::stream {

void to_proto(const sim::SwarmEvent& from, v1::Event& to) {
  to.set_tick(from.tick);
  std::visit(
      [&to](const auto& e) {
        using T = std::decay_t<decltype(e)>;
        if constexpr (std::is_same_v<T, sim::OrderCrossingEvent>) {
          v1::Event::OrderCrossing& out = *to.mutable_order_crossing();
          out.set_threshold(e.threshold);
          out.set_rising(e.rising);
          out.set_order(e.order);
        } else {
          static_assert(std::is_same_v<T, sim::CrumbEatenEvent>, "every event has its wire message");
          v1::Event::CrumbEaten& out = *to.mutable_crumb_eaten();
          out.set_mark_id(e.mark_id);
          to_proto(e.at, *out.mutable_position());
        }
      },
      from.body);
}

}  // namespace meadow::stream
