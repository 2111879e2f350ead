// The wall's caretaker in the real server (docs/gallery.md "The caretaker"), its waits made short
// by its flags and its config file: a visitor's rock fades once its visitor has gone, /metrics
// counts the decision and shows each rule on or off, and the rules read from a --config file.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <cmath>
#include <fstream>
#include <regex>
#include <string>
#include <thread>

#include "support/server_process.hpp"
#include "support/temp_path.hpp"
#include "support/test_paths.hpp"
#include "support/viewer_messages.hpp"
#include "ws/ws_client.hpp"

namespace meadow {
namespace caretaker_e2e_test {

using namespace std::chrono_literals;
using client::WsClient;
using testing::kReplyWait;

bool has_rock_at(const google::protobuf::RepeatedPtrField<v1::Rock>& rocks, float x, float y) {
  for (const v1::Rock& r : rocks) {
    if (std::hypot(r.center().x() - x, r.center().y() - y) < 1.0F) return true;
  }
  return false;
}

// The first value of `name{labels}` in the server's /metrics, or -1.
double metric(std::uint16_t port, const std::string& series) {
  const std::string text = testing::http_request(port, "GET /metrics HTTP/1.0");
  const auto at = text.find("\n" + series + " ");
  if (at == std::string::npos) return -1.0;
  return std::stod(text.substr(at + series.size() + 2));
}

TEST(CaretakerEndToEnd, AVisitorsRockFadesAfterItsVisitorLeftAndIsCounted) {
  // A quarter of a second's wait for rocks from the config file; the other rules off by flags.
  const std::string config = testing::unique_temp_path("caretaker-config") + ".toml";
  {
    std::ofstream out(config);
    out << "# a gallery's caretaker, in a hurry\ncare-rock-minutes = 0.004\n";
  }
  testing::ServerProcess server(MEADOW_SERVER_BIN, {"--config", config, "--care-drift-minutes", "0",
                                                    "--care-revive-minutes", "0", "--swarm-count", "300",
                                                    "--log-level", "warn", "--web-root", MEADOW_TEST_WEB_ROOT});
  {
    WsClient visitor;
    visitor.connect("127.0.0.1", server.port());
    ASSERT_TRUE(visitor.wait_for([](const v1::ServerMessage& m) { return m.has_welcome(); }, kReplyWait));
    visitor.send(testing::tool_tap(v1::TOOL_ROCK, 500.0F, 500.0F));
    ASSERT_TRUE(visitor.wait_for(
        [](const v1::ServerMessage& m) { return m.has_rocks() && has_rock_at(m.rocks().rocks(), 500.0F, 500.0F); },
        kReplyWait))
        << "the visitor's rock was never placed";
    EXPECT_EQ(metric(server.port(), "meadow_caretaker_decisions_total{rule=\"rocks\"}"), 0.0);
    visitor.close();
  }
  WsClient watcher;
  watcher.connect("127.0.0.1", server.port());
  const auto welcome = watcher.wait_for([](const v1::ServerMessage& m) { return m.has_welcome(); }, kReplyWait);
  ASSERT_TRUE(welcome);
  // The rock goes a little after its visitor: in the welcome already on a slow machine, or soon after.
  if (has_rock_at(welcome->welcome().rocks(), 500.0F, 500.0F)) {
    EXPECT_TRUE(watcher.wait_for(
        [](const v1::ServerMessage& m) { return m.has_rocks() && !has_rock_at(m.rocks().rocks(), 500.0F, 500.0F); },
        20s))
        << "the rock outlived its visitor";
  }
  double faded = 0.0;
  for (int i = 0; i < 50 && faded < 1.0; ++i, std::this_thread::sleep_for(100ms)) {
    faded = metric(server.port(), "meadow_caretaker_decisions_total{rule=\"rocks\"}");
  }
  EXPECT_EQ(faded, 1.0);
  EXPECT_EQ(metric(server.port(), "meadow_caretaker_rule_on{rule=\"drift\"}"), 0.0) << "off by its flag";
  EXPECT_EQ(metric(server.port(), "meadow_caretaker_rule_on{rule=\"rocks\"}"), 1.0);
  EXPECT_EQ(metric(server.port(), "meadow_open"), 1.0);
  watcher.close();
}

// Outside its hours the wall rests from the start, and a viewer who joins later is told when it
// opens (the standing notice), with frames of a meadow standing still.
TEST(CaretakerEndToEnd, AViewerJoiningWhileTheWallRestsIsToldWhenItOpens) {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  const int opens = (local.tm_hour * 60 + local.tm_min + 120) % (24 * 60);
  const int closes = (opens + 60) % (24 * 60);
  char hours[16];
  std::snprintf(hours, sizeof hours, "%02d:%02d-%02d:%02d", opens / 60, opens % 60, closes / 60, closes % 60);
  testing::ServerProcess server(MEADOW_SERVER_BIN, {"--open-hours", hours, "--swarm-count", "300", "--log-level", "warn",
                                                    "--web-root", MEADOW_TEST_WEB_ROOT});
  // The caretaker looks once a second: wait for the meadow to rest, then join.
  for (int i = 0; i < 100 && metric(server.port(), "meadow_open") != 0.0; ++i) std::this_thread::sleep_for(100ms);
  ASSERT_EQ(metric(server.port(), "meadow_open"), 0.0) << "the wall never rested";
  WsClient viewer;
  viewer.connect("127.0.0.1", server.port());
  const auto told = viewer.wait_for(
      [](const v1::ServerMessage& m) { return m.has_notice() && m.notice().code() == "caretaker"; }, kReplyWait);
  ASSERT_TRUE(told) << "a viewer joining while the wall rests was not told";
  EXPECT_NE(told->notice().text().find(std::string("opens again at ") + std::string(hours, 5)), std::string::npos)
      << told->notice().text();
  EXPECT_TRUE(viewer.wait_for([](const v1::ServerMessage& m) { return m.has_frame() && m.frame().paused(); }, kReplyWait))
      << "its frames show the meadow standing still";
  viewer.close();
}

}  // namespace caretaker_e2e_test
}  // namespace meadow
