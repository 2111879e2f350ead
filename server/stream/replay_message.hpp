#pragma once
// A viewer's replay of the night as the wire has it (replay.proto's ReplayState).
#include <cstdint>
#include <string>

namespace meadow::stream {

struct ReplayStateView {
  bool playing = false;
  std::int64_t start_ms = 0;
  std::int64_t end_ms = 0;
  std::int64_t at_ms = 0;
  unsigned speed = 0;
  double achieved_speed = 0.0;
  bool seeking = false;
  std::string reason;
};

// A serialized meadow.v1.ServerMessage holding `state`.
[[nodiscard]] std::string replay_state_message(const ReplayStateView& state);

}  // namespace meadow::stream
