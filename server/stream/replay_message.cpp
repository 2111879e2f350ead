#include "stream/replay_message.hpp"

#include "meadow/v1/viewer.pb.h"

namespace meadow::stream {

std::string replay_state_message(const ReplayStateView& state) {
  v1::ServerMessage message;
  v1::ReplayState& out = *message.mutable_replay();
  out.set_playing(state.playing);
  out.set_start_ms(state.start_ms);
  out.set_end_ms(state.end_ms);
  out.set_at_ms(state.at_ms);
  out.set_speed(state.speed);
  out.set_achieved_speed(state.achieved_speed);
  out.set_seeking(state.seeking);
  out.set_reason(state.reason);
  return message.SerializeAsString();
}

}  // namespace meadow::stream
