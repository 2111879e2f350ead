#pragma once
// What a native viewer makes of the ServerMessages it receives, whichever way they came
// (WebSocket or gRPC): its session id from the Welcome, frames counted and frames skipped (gaps
// in Frame.number: frames the server replaced before this viewer took them), bytes, the light
// layer decoded along its key/delta chain (optional: a load run need not pay for it), and how
// long its own actions took to show (an action sent, then the first frame or rocks message that
// carries it). Not thread-safe: the owner serialises calls.
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "meadow/v1/viewer.pb.h"
#include "stream/frame_codec.hpp"
#include "stream/video_light.hpp"

namespace meadow::client {

struct LightRaster {
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  std::uint32_t channels = 0;
  std::uint64_t frame = 0;  // Frame.number it belongs to
  std::uint64_t tick = 0;
  // `channels` planes of width × height bytes one after the other (two: intensity, then heat),
  // each row-major, top row first.
  std::vector<std::uint8_t> pixels;
};

class FrameFollower {
 public:
  using Clock = std::chrono::steady_clock;
  explicit FrameFollower(bool decode_light);

  // Takes the message over (its frame is kept as the last one without a copy).
  void take(v1::ServerMessage&& message, std::size_t bytes, Clock::time_point now);

  // Latency probes: the next frame whose marks put this viewer's predator within `tolerance`
  // world units of `at`, or the next Rocks message with a rock there, ends the probe.
  void expect_predator_at(const v1::Vec2& at, Clock::time_point sent);
  void expect_rock_at(const v1::Vec2& at, Clock::time_point sent);
  // The action of the open probe was refused (a notice came): forget the probe.
  void drop_probes();

  [[nodiscard]] std::uint64_t session_id() const { return session_id_; }
  [[nodiscard]] bool welcomed() const { return welcomed_; }
  [[nodiscard]] std::uint64_t frames() const { return frames_; }
  [[nodiscard]] std::uint64_t frames_skipped() const { return skipped_; }
  [[nodiscard]] std::uint64_t bytes() const { return bytes_; }
  [[nodiscard]] std::uint64_t notices() const { return notices_; }
  [[nodiscard]] std::uint64_t light_errors() const { return light_errors_; }
  // Frames whose light came as video (LIGHT_CODEC_VP9), decoded or not.
  [[nodiscard]] std::uint64_t video_frames() const { return video_frames_; }
  [[nodiscard]] const std::optional<v1::Frame>& last_frame() const { return last_frame_; }
  [[nodiscard]] const std::vector<v1::Rock>& rocks() const { return rocks_; }
  // The watched world's bounds now (from the Welcome, then every frame that says).
  [[nodiscard]] const v1::Rect& world_bounds() const { return world_bounds_; }
  // When the first message came (the link was up), if one came.
  [[nodiscard]] std::optional<Clock::time_point> first_message_at() const { return first_at_; }
  // The newest decoded light layer (none before a key frame came, or when not decoding).
  [[nodiscard]] const std::optional<LightRaster>& light() const { return light_; }
  // Milliseconds from sending an action to seeing it, one per probe that ended.
  [[nodiscard]] const std::vector<double>& latencies_ms() const { return latencies_ms_; }
  [[nodiscard]] const std::string& last_notice_code() const { return last_notice_code_; }

 private:
  struct Probe {
    v1::Vec2 at;
    Clock::time_point sent;
  };
  void take_frame(v1::Frame&& frame, Clock::time_point now);
  void decode(const v1::Frame& frame);
  void decode_video(const v1::Frame& frame);
  void end_probe(std::optional<Probe>& probe, Clock::time_point now);

  const bool decode_light_;
  stream::FrameDecoder decoder_;
  // Made at the first video frame (most viewers never get one).
  std::unique_ptr<stream::VideoLightDecoder> video_decoder_;
  std::uint64_t video_frames_ = 0;
  bool welcomed_ = false;
  std::uint64_t session_id_ = 0;
  std::uint64_t frames_ = 0;
  std::uint64_t skipped_ = 0;
  std::uint64_t bytes_ = 0;
  std::uint64_t notices_ = 0;
  std::uint64_t light_errors_ = 0;
  std::optional<std::uint64_t> last_number_;
  std::optional<v1::Frame> last_frame_;
  std::vector<v1::Rock> rocks_;
  v1::Rect world_bounds_;
  std::optional<Clock::time_point> first_at_;
  std::optional<LightRaster> light_;
  std::optional<Probe> predator_probe_;
  std::optional<Probe> rock_probe_;
  std::vector<double> latencies_ms_;
  std::string last_notice_code_;
};

// The p-th percentile (0 … 100) of `values`, nearest rank; 0 when empty.
[[nodiscard]] double percentile(std::vector<double> values, double p);

}  // namespace meadow::client
