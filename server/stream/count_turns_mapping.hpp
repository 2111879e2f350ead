#pragma once
// The viewers' turns to change a count (sim::CountTurns: of whatever a world counts, for the worlds
// whose count viewers may change) to and from their snapshot records.
#include <cstdint>

#include "meadow/v1/snapshot.pb.h"
#include "sim/viewer_limits.hpp"

namespace meadow::stream {

void count_turns_to_proto(const sim::CountTurns::State& from, google::protobuf::RepeatedPtrField<v1::SavedCountTurn>& to);
// Each waiting count at most `most_waiting` (std::invalid_argument naming `what` otherwise).
[[nodiscard]] sim::CountTurns::State count_turns_from_proto(
    const google::protobuf::RepeatedPtrField<v1::SavedCountTurn>& from, std::uint64_t most_waiting, const char* what);

}  // namespace meadow::stream
