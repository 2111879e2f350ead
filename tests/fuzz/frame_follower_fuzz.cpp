// Fuzz target frame_follower: what the native viewer (client/watch, meadow-watch) does with the
// ServerMessages it receives, the light layer decoded along its key/delta chain. The input is a
// stream of messages, each prefixed with its length (fuzz_inputs.hpp): a chain of frames needs
// several. Beyond not crashing: a decoded light layer
// always holds width × height × channels bytes.
#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>

#include "fuzz_check.hpp"
#include "fuzz_inputs.hpp"
#include "quiet_protobuf.hpp"
#include "meadow/v1/viewer.pb.h"
#include "watch/frame_follower.hpp"

namespace meadow::fuzz {

int fuzz_frame_follower(const std::uint8_t* data, std::size_t size) {
  quiet_protobuf();
  client::FrameFollower follower(/*decode_light=*/true);
  auto now = client::FrameFollower::Clock::time_point{};
  // Probes open, as in a load run: a predator mark or a rock there ends them.
  v1::Vec2 probe;
  probe.set_x(kProbeX);
  probe.set_y(kProbeY);
  follower.expect_predator_at(probe, now);
  follower.expect_rock_at(probe, now);
  while (size >= kLengthBytes) {
    const std::size_t length = std::min<std::size_t>(data[0] | (std::size_t{data[1]} << 8), size - kLengthBytes);
    data += kLengthBytes;
    size -= kLengthBytes;
    v1::ServerMessage message;
    if (message.ParseFromArray(data, static_cast<int>(length))) {
      follower.take(std::move(message), length, now);
      now += std::chrono::milliseconds(33);
    }
    data += length;
    size -= length;
    if (const auto& light = follower.light()) {
      MEADOW_FUZZ_CHECK(light->pixels.size() == std::size_t{light->width} * light->height * light->channels);
    }
  }
  MEADOW_FUZZ_CHECK(follower.latencies_ms().size() <= 2);
  return 0;
}

}  // namespace meadow::fuzz
