#include "net/hub.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

namespace meadow::net {
namespace {

class FakeSession final : public HubSession {
 public:
  explicit FakeSession(std::uint64_t id) : id_(id), box(16) {}
  [[nodiscard]] std::uint64_t id() const override { return id_; }
  void deliver_frame(stream::FrameBundlePtr bundle) override { box.offer_frame(std::move(bundle)); }
  void deliver_reliable(SharedBytes message) override {
    if (!box.offer_reliable(std::move(message))) overflowed = true;
  }
  void close_soon(const char*) override { closed = true; }
  [[nodiscard]] SessionInfo info() const override { return SessionInfo{id_, "test", sim::WorldKind::swarm, 0.0, 0, 0, 0}; }

  std::uint64_t id_;
  Outbox box;
  bool overflowed = false;
  bool closed = false;
};

TEST(Hub, PublishSharesOneBundleWithEverySession) {
  Hub hub;
  auto a = std::make_shared<FakeSession>(hub.next_session_id());
  auto b = std::make_shared<FakeSession>(hub.next_session_id());
  hub.join(a);
  hub.join(b);
  auto bundle = std::make_shared<stream::FrameBundle>();
  bundle->worlds[0].key_message = "frame";
  bundle->tick = 42;
  hub.publish(bundle);
  EXPECT_TRUE(a->box.has_frame());
  EXPECT_TRUE(b->box.has_frame());
  EXPECT_EQ(bundle.use_count(), 3) << "one bundle, shared, not copied";
  EXPECT_EQ(hub.latest_tick(), 42U);
}

TEST(Hub, SessionsThatLeftOrDiedGetNothing) {
  Hub hub;
  auto a = std::make_shared<FakeSession>(1);
  auto b = std::make_shared<FakeSession>(2);
  hub.join(a);
  hub.join(b);
  hub.leave(1);
  b.reset();  // dropped without leaving: the hub holds only a weak_ptr
  hub.broadcast(shared("x"));
  EXPECT_EQ(a->box.reliable_size(), 0U);
  EXPECT_FALSE(hub.send_to(2, shared("y")));
  EXPECT_FALSE(hub.send_to(1, shared("y")));
}

TEST(Hub, SendToReachesOnlyThatSession) {
  Hub hub;
  auto a = std::make_shared<FakeSession>(1);
  auto b = std::make_shared<FakeSession>(2);
  hub.join(a);
  hub.join(b);
  EXPECT_TRUE(hub.send_to(2, shared("for b")));
  EXPECT_EQ(a->box.reliable_size(), 0U);
  EXPECT_EQ(b->box.reliable_size(), 1U);
}

TEST(Hub, JoiningSeesTheNewestLandAndLaterAnnouncements) {
  Hub hub;
  auto land = std::make_shared<sim::Land>();
  ASSERT_TRUE(land->add_rock({100, 100}));
  auto a = std::make_shared<FakeSession>(1);
  hub.join(a);
  hub.update_land(land, shared("rocks"));
  EXPECT_EQ(a->box.reliable_size(), 1U) << "a session already in the hub hears of the change";
  auto b = std::make_shared<FakeSession>(2);
  const auto seen = hub.join(b);
  EXPECT_EQ(seen->rocks().size(), 1U) << "a later one is welcomed with the new land";
  EXPECT_EQ(b->box.reliable_size(), 0U);
}

TEST(Hub, CloseAllAsksEverySession) {
  Hub hub;
  auto a = std::make_shared<FakeSession>(1);
  hub.join(a);
  hub.close_all("test");
  EXPECT_TRUE(a->closed);
  EXPECT_EQ(hub.session_count(), 1U) << "sessions leave when they are gone, not when asked";
}

}  // namespace
}  // namespace meadow::net
