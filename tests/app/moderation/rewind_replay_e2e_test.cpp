// The night, from the journal, end to end (docs/gallery.md "Moderation · Rewind" and "Tonight so
// far"): the operator takes the meadow back and a connected viewer sees it; a viewer replays the
// night and comes back to live; the operator limits the replays.
#include <gtest/gtest.h>
#include <grpcpp/grpcpp.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>

#include "../operator_fixture.hpp"
#include "meadow/v1/operator.grpc.pb.h"
#include "support/server_process.hpp"
#include "support/temp_path.hpp"
#include "support/viewer_messages.hpp"
#include "ws/ws_client.hpp"

namespace meadow::rewind_replay_test {
namespace {

using namespace std::chrono_literals;
using operator_test::OperatorTest;

// A replay's frames are numbered from 2⁵² on (app/replay/replay_workers.cpp), the live ones from 1.
constexpr std::uint64_t kReplayNumbers = std::uint64_t{1} << 52U;

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

class NightTest : public OperatorTest {
 protected:
  std::vector<std::string> extra_args() override {
    state_dir_ = testing::unique_temp_path("meadow-night-state");
    std::filesystem::remove_all(state_dir_);
    // A snapshot a second: the journal's clock has a point every second.
    return {"--state-dir", state_dir_, "--snapshot-every", "1"};
  }
  void TearDown() override {
    OperatorTest::TearDown();
    std::filesystem::remove_all(state_dir_);
  }
  static v1::ClientMessage replay(v1::ReplayRequest::Action action, std::int64_t at_ms = 0, std::uint32_t speed = 0) {
    v1::ClientMessage m;
    m.mutable_replay()->set_action(action);
    m.mutable_replay()->set_at_ms(at_ms);
    m.mutable_replay()->set_speed(speed);
    return m;
  }
  std::string state_dir_;
};

TEST_F(NightTest, ARewindTakesTheMeadowBackAndTheViewersAreTold) {
  client::WsClient viewer;
  viewer.connect("127.0.0.1", server_->port());
  const auto welcome = viewer.wait_for([](const v1::ServerMessage& m) { return m.has_welcome(); }, testing::kReplyWait);
  ASSERT_TRUE(welcome);
  EXPECT_TRUE(welcome->welcome().replays()) << "a server that keeps a journal offers replays";
  (void)first_status();
  std::this_thread::sleep_for(1500ms);  // a snapshot or two behind the moment
  const std::int64_t before_the_rock = now_ms();
  std::this_thread::sleep_for(1500ms);
  viewer.send(testing::tool_tap(v1::TOOL_ROCK, 612.0F, 333.0F));
  ASSERT_TRUE(viewer.wait_for([](const v1::ServerMessage& m) { return m.has_rocks() && m.rocks().rocks_size() == 1; },
                              testing::kReplyWait));
  (void)status_when([](const v1::Status& s) { return s.rocks() == 1; });
  std::this_thread::sleep_for(1500ms);  // the rock is in the journal, committed

  grpc::ClientContext c;
  prepare(c);
  c.set_deadline(std::chrono::system_clock::now() + 60s);
  v1::RewindRequest request;
  request.set_to_ms(before_the_rock);
  v1::SnapshotReply reply;
  ASSERT_TRUE(stub_->Rewind(&c, request, &reply).ok());
  ASSERT_TRUE(reply.ok()) << reply.reason();
  EXPECT_NE(reply.said().find("The meadow went back to "), std::string::npos) << reply.said();
  const auto told = viewer.wait_for([](const v1::ServerMessage& m) { return m.has_notice() && m.notice().code() == "rewound"; },
                                    testing::kReplyWait);
  ASSERT_TRUE(told) << "the connected viewer was not told";
  EXPECT_EQ(told->notice().text(), reply.said());
  EXPECT_TRUE(viewer.wait_for([](const v1::ServerMessage& m) { return m.has_rocks() && m.rocks().rocks_size() == 0; },
                              testing::kReplyWait))
      << "the viewer's land lost the rock placed after that moment";
  EXPECT_EQ(status_when([](const v1::Status& s) { return s.rocks() == 0; }).rocks(), 0U);
  // Usage: a moment to come, and one before the journal, are refused with a reason.
  grpc::ClientContext later;
  prepare(later);
  request.set_to_ms(now_ms() + 60'000);
  EXPECT_EQ(stub_->Rewind(&later, request, &reply).error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  grpc::ClientContext long_ago;
  prepare(long_ago);
  request.set_to_ms(now_ms() - 3'600'000);
  ASSERT_TRUE(stub_->Rewind(&long_ago, request, &reply).ok());
  EXPECT_FALSE(reply.ok());
  // The rewind started a new timeline: until its first snapshot the journal keeps nothing of it
  // (a slow build may still be there), then it keeps it from that snapshot on.
  const bool told_why = reply.reason().find("keeps the meadow from") != std::string::npos ||
                        reply.reason().find("keeps nothing of this meadow yet") != std::string::npos;
  EXPECT_TRUE(told_why) << reply.reason();
  auto [code, out] = meadowctl("rewind --minutes 1");
  EXPECT_EQ(code, 1) << "a minute ago is before this meadow's journal: " << out;
}

TEST_F(NightTest, AViewerReplaysTheNightAndComesBackToLive) {
  (void)first_status();
  std::this_thread::sleep_for(4s);  // some night to replay
  client::WsClient viewer;
  viewer.connect("127.0.0.1", server_->port());
  ASSERT_TRUE(viewer.wait_for([](const v1::ServerMessage& m) { return m.has_welcome(); }, testing::kReplyWait));
  const auto live_frame = viewer.wait_for([](const v1::ServerMessage& m) { return m.has_frame(); }, testing::kReplyWait);
  ASSERT_TRUE(live_frame);
  const std::uint64_t live_tick = live_frame->frame().tick();

  // From the start at real time: the replay's frames show the past, numbered apart.
  viewer.send(replay(v1::ReplayRequest::ACTION_START, 0, 1));
  const auto playing = viewer.wait_for([](const v1::ServerMessage& m) { return m.has_replay(); }, testing::kReplyWait);
  ASSERT_TRUE(playing);
  ASSERT_TRUE(playing->replay().playing()) << playing->replay().reason();
  EXPECT_LT(playing->replay().start_ms(), playing->replay().end_ms());
  const auto past = viewer.wait_for([](const v1::ServerMessage& m) { return m.has_frame() && m.frame().number() >= kReplayNumbers; },
                                    testing::kReplyWait);
  ASSERT_TRUE(past) << "no frame of the replay";
  EXPECT_LT(past->frame().tick(), live_tick) << "the replay shows the past";
  // Actions are refused while it plays.
  viewer.send(testing::tool_tap(v1::TOOL_ROCK, 612.0F, 333.0F));
  ASSERT_TRUE(viewer.wait_for([](const v1::ServerMessage& m) { return m.has_notice() && m.notice().code() == "replaying"; },
                              testing::kReplyWait));
  // Back to live: told, and the live frames again.
  viewer.send(replay(v1::ReplayRequest::ACTION_STOP));
  const auto stopped = viewer.wait_for([](const v1::ServerMessage& m) { return m.has_replay() && !m.replay().playing(); },
                                       testing::kReplyWait);
  ASSERT_TRUE(stopped);
  EXPECT_TRUE(viewer.wait_for([&](const v1::ServerMessage& m) { return m.has_frame() && m.frame().number() < kReplayNumbers && m.frame().tick() > live_tick; },
                              testing::kReplyWait))
      << "no live frame after the replay";

  // At 60× the few seconds kept are caught up with at once: the server ends the replay itself. A
  // replay runs at SCHED_IDLE, after everything else on the machine: a sanitizer build on a busy
  // machine gets it little time, so the wait is long.
  viewer.send(replay(v1::ReplayRequest::ACTION_START, 0, 60));
  const auto caught_up = viewer.wait_for([](const v1::ServerMessage& m) { return m.has_replay() && !m.replay().playing(); },
                                         std::chrono::seconds(120));
  ASSERT_TRUE(caught_up);
  EXPECT_NE(caught_up->replay().reason().find("caught up"), std::string::npos) << caught_up->replay().reason();
  EXPECT_TRUE(viewer.wait_for([](const v1::ServerMessage& m) { return m.has_frame() && m.frame().number() < kReplayNumbers; },
                              testing::kReplyWait));
}

TEST_F(NightTest, TheOperatorLimitsTheReplays) {
  (void)first_status();
  EXPECT_NE(meadowctl("replays").second.find("0 replays of the night running, at most 4"), std::string::npos);
  EXPECT_EQ(meadowctl("replays 0").first, 0);
  EXPECT_EQ(meadowctl("replays 65").first, 2) << "above the ceiling";
  client::WsClient viewer;
  viewer.connect("127.0.0.1", server_->port());
  viewer.send(replay(v1::ReplayRequest::ACTION_START));
  const auto refused = viewer.wait_for([](const v1::ServerMessage& m) { return m.has_replay(); }, testing::kReplyWait);
  ASSERT_TRUE(refused);
  EXPECT_FALSE(refused->replay().playing());
  EXPECT_NE(refused->replay().reason().find("turned off"), std::string::npos) << refused->replay().reason();
  EXPECT_EQ(status().replays().refused(), 1U);
  // Actions go on: a refused replay left the viewer live.
  viewer.send(testing::tool_tap(v1::TOOL_ROCK, 612.0F, 333.0F));
  EXPECT_TRUE(viewer.wait_for([](const v1::ServerMessage& m) { return m.has_rocks() && m.rocks().rocks_size() == 1; },
                              testing::kReplyWait));
}

// A keep-out is written down with the saved state: a restart does not let the address in again.
TEST_F(NightTest, AnAddressKeptOutStaysOutAcrossARestart) {
  (void)first_status();
  EXPECT_EQ(meadowctl("keep-out 127.0.0.1 10m").first, 0);
  restart();
  (void)first_status();
  client::WsClient again;
  try {
    again.connect("127.0.0.1", server_->port());
    ADD_FAILURE() << "a kept-out address got in after a restart";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("declined"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace meadow::rewind_replay_test
