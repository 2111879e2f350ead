#include "stream/count_turns_mapping.hpp"

#include <string>

#include "stream/snapshot_checks.hpp"

namespace meadow::stream {

void count_turns_to_proto(const sim::CountTurns::State& from, google::protobuf::RepeatedPtrField<v1::SavedCountTurn>& to) {
  for (const auto& [viewer, turn] : from) {
    v1::SavedCountTurn& saved = *to.Add();
    saved.set_viewer(viewer);
    if (turn.last) saved.set_last(*turn.last);
    if (turn.waiting) saved.set_waiting(*turn.waiting);
  }
}

sim::CountTurns::State count_turns_from_proto(const google::protobuf::RepeatedPtrField<v1::SavedCountTurn>& from,
                                              std::uint64_t most_waiting, const char* what) {
  sim::CountTurns::State state;
  for (const v1::SavedCountTurn& turn : from) {
    sim::CountTurns::Viewer& v = state[turn.viewer()];
    if (turn.has_last()) v.last = turn.last();
    if (turn.has_waiting()) {
      if (turn.waiting() > most_waiting) {
        snapshot_checks::damaged(std::string(what) + ": a viewer's waiting count of " + std::to_string(turn.waiting()));
      }
      v.waiting = turn.waiting();
    }
  }
  return state;
}

}  // namespace meadow::stream
