#include "stream/colony/colony_stream.hpp"

#include "sim/colony/colony_world.hpp"
#include "stream/colony/colony_events_mapping.hpp"
#include "stream/colony/colony_frame.hpp"
#include "stream/proto_mapping.hpp"
#include "stream/world_events.hpp"

namespace meadow::stream {

void ColonyStream::build(const sim::World& w, const FrameContext& context, v1::ServerMessage& message,
                         WorldFrame& out) {
  const sim::Colony& colony = static_cast<const sim::ColonyWorld&>(w).colony();
  v1::Frame& frame = *message.mutable_frame();
  // The colony lives on the meadow: that is its whole world and what its camera shows.
  to_proto(context.meadow.land().meadow(), *frame.mutable_camera());
  to_proto(context.meadow.land().meadow(), *frame.mutable_world_bounds());
  fill_colony_state(colony, *frame.mutable_colony());
  add_new_events(colony.events(), last_event_sequence_, to_proto, frame);
  message.SerializeToString(&out.key_message);
}

void ColonyStream::operator_events(const sim::World& w, std::uint64_t& last, std::vector<std::string>& out) const {
  append_operator_events(static_cast<const sim::ColonyWorld&>(w).colony().events(), last, to_proto, out, for_the_operator);
}

void ColonyStream::fill_shared(const sim::World& w, v1::Frame& frame) const {
  to_proto(static_cast<const sim::ColonyWorld&>(w).colony().breeze(), *frame.mutable_breeze());
}

}  // namespace meadow::stream
