// The operator's moderation end to end (docs/gallery.md "Moderation"): what a viewer did lately,
// undoing it, keeping its address out, through meadowctl against a real server.
#include <gtest/gtest.h>
#include <grpcpp/grpcpp.h>

#include <array>
#include <cstdlib>
#include <filesystem>
#include <iterator>
#include <limits>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <sys/wait.h>
#include <thread>

#include "meadow/v1/operator.grpc.pb.h"
#include "launch/server_launch.hpp"
#include "support/server_process.hpp"
#include "support/temp_path.hpp"
#include "support/test_paths.hpp"
#include "support/viewer_messages.hpp"
#include "../operator_fixture.hpp"
#include "ws/ws_client.hpp"

namespace meadow {
namespace {

using namespace std::chrono_literals;
using operator_test::OperatorTest;

// Moderation (docs/gallery.md "Moderation"): what a viewer did lately, in words, by its session;
// keeping its address out closes it with a word saying until when, and refuses it at the door.
TEST_F(OperatorTest, TheOperatorSeesWhatAViewerDidAndKeepsItsAddressOut) {
  client::WsClient viewer;
  viewer.connect("127.0.0.1", server_->port());
  const auto welcome = viewer.wait_for([](const v1::ServerMessage& m) { return m.has_welcome(); }, testing::kReplyWait);
  ASSERT_TRUE(welcome);
  const std::uint64_t session = welcome->welcome().session_id();
  viewer.send(testing::tool_tap(v1::TOOL_ROCK, 612.0F, 333.0F));
  ASSERT_TRUE(viewer.wait_for([](const v1::ServerMessage& m) { return m.has_rocks() && m.rocks().rocks_size() > 0; },
                              testing::kReplyWait));
  // Another visitor's rock, which the undo of the first leaves where it is.
  client::WsClient other;
  other.connect("127.0.0.1", server_->port());
  ASSERT_TRUE(other.wait_for([](const v1::ServerMessage& m) { return m.has_welcome(); }, testing::kReplyWait));
  other.send(testing::tool_tap(v1::TOOL_ROCK, 900.0F, 500.0F));
  ASSERT_TRUE(other.wait_for([](const v1::ServerMessage& m) { return m.has_rocks() && m.rocks().rocks_size() == 2; },
                             testing::kReplyWait));
  std::string out;
  for (int i = 0; i < 50 && out.find("rock tap at (612, 333)") == std::string::npos; ++i) {
    out = meadowctl("actions --session " + std::to_string(session) + " --minutes 5").second;
    if (out.find("rock tap") == std::string::npos) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_NE(out.find("rock tap at (612, 333)"), std::string::npos) << out;
  EXPECT_EQ(meadowctl("actions --address 127.0.0.1").first, 5) << "this machine's viewers go by session";
  // Undo: what the session placed goes, the settings it changed go back.
  v1::ClientMessage school;
  school.mutable_settings()->set_world(v1::WORLD_POND);
  v1::SettingValue& fish = *school.mutable_settings()->add_values();
  fish.set_name("fish");
  fish.set_value(40.0);
  viewer.send(school);
  (void)status_when([](const v1::Status& st) { return figure(st, v1::WORLD_POND, "fish") == 40.0; });
  EXPECT_EQ(meadowctl("undo").first, 2) << "usage: whose";
  EXPECT_EQ(meadowctl("undo --session " + std::to_string(session) + " --minutes 5").first, 0);
  const v1::Status undone = status_when([](const v1::Status& st) {
    return st.rocks() == 1 && figure(st, v1::WORLD_POND, "fish") == 24.0;
  });
  EXPECT_EQ(undone.rocks(), 1U) << "its rock is gone, the other visitor's stays";
  const auto left = other.wait_for([](const v1::ServerMessage& m) { return m.has_rocks() && m.rocks().rocks_size() == 1; },
                                   testing::kReplyWait);
  ASSERT_TRUE(left);
  EXPECT_NEAR(left->rocks().rocks(0).center().x(), 900.0F, 1.0F) << "the other visitor's rock is the one left";
  EXPECT_EQ(figure(undone, v1::WORLD_POND, "fish"), 24.0) << "the school it changed is back";
  EXPECT_NE(meadowctl("actions --minutes 5").second.find("take away"), std::string::npos) << "the undo is itself written down";
  EXPECT_EQ(meadowctl("keep-out nowhere 5").first, 5);
  EXPECT_EQ(meadowctl("keep-out 127.0.0.1 0").first, 2) << "not a while";
  // A short while, to see it end: kept out, then let back in.
  EXPECT_EQ(meadowctl("keep-out 127.0.0.1 3s").first, 0);
  const auto kept_at = std::chrono::steady_clock::now();
  const auto told = viewer.wait_for(
      [](const v1::ServerMessage& m) { return m.has_notice() && m.notice().code() == "kept_out"; }, testing::kReplyWait);
  ASSERT_TRUE(told) << "the viewer was not told";
  EXPECT_NE(told->notice().text().find("until"), std::string::npos) << told->notice().text();
  // At the door: refused with the reason.
  client::WsClient again;
  try {
    again.connect("127.0.0.1", server_->port());
    ADD_FAILURE() << "a kept-out address got in again";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("declined"), std::string::npos) << e.what();
  }
  const std::string metrics = testing::http_request(server_->port(), "GET /metrics HTTP/1.0");
  EXPECT_NE(metrics.find("meadow_refused_total{what=\"viewer\",why=\"kept_out\"} 1"), std::string::npos);
  std::this_thread::sleep_until(kept_at + 3500ms);
  client::WsClient back;
  back.connect("127.0.0.1", server_->port());
  EXPECT_TRUE(back.wait_for([](const v1::ServerMessage& m) { return m.has_welcome(); }, testing::kReplyWait))
      << "let back in once the while is over";
}

}  // namespace
}  // namespace meadow
