#include "net/viewer_input.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace meadow::net {
namespace {

using Clock = std::chrono::steady_clock;

class FakePort final : public ViewerPort {
 public:
  [[nodiscard]] sim::WorldKind watched_world() const override { return world; }
  void watch_world(sim::WorldKind w) override {
    world = w;
    ++switches;
  }
  void take_video(bool offered) override { video = offered; }
  void send_to_viewer(SharedBytes message) override {
    v1::ServerMessage m;
    ASSERT_TRUE(m.ParseFromString(*message));
    sent.push_back(m);
  }
  bool video = false;
  std::vector<std::string> notice_codes() const {
    std::vector<std::string> out;
    for (const auto& m : sent) {
      if (m.has_notice()) out.push_back(m.notice().code());
    }
    return out;
  }
  sim::WorldKind world = sim::WorldKind::swarm;
  int switches = 0;
  std::vector<v1::ServerMessage> sent;
};

class ViewerInputTest : public ::testing::Test {
 protected:
  ViewerInputTest() : actions(2), context{hub, actions, metrics, admission, SessionLimits{}, ServerFacts{}, {}} {
    hub.update_land(std::make_shared<const sim::Land>(), nullptr);
  }
  static std::string rock_at(float x, float y) {
    v1::ClientMessage m;
    m.mutable_tool()->set_tool(v1::TOOL_ROCK);
    m.mutable_tool()->set_phase(v1::ToolAction::PHASE_TAP);
    m.mutable_tool()->mutable_position()->set_x(x);
    m.mutable_tool()->mutable_position()->set_y(y);
    return m.SerializeAsString();
  }
  Hub hub;
  stream::ActionQueue actions;
  Metrics metrics;
  Admission admission{AdmissionLimits{}};
  SessionContext context;
  FakePort port;
};

TEST_F(ViewerInputTest, QueuesAValidActionStampedWithTheSessionAndItsWorld) {
  ViewerInput input(context, 7);
  port.world = sim::WorldKind::colony;
  EXPECT_EQ(input.handle(rock_at(400, 300), port, Clock::now()).result, InputResult::kDone);
  std::vector<stream::QueuedAction> queued;
  actions.drain(queued);
  ASSERT_EQ(queued.size(), 1U);
  EXPECT_EQ(queued[0].action.origin, 7U);
  EXPECT_EQ(queued[0].action.world, sim::WorldKind::colony);
  EXPECT_TRUE(port.sent.empty());
  EXPECT_EQ(metrics.received_messages_total.load(), 1U);
}

TEST_F(ViewerInputTest, ExplainsARejectionAndABusyQueue) {
  ViewerInput input(context, 7);
  const auto bad = input.handle(rock_at(std::numeric_limits<float>::quiet_NaN(), 1), port, Clock::now());
  EXPECT_EQ(bad.result, InputResult::kRejected);
  EXPECT_FALSE(bad.code.empty());
  EXPECT_EQ(input.handle("\xff\xff garbage", port, Clock::now()).result, InputResult::kRejected);
  // The queue holds two: the third action finds it full.
  EXPECT_EQ(input.handle(rock_at(400, 300), port, Clock::now()).result, InputResult::kDone);
  EXPECT_EQ(input.handle(rock_at(500, 300), port, Clock::now()).result, InputResult::kDone);
  EXPECT_EQ(input.handle(rock_at(600, 300), port, Clock::now()).result, InputResult::kBusy);
  const auto codes = port.notice_codes();
  ASSERT_EQ(codes.size(), 3U);
  EXPECT_EQ(codes[0], bad.code);
  EXPECT_EQ(codes[2], "busy");
  EXPECT_EQ(metrics.rejected_messages_total.load(), 3U);
}

TEST_F(ViewerInputTest, ChoosesAWorldOnceAndAnswersAPing) {
  ViewerInput input(context, 7);
  v1::ClientMessage choose;
  choose.mutable_choose_world()->set_world(v1::WORLD_COLONY);
  EXPECT_EQ(input.handle(choose.SerializeAsString(), port, Clock::now()).result, InputResult::kDone);
  EXPECT_EQ(input.handle(choose.SerializeAsString(), port, Clock::now()).result, InputResult::kDone);
  EXPECT_EQ(port.world, sim::WorldKind::colony);
  EXPECT_EQ(port.switches, 1);  // choosing the world one watches changes nothing
  choose.mutable_choose_world()->set_world(v1::WORLD_MOLD);
  (void)input.handle(choose.SerializeAsString(), port, Clock::now());
  EXPECT_EQ(port.world, sim::WorldKind::colony);
  EXPECT_EQ(port.notice_codes(), std::vector<std::string>{"world_unavailable"});
  v1::ClientMessage ping;
  ping.mutable_ping()->set_client_time_ms(1234);
  (void)input.handle(ping.SerializeAsString(), port, Clock::now());
  ASSERT_TRUE(port.sent.back().has_pong());
  EXPECT_EQ(port.sent.back().pong().client_time_ms(), 1234U);
}

TEST_F(ViewerInputTest, RateLimitsWithAtMostOneNoticeASecond) {
  ViewerInput input(context, 7);
  v1::ClientMessage ping;
  ping.mutable_ping()->set_client_time_ms(1);
  const std::string bytes = ping.SerializeAsString();
  const auto t0 = Clock::now();
  int limited = 0;
  for (int i = 0; i < 300; ++i) {  // far over the burst, all in the same instant
    if (input.handle(bytes, port, t0).result == InputResult::kRateLimited) ++limited;
  }
  EXPECT_EQ(limited, 300 - static_cast<int>(SessionLimits{}.message_burst));
  EXPECT_EQ(port.notice_codes(), std::vector<std::string>{"rate_limited"});
  // A text frame the transport refused counts against the same bucket.
  EXPECT_EQ(input.refuse(port, "binary_only", "text", t0).result, InputResult::kRateLimited);
  // A second later the bucket has refilled a little and the next flood gets one more notice.
  const auto t1 = t0 + std::chrono::milliseconds(1100);
  EXPECT_EQ(input.handle(bytes, port, t1).result, InputResult::kDone);
  for (int i = 0; i < 200; ++i) (void)input.handle(bytes, port, t1);
  EXPECT_EQ(port.notice_codes(), (std::vector<std::string>{"rate_limited", "rate_limited"}));
}

}  // namespace
}  // namespace meadow::net
