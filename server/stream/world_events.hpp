#pragma once
// A world's events on the wire (sim/event_log.hpp), the same for every world's stream: the ones a
// frame has not carried yet, and the ones the operator's feed has not had. Each world maps its own
// events (`map`: its stream/<world>/<world>_events_mapping's to_proto).
#include <cstdint>
#include <string>
#include <vector>

#include "meadow/v1/viewer.pb.h"
#include "sim/event_log.hpp"

namespace meadow::stream {

template <typename Body>
using EventMapping = void (*)(const sim::WorldEvent<Body>&, v1::Event&);

// The events after `last` into `frame`; `last` moves to the newest.
template <typename Body>
void add_new_events(const sim::EventLog<Body>& log, std::uint64_t& last, EventMapping<Body> map, v1::Frame& frame) {
  for (const sim::WorldEvent<Body>& event : log.events()) {
    if (event.sequence > last) map(event, *frame.add_events());
  }
  last = log.last_sequence();
}

// The events after `last` that `keep` takes (all by default), each a serialized meadow.v1.Event
// appended to `out`; `last` moves to the newest.
template <typename Body>
void append_operator_events(const sim::EventLog<Body>& log, std::uint64_t& last, EventMapping<Body> map,
                            std::vector<std::string>& out,
                            bool (*keep)(const sim::WorldEvent<Body>&) = nullptr) {
  v1::Event proto;
  for (const sim::WorldEvent<Body>& event : log.events()) {
    if (event.sequence <= last || (keep != nullptr && !keep(event))) continue;
    proto.Clear();
    map(event, proto);
    out.push_back(proto.SerializeAsString());
  }
  last = log.last_sequence();
}

}  // namespace meadow::stream
