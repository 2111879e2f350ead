#pragma once
// The colony's events on the wire (sim/colony/colony_events.hpp ⇄ meadow.v1.Event).
#include "meadow/v1/viewer.pb.h"
#include "sim/colony/colony_events.hpp"

namespace meadow::stream {

void to_proto(const sim::ColonyEvent& from, v1::Event& to);
// Flashes (hundreds a second in a big colony) and sips are the music's and the viewers', not the
// operator's: left out of the operator's feed.
[[nodiscard]] bool for_the_operator(const sim::ColonyEvent& event);

}  // namespace meadow::stream
