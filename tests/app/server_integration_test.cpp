// End to end: the real meadow-server on a free loopback port, with viewers written in C++.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <thread>
#include <vector>

#include "stream/frame_codec.hpp"
#include "support/server_process.hpp"
#include "support/test_paths.hpp"
#include "support/viewer_messages.hpp"
#include "ws/ws_client.hpp"

namespace meadow {
namespace {

using namespace std::chrono_literals;
using client::WsClient;
using testing::ServerProcess;

using testing::kReplyWait;

std::unique_ptr<ServerProcess> start_server(std::vector<std::string> extra = {}) {
  std::vector<std::string> args{"--seed", "7", "--swarm-count", "800", "--log-level", "warn",
                                "--web-root", MEADOW_TEST_WEB_ROOT};
  args.insert(args.end(), extra.begin(), extra.end());
  return std::make_unique<ServerProcess>(MEADOW_SERVER_BIN, args);
}

v1::ClientMessage rock_tap(float x, float y) { return testing::tool_tap(v1::TOOL_ROCK, x, y); }

v1::ServerMessage welcome_of(WsClient& viewer) {
  auto m = viewer.wait_for([](const v1::ServerMessage& s) { return s.has_welcome(); }, kReplyWait);
  EXPECT_TRUE(m.has_value()) << "no Welcome";
  return m.value_or(v1::ServerMessage{});
}

bool has_rock_near(const v1::Rocks& rocks, float x, float y) {
  for (const auto& r : rocks.rocks()) {
    if (std::hypot(r.center().x() - x, r.center().y() - y) < 1.0F) return true;
  }
  return false;
}

class ServerTest : public ::testing::Test {
 protected:
  void SetUp() override { server_ = start_server(); }
  std::unique_ptr<ServerProcess> server_;
};

TEST_F(ServerTest, WelcomeDescribesTheMeadow) {
  WsClient viewer;
  viewer.connect("127.0.0.1", server_->port());
  const auto w = welcome_of(viewer).welcome();
  EXPECT_EQ(w.protocol_version(), v1::PROTOCOL_VERSION_CURRENT);
  EXPECT_FLOAT_EQ(w.meadow().width(), 1600.0F);
  EXPECT_FLOAT_EQ(w.meadow().height(), 900.0F);
  EXPECT_FLOAT_EQ(w.frame_rate(), 30.0F);
  EXPECT_FLOAT_EQ(w.tick_rate(), 60.0F);
  EXPECT_EQ(w.world(), v1::WORLD_SWARM);
  EXPECT_GT(w.session_id(), 0U);
  EXPECT_EQ(w.public_url(), "") << "none given: the wall shows its own address";
}

// The address phones join by reaches every viewer's Welcome (the kiosk's QR code); none by default.
TEST(ServerWelcome, CarriesThePublicAddressWhenGiven) {
  auto server = start_server({"--public-url", "https://meadow.example.org/"});
  WsClient viewer;
  viewer.connect("127.0.0.1", server->port());
  EXPECT_EQ(welcome_of(viewer).welcome().public_url(), "https://meadow.example.org/");
}

// A gallery's wall starts on its world: every viewer's first, w going round from it.
TEST(ServerWelcome, StartsEveryViewerInTheFirstWorldGiven) {
  auto server = start_server({"--first-world", "pond"});
  WsClient viewer;
  viewer.connect("127.0.0.1", server->port());
  const v1::Welcome w = welcome_of(viewer).welcome();
  EXPECT_EQ(w.world(), v1::WORLD_POND);
  ASSERT_GE(w.worlds_size(), 2);
  EXPECT_EQ(w.worlds(0), v1::WORLD_POND);
  EXPECT_EQ(w.worlds(1), v1::WORLD_PLATE) << "w goes on in the same order";
  EXPECT_TRUE(viewer.wait_for([](const v1::ServerMessage& m) { return m.has_frame() && m.frame().has_pond(); }, kReplyWait));
}

TEST_F(ServerTest, RockPlacedByOneViewerReachesTheOther) {
  WsClient a;
  WsClient b;
  a.connect("127.0.0.1", server_->port());
  b.connect("127.0.0.1", server_->port());
  welcome_of(a);
  welcome_of(b);

  a.send(rock_tap(400.0F, 300.0F));
  const auto seen = b.wait_for(
      [](const v1::ServerMessage& m) { return m.has_rocks() && has_rock_near(m.rocks(), 400, 300); }, kReplyWait);
  ASSERT_TRUE(seen.has_value()) << "viewer B never saw viewer A's rock";

  // A tap on the rock removes it, for everyone, whoever taps (a's own next tap would meet its
  // cooldown, viewer_limits::kTapCooldownTicks).
  b.send(rock_tap(405.0F, 303.0F));
  const auto gone = a.wait_for(
      [](const v1::ServerMessage& m) { return m.has_rocks() && !has_rock_near(m.rocks(), 400, 300); }, kReplyWait);
  ASSERT_TRUE(gone.has_value()) << "viewer A never saw the rock removed";

  // A newcomer is welcomed with the rocks there are now.
  WsClient c;
  c.connect("127.0.0.1", server_->port());
  welcome_of(c);
  c.send(rock_tap(1200.0F, 600.0F));
  ASSERT_TRUE(c.wait_for([](const v1::ServerMessage& m) {
                 return m.has_rocks() && has_rock_near(m.rocks(), 1200, 600);
               }, kReplyWait));
  WsClient d;
  d.connect("127.0.0.1", server_->port());
  const auto w = welcome_of(d).welcome();
  v1::Rocks rocks;
  *rocks.mutable_rocks() = w.rocks();
  EXPECT_TRUE(has_rock_near(rocks, 1200, 600));
}

TEST_F(ServerTest, MalformedMessageGetsANoticeAndTheSessionCarriesOn) {
  WsClient viewer;
  viewer.connect("127.0.0.1", server_->port());
  welcome_of(viewer);

  viewer.send_raw(std::string("\xff\xff\xff\xff garbage", 12));
  const auto notice = viewer.wait_for([](const v1::ServerMessage& m) { return m.has_notice(); }, kReplyWait);
  ASSERT_TRUE(notice.has_value());
  EXPECT_EQ(notice->notice().code(), "malformed_message");
  EXPECT_FALSE(notice->notice().text().empty());

  // Out-of-world and non-finite input are refused with their own codes.
  viewer.send(rock_tap(-50.0F, 100.0F));
  const auto outside = viewer.wait_for([](const v1::ServerMessage& m) { return m.has_notice(); }, kReplyWait);
  ASSERT_TRUE(outside.has_value());
  EXPECT_EQ(outside->notice().code(), "outside_world");
  viewer.send(rock_tap(std::nanf(""), 100.0F));
  const auto nan = viewer.wait_for([](const v1::ServerMessage& m) { return m.has_notice(); }, kReplyWait);
  ASSERT_TRUE(nan.has_value());
  EXPECT_EQ(nan->notice().code(), "not_finite");

  // The same session still works: a ping is answered.
  v1::ClientMessage ping;
  ping.mutable_ping()->set_client_time_ms(12345);
  viewer.send(ping);
  const auto pong = viewer.wait_for([](const v1::ServerMessage& m) { return m.has_pong(); }, kReplyWait);
  ASSERT_TRUE(pong.has_value());
  EXPECT_EQ(pong->pong().client_time_ms(), 12345U);
  EXPECT_FALSE(viewer.close_info().closed);

  // And the server still takes new viewers.
  WsClient other;
  other.connect("127.0.0.1", server_->port());
  welcome_of(other);
}

TEST_F(ServerTest, FramesDecodeAsKeyThenDeltas) {
  WsClient viewer;
  viewer.connect("127.0.0.1", server_->port());
  welcome_of(viewer);
  stream::FrameDecoder decoder;
  std::vector<std::uint8_t> raster;
  std::vector<std::uint8_t> next;
  std::uint64_t last_number = 0;
  int keys = 0;
  int deltas = 0;
  std::uint64_t lit_pixels = 0;
  for (int i = 0; i < 20; ++i) {
    const auto m = viewer.wait_for([](const v1::ServerMessage& s) { return s.has_frame(); }, kReplyWait);
    ASSERT_TRUE(m.has_value()) << "frame " << i << " never came";
    const auto& frame = m->frame();
    const auto& light = frame.light();
    EXPECT_EQ(frame.world(), v1::WORLD_SWARM);
    EXPECT_EQ(frame.swarm().count(), 800U);
    EXPECT_GT(frame.number(), last_number);
    // The planes (intensity, heat) stacked: rows of `width` bytes.
    const std::size_t row_bytes = light.width();
    const std::size_t rows = std::size_t{light.height()} * light.channels();
    if (light.key()) {
      decoder.decode_key(light.data(), row_bytes, rows, raster);
      ++keys;
    } else {
      ASSERT_EQ(light.base_frame(), last_number) << "a delta must build on the frame sent before";
      decoder.decode_delta(light.data(), raster, row_bytes, next);
      raster.swap(next);
      ++deltas;
    }
    ASSERT_EQ(raster.size(), row_bytes * rows);
    lit_pixels = 0;
    const std::size_t plane = row_bytes * light.height();  // the intensity plane
    for (std::size_t p = 0; p < plane; ++p) lit_pixels += raster[p] > 0 ? 1 : 0;
    last_number = frame.number();
  }
  EXPECT_GE(keys, 1);
  EXPECT_GE(deltas, 1) << "a session that keeps up should get deltas";
  EXPECT_GT(lit_pixels, 100U) << "800 fireflies should light the raster";
}

TEST_F(ServerTest, HealthMetricsAndStaticFiles) {
  const auto health = testing::http_request(server_->port(), "GET /healthz HTTP/1.0");
  EXPECT_NE(health.find("200 OK"), std::string::npos);
  // The engine's line comes with the first status the sim thread publishes (its first frame).
  std::string metrics;
  for (int i = 0; i < 50; ++i) {
    metrics = testing::http_request(server_->port(), "GET /metrics HTTP/1.0");
    if (metrics.find("meadow_engine_info") != std::string::npos) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  for (const char* series : {"meadow_ticks_total", "meadow_step_seconds_bucket{world=\"swarm\"",
                             "meadow_step_seconds_bucket{world=\"colony\"",
                             "meadow_frames_total", "meadow_sent_bytes_total", "meadow_sessions",
                             "meadow_tick_seconds_bucket", "meadow_tick_p99_seconds ", "process_resident_memory_bytes ",
                             "meadow_engine_info{world=\"swarm\",engine=\"cpu\"} 1"}) {
    EXPECT_NE(metrics.find(series), std::string::npos) << series;
  }
  const auto index = testing::http_request(server_->port(), "GET / HTTP/1.0");
  EXPECT_NE(index.find("200 OK"), std::string::npos);
  EXPECT_NE(index.find("text/html"), std::string::npos);
  for (const char* evil : {"GET /../../../../etc/passwd HTTP/1.0", "GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.0",
                           "GET /..%2f..%2fetc/passwd HTTP/1.0", "GET /.secret HTTP/1.0"}) {
    const auto res = testing::http_request(server_->port(), evil);
    EXPECT_NE(res.find("404"), std::string::npos) << evil;
    EXPECT_EQ(res.find("root:"), std::string::npos) << evil;
  }
}

TEST(ServerShutdown, SigtermClosesViewersAndExitsCleanly) {
  auto server = start_server();
  WsClient viewer;
  viewer.connect("127.0.0.1", server->port());
  welcome_of(viewer);
  EXPECT_EQ(server->stop(), 0);
  for (int i = 0; i < 100 && !viewer.close_info().closed; ++i) std::this_thread::sleep_for(20ms);
  const auto info = viewer.close_info();
  EXPECT_TRUE(info.closed);
  EXPECT_EQ(info.code, 1001) << "going away";
}

}  // namespace
}  // namespace meadow
