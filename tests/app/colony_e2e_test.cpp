// End to end, the colony: a viewer chooses it and gets colony frames; flowers dropped there are
// seen by every colony viewer, the fourth is refused with a notice; the swarm's tools are
// refused there.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

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
using testing::tool_tap;

v1::ClientMessage choose(v1::World world) {
  v1::ClientMessage m;
  m.mutable_choose_world()->set_world(world);
  return m;
}

bool is_colony_frame(const v1::ServerMessage& m) {
  return m.has_frame() && m.frame().world() == v1::WORLD_COLONY;
}

std::string notice_code(WsClient& viewer) {
  const auto m = viewer.wait_for([](const v1::ServerMessage& s) { return s.has_notice(); }, kReplyWait);
  return m ? m->notice().code() : std::string("(no notice)");
}

class ColonyServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    server_ = std::make_unique<ServerProcess>(
        MEADOW_SERVER_BIN, std::vector<std::string>{"--seed", "3", "--swarm-count", "500", "--log-level",
                                                    "warn", "--web-root", MEADOW_TEST_WEB_ROOT});
  }
  void join_colony(WsClient& viewer) {
    viewer.connect("127.0.0.1", server_->port());
    ASSERT_TRUE(viewer.wait_for([](const v1::ServerMessage& s) { return s.has_welcome(); }, kReplyWait));
    viewer.send(choose(v1::WORLD_COLONY));
    ASSERT_TRUE(viewer.wait_for(is_colony_frame, kReplyWait)) << "no colony frame after choosing the colony";
  }
  std::unique_ptr<ServerProcess> server_;
};

TEST_F(ColonyServerTest, ChoosingTheColonyBringsColonyFramesAndBackAgain) {
  WsClient viewer;
  join_colony(viewer);
  const auto frame = viewer.wait_for(is_colony_frame, kReplyWait);
  ASSERT_TRUE(frame);
  const v1::ColonyState& colony = frame->frame().colony();
  EXPECT_GE(colony.size(), 45U);  // 50 at the start, a few seconds old
  EXPECT_EQ(colony.fireflies_size(), static_cast<int>(colony.size()));
  EXPECT_GT(colony.store(), 0.5F);
  EXPECT_FLOAT_EQ(frame->frame().camera().width(), 1600.0F);
  // Only colony frames while it watches the colony.
  for (int i = 0; i < 10; ++i) {
    const auto m = viewer.wait_for([](const v1::ServerMessage& s) { return s.has_frame(); }, kReplyWait);
    ASSERT_TRUE(m);
    EXPECT_EQ(m->frame().world(), v1::WORLD_COLONY);
  }
  viewer.send(choose(v1::WORLD_SWARM));
  const auto swarm = viewer.wait_for(
      [](const v1::ServerMessage& s) { return s.has_frame() && s.frame().world() == v1::WORLD_SWARM; }, kReplyWait);
  ASSERT_TRUE(swarm);
  EXPECT_TRUE(swarm->frame().light().key());  // a key frame after the switch
}

TEST_F(ColonyServerTest, AFlowerDroppedByOneViewerIsSeenByAnotherAndTheFourthIsRefused) {
  // Three viewers drop one each (one viewer may drop two: Colony's per-viewer cap, and a tap
  // cooldown between them), a fourth is told the meadow has enough.
  WsClient droppers[3];
  WsClient b;
  WsClient late;
  for (auto& d : droppers) join_colony(d);
  join_colony(b);
  join_colony(late);
  const float spots[3][2] = {{700.0F, 300.0F}, {1000.0F, 300.0F}, {1300.0F, 500.0F}};
  for (int i = 0; i < 3; ++i) droppers[i].send(tool_tap(v1::TOOL_FLOWER, spots[i][0], spots[i][1]));
  const auto three = b.wait_for(
      [](const v1::ServerMessage& s) { return is_colony_frame(s) && s.frame().colony().flowers_size() == 3; }, kReplyWait);
  ASSERT_TRUE(three) << "another viewer never saw three flowers";
  EXPECT_EQ(three->frame().colony().flowers(0).sips(), 90U);
  late.send(tool_tap(v1::TOOL_FLOWER, 1300.0F, 200.0F));
  EXPECT_EQ(notice_code(late), "flower_limit");
}

TEST_F(ColonyServerTest, TheSwarmsToolsAreRefusedInTheColony) {
  WsClient viewer;
  join_colony(viewer);
  viewer.send(tool_tap(v1::TOOL_ATTRACT, 800.0F, 400.0F));
  EXPECT_EQ(notice_code(viewer), "tool_unavailable");
  // It keeps watching the colony.
  const auto m = viewer.wait_for([](const v1::ServerMessage& s) { return s.has_frame(); }, kReplyWait);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->frame().world(), v1::WORLD_COLONY);
}

}  // namespace
}  // namespace meadow
