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
  void take_trails(bool on) override { trails = on; }
  void send_to_viewer(SharedBytes message) override {
    v1::ServerMessage m;
    ASSERT_TRUE(m.ParseFromString(*message));
    sent.push_back(m);
  }
  // Answers later go to `later` (their thread is the test's to choose).
  std::function<void(SharedBytes)> later_sender() override {
    return [this](SharedBytes message) { later.push_back(std::move(message)); };
  }
  void replay(const stream::ReplayCommand& command) override {
    replays.push_back(command);
    if (command.kind == stream::ReplayCommand::Kind::start) playing = true;
    if (command.kind == stream::ReplayCommand::Kind::stop) playing = false;
  }
  [[nodiscard]] bool replaying() const override { return playing; }
  bool video = false;
  bool trails = false;
  bool playing = false;
  std::vector<stream::ReplayCommand> replays;
  std::vector<SharedBytes> later;
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
  ViewerInputTest() : actions(2), context{hub, actions, metrics, admission, SessionLimits{}, two_worlds(), {}} {
    hub.update_land(std::make_shared<const sim::Land>(), nullptr);
  }
  // A server that runs the swarm and the colony (not the mold).
  static ServerFacts two_worlds() {
    ServerFacts facts;
    facts.worlds = {sim::WorldKind::swarm, sim::WorldKind::colony};
    return facts;
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

// Choosing a world, a Hello's codecs and watching trails each change what the server does for the
// session: a few a second per session (message_prices.hpp), whatever the general rate.
TEST_F(ViewerInputTest, MessagesThatChangeTheSessionAreHeldToAFewASecond) {
  ViewerInput input(context, 7);
  v1::ClientMessage choose;
  const auto t0 = Clock::now();
  int done = 0;
  for (int i = 0; i < 20; ++i) {
    choose.mutable_choose_world()->set_world(i % 2 == 0 ? v1::WORLD_COLONY : v1::WORLD_SWARM);
    if (input.handle(choose.SerializeAsString(), port, t0).result == InputResult::kDone) ++done;
  }
  const MessagePrice* price = message_price(v1::ClientMessage::kChooseWorldFieldNumber);
  ASSERT_NE(price, nullptr);
  EXPECT_EQ(done, static_cast<int>(price->burst));
  EXPECT_EQ(port.switches, static_cast<int>(price->burst));
  EXPECT_EQ(port.notice_codes(), std::vector<std::string>{"too_fast"}) << "one notice for the flood";
  // A second later, as many more as its rate lets through.
  ASSERT_TRUE(price->per_second.has_value());
  choose.mutable_choose_world()->set_world(v1::WORLD_COLONY);
  int later = 0;
  for (int i = 0; i < 20; ++i) {
    if (input.handle(choose.SerializeAsString(), port, t0 + std::chrono::seconds(1)).result == InputResult::kDone) ++later;
  }
  EXPECT_EQ(later, static_cast<int>(*price->per_second));

  v1::ClientMessage hello;
  hello.mutable_hello()->set_protocol_version(v1::PROTOCOL_VERSION_CURRENT);
  hello.mutable_hello()->add_light_codecs(v1::LIGHT_CODEC_VP9);
  int hellos = 0;
  for (int i = 0; i < 20; ++i) {
    if (input.handle(hello.SerializeAsString(), port, t0).result == InputResult::kDone) ++hellos;
  }
  EXPECT_EQ(hellos, static_cast<int>(message_price(v1::ClientMessage::kHelloFieldNumber)->burst));
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

// A trails control that answers when the test says so.
class HeldTrails final : public TrailsControl {
 public:
  void record(sim::TrailSlot slot, sim::TrailPlan plan, std::function<void(const TrailsAnswer&)> done) override {
    slots.push_back(slot);
    asked.push_back(plan);
    pending = std::move(done);
  }
  std::vector<sim::TrailSlot> slots;
  std::vector<sim::TrailPlan> asked;
  std::function<void(const TrailsAnswer&)> pending;
};

v1::ServerMessage parsed(const SharedBytes& bytes) {
  v1::ServerMessage m;
  EXPECT_TRUE(m.ParseFromString(*bytes));
  return m;
}

TEST_F(ViewerInputTest, WatchesTrailsOnAndOff) {
  ViewerInput input(context, 7);
  v1::ClientMessage watch;
  watch.mutable_watch_trails()->set_on(true);
  EXPECT_EQ(input.handle(watch.SerializeAsString(), port, Clock::now()).result, InputResult::kDone);
  EXPECT_TRUE(port.trails);
  watch.mutable_watch_trails()->set_on(false);
  (void)input.handle(watch.SerializeAsString(), port, Clock::now());
  EXPECT_FALSE(port.trails);
}

// The night replayed (docs/gallery.md "Tonight so far"): the request reaches the session checked,
// and while the viewer watches the past its actions are refused, said why.
TEST_F(ViewerInputTest, AReplayIsHandedToTheSessionAndHoldsBackActions) {
  ViewerInput input(context, 7);
  v1::ClientMessage start;
  start.mutable_replay()->set_action(v1::ReplayRequest::ACTION_START);
  start.mutable_replay()->set_at_ms(1'700'000'000'000);
  EXPECT_EQ(input.handle(start.SerializeAsString(), port, Clock::now()).result, InputResult::kDone);
  ASSERT_EQ(port.replays.size(), 1U);
  EXPECT_EQ(port.replays[0].at_ms, 1'700'000'000'000);
  EXPECT_EQ(port.replays[0].speed, stream::kMostReplaySpeed) << "speed 0: the fastest";
  const InputOutcome refused = input.handle(rock_at(10.0F, 10.0F), port, Clock::now());
  EXPECT_EQ(refused.code, "replaying");
  std::vector<stream::QueuedAction> queued;
  actions.drain(queued);
  EXPECT_TRUE(queued.empty()) << "no action from a viewer who watches the past";
  v1::ClientMessage too_fast = start;
  too_fast.mutable_replay()->set_speed(61);
  EXPECT_EQ(input.handle(too_fast.SerializeAsString(), port, Clock::now()).code, "out_of_range");
  v1::ClientMessage no_action;
  no_action.mutable_replay()->set_at_ms(5);
  EXPECT_EQ(input.handle(no_action.SerializeAsString(), port, Clock::now()).code, "unknown_value");
  v1::ClientMessage stop;
  stop.mutable_replay()->set_action(v1::ReplayRequest::ACTION_STOP);
  (void)input.handle(stop.SerializeAsString(), port, Clock::now());
  EXPECT_EQ(input.handle(rock_at(10.0F, 10.0F), port, Clock::now()).result, InputResult::kDone) << "live again";
}

TEST_F(ViewerInputTest, RecordsTrailsOneAtATimeAndAnswersLater) {
  HeldTrails trails;
  context.trails = &trails;
  ViewerInput input(context, 7);
  v1::ClientMessage record;
  record.mutable_record_trails()->set_count(12);
  const auto t0 = Clock::now();
  EXPECT_EQ(input.handle(record.SerializeAsString(), port, t0).result, InputResult::kDone);
  ASSERT_EQ(trails.asked.size(), 1U);
  EXPECT_EQ(trails.slots[0], sim::TrailSlot::viewers) << "a viewer's recording is in the viewers' slot";
  EXPECT_EQ(trails.asked[0].count, 12U);
  EXPECT_EQ(trails.asked[0].steps, sim::kTrailDefaultSteps);
  // A second ask while the first records is refused, not queued.
  EXPECT_EQ(input.handle(record.SerializeAsString(), port, t0 + std::chrono::seconds(2)).code, "trails_busy");
  EXPECT_EQ(trails.asked.size(), 1U);

  TrailsAnswer answer{true, {}, {sim::Trail{5, {1.0F, 0.5F, 0.0F}, {{{1.0F, 2.0F}, {3.0F, 4.0F}}}}},
                      trails.asked[0], {0.0F, 0.0F, 1600.0F, 900.0F}, 99};
  trails.pending(answer);
  ASSERT_EQ(port.later.size(), 1U);
  const v1::ServerMessage m = parsed(port.later[0]);
  ASSERT_TRUE(m.has_trails());
  ASSERT_EQ(m.trails().trails_size(), 1);
  EXPECT_EQ(m.trails().trails(0).id(), 5U);
  EXPECT_EQ(m.trails().trails(0).pieces(0).xy_size(), 4);
  EXPECT_EQ(m.trails().tick(), 99U);
  EXPECT_EQ(m.trails().count(), 12U);

  // Answered: the viewer may ask again (the door lets one a second through); a refusal comes back
  // as a notice.
  EXPECT_EQ(input.handle(record.SerializeAsString(), port, t0 + std::chrono::milliseconds(2500)).code, "too_fast")
      << "two within a second";
  EXPECT_EQ(input.handle(record.SerializeAsString(), port, t0 + std::chrono::seconds(4)).result, InputResult::kDone);
  trails.pending(TrailsAnswer{false, "the meadow is paused", {}, trails.asked[1], {}, 0});
  const v1::ServerMessage refused = parsed(port.later.back());
  ASSERT_TRUE(refused.has_notice());
  EXPECT_EQ(refused.notice().code(), "trails_busy");
  EXPECT_NE(refused.notice().text().find("paused"), std::string::npos);
}

TEST_F(ViewerInputTest, ATrailsRequestWithoutARecorderIsExplained) {
  ViewerInput input(context, 7);
  v1::ClientMessage record;
  record.mutable_record_trails();
  EXPECT_EQ(input.handle(record.SerializeAsString(), port, Clock::now()).code, "trails_unavailable");
}

}  // namespace
}  // namespace meadow::net
