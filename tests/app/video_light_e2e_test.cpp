// The light as video end to end (issue 29): a real server, viewers over the WebSocket. One that
// offers VP9 starts on zstd frames and has a video key frame within half a second of its welcome,
// then decodes every video frame it is sent; one that offers nothing, or a server told
// --light-video off, sends zstd only.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "stream/video_light.hpp"
#include "support/server_process.hpp"
#include "support/viewer_messages.hpp"
#include "ws/ws_client.hpp"

namespace meadow {
namespace {

using namespace std::chrono_literals;
using client::WsClient;
using testing::kReplyWait;
using testing::ServerProcess;
using Clock = std::chrono::steady_clock;

// How soon a joining viewer must see video light after its welcome (issue 29).
constexpr auto kVideoStartsWithin = 500ms;

std::unique_ptr<ServerProcess> start_video_server(std::vector<std::string> more = {}) {
  std::vector<std::string> args{"--swarm-count", "2000", "--swarm-engine", "cpu", "--log-level", "warn"};
  args.insert(args.end(), more.begin(), more.end());
  return std::make_unique<ServerProcess>(MEADOW_SERVER_BIN, args);
}

void say_hello(WsClient& viewer, bool offer_video) {
  v1::ClientMessage m;
  m.mutable_hello()->set_protocol_version(v1::PROTOCOL_VERSION_CURRENT);
  m.mutable_hello()->set_client_name("video e2e");
  if (offer_video) m.mutable_hello()->add_light_codecs(v1::LIGHT_CODEC_VP9);
  viewer.send(m);
}

bool is_frame_with_light_layer(const v1::ServerMessage& m) { return m.has_frame() && m.frame().has_light(); }

struct Watched {
  int zstd = 0;
  int video = 0;
  int video_keys = 0;
  int decode_errors = 0;
  std::optional<Clock::duration> first_video_after_welcome;
  std::uint64_t lit_pixels = 0;  // of the last decoded video picture
};

// Joins, says hello, and watches `frames` frames, decoding the video ones.
Watched watch_light(std::uint16_t port, bool offer_video, int frames) {
  WsClient viewer;
  viewer.connect("127.0.0.1", port);
  EXPECT_TRUE(viewer.wait_for([](const v1::ServerMessage& s) { return s.has_welcome(); }, kReplyWait));
  const auto welcomed = Clock::now();
  say_hello(viewer, offer_video);
  Watched w;
  std::unique_ptr<stream::VideoLightDecoder> decoder;
  for (int i = 0; i < frames; ++i) {
    const auto m = viewer.wait_for(is_frame_with_light_layer, kReplyWait);
    if (!m) {
      ADD_FAILURE() << "no frame " << i;
      break;
    }
    const v1::LightLayer& light = m->frame().light();
    if (light.codec() != v1::LIGHT_CODEC_VP9) {
      EXPECT_EQ(light.codec(), v1::LIGHT_CODEC_ZSTD_U8);
      ++w.zstd;
      continue;
    }
    if (w.video == 0) {
      w.first_video_after_welcome = Clock::now() - welcomed;
      EXPECT_TRUE(light.key()) << "the first video frame a viewer is sent is a key frame";
      decoder = std::make_unique<stream::VideoLightDecoder>();
    }
    ++w.video;
    w.video_keys += light.key() ? 1 : 0;
    try {
      const stream::DecodedLight picture = decoder->decode(light.data());
      EXPECT_EQ(picture.width, light.width());
      EXPECT_EQ(picture.height, light.height());
      w.lit_pixels = 0;
      for (const std::uint8_t v : picture.intensity) w.lit_pixels += v > 16 ? 1 : 0;
    } catch (const stream::VideoError& e) {
      ++w.decode_errors;
      ADD_FAILURE() << "frame " << m->frame().number() << ": " << e.what();
    }
  }
  return w;
}

TEST(VideoLightE2e, AViewerThatOffersVideoGetsItWithinHalfASecondAndDecodesEveryFrame) {
  const auto server = start_video_server();
  const Watched first = watch_light(server->port(), true, 90);
  EXPECT_EQ(first.decode_errors, 0);
  ASSERT_TRUE(first.first_video_after_welcome);
  EXPECT_LE(*first.first_video_after_welcome, kVideoStartsWithin);
  EXPECT_GE(first.video, 80) << "after the start every frame is video (" << first.zstd << " zstd)";
  EXPECT_GT(first.lit_pixels, 100U) << "the decoded picture shows the swarm's light";
  // A late joiner while the stream runs: a key frame on demand, not at the 10 s interval.
  const Watched late = watch_light(server->port(), true, 30);
  EXPECT_EQ(late.decode_errors, 0);
  ASSERT_TRUE(late.first_video_after_welcome);
  EXPECT_LE(*late.first_video_after_welcome, kVideoStartsWithin);
}

TEST(VideoLightE2e, AViewerThatOffersNoVideoGetsZstdOnly) {
  const auto server = start_video_server();
  const Watched w = watch_light(server->port(), false, 60);
  EXPECT_EQ(w.video, 0);
  EXPECT_EQ(w.zstd, 60);
}

TEST(VideoLightE2e, AServerToldNoVideoSendsZstdToEveryone) {
  const auto server = start_video_server({"--light-video", "off"});
  const Watched w = watch_light(server->port(), true, 60);
  EXPECT_EQ(w.video, 0);
  EXPECT_EQ(w.zstd, 60);
}

}  // namespace
}  // namespace meadow
