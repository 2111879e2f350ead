// WsSession's deliveries from the hub while its network thread is busy (here: not run at all).
#include "net/ws_session.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <vector>

namespace meadow::net {
namespace {

struct Fixture {
  asio::io_context io;
  Hub hub;
  stream::ActionQueue actions{8};
  Metrics metrics;
  Admission admission{AdmissionLimits{}};
  SessionContext context{hub, actions, metrics, admission, SessionLimits{}, ServerFacts{.worlds = {sim::WorldKind::swarm}}, {}};
  std::shared_ptr<WsSession> session =
      std::make_shared<WsSession>(tcp::socket(io), context, AdmissionTicket(), AdmissionTicket(), "192.0.2.1");
};

TEST(WsSession, FramesForABusySessionWakeItOnceAndOnlyTheNewestIsKept) {
  Fixture f;
  std::vector<std::weak_ptr<const stream::FrameBundle>> delivered;
  for (std::uint64_t i = 0; i < 1000; ++i) {
    auto bundle = std::make_shared<stream::FrameBundle>();
    bundle->number = i;
    delivered.push_back(bundle);
    f.session->deliver_frame(std::move(bundle));
  }
  // Before the network thread runs anything, every frame but the newest is let go already: no
  // task per frame holds one.
  for (std::size_t i = 0; i + 1 < delivered.size(); ++i) ASSERT_TRUE(delivered[i].expired()) << "frame " << i;
  EXPECT_FALSE(delivered.back().expired());
  EXPECT_EQ(f.metrics.frames_dropped_total.load(), 999U);
  EXPECT_EQ(f.io.poll(), 1U) << "one task woke the session, not one per delivery";
  // Woken again by the next delivery.
  f.io.restart();
  f.session->deliver_frame(std::make_shared<stream::FrameBundle>());
  EXPECT_EQ(f.io.poll(), 1U);
}

TEST(WsSession, ReliableMessagesPastTheBoundAreNotKeptAndTheSessionCloses) {
  Fixture f;
  const std::size_t bound = f.context.limits.reliable_queue;
  std::vector<std::weak_ptr<const std::string>> delivered;
  for (std::size_t i = 0; i < bound + 50; ++i) {
    SharedBytes m = shared("notice " + std::to_string(i));
    delivered.push_back(m);
    f.session->deliver_reliable(std::move(m));
  }
  for (std::size_t i = 0; i < delivered.size(); ++i) {
    EXPECT_EQ(delivered[i].expired(), i >= bound) << "message " << i;
  }
  f.io.poll();
  EXPECT_EQ(f.metrics.sessions_closed_slow_total.load(), 1U) << "too far behind: closed";
}

}  // namespace
}  // namespace meadow::net
