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

// The sim's edges (docs/edges.md), as the hub sees them: what it hands on and what it asks.
class FakeRelay final : public HubRelay {
 public:
  void relay_frame(const stream::FrameBundlePtr& bundle) override { frames.push_back(bundle); }
  void relay_broadcast(const SharedBytes& message, const LandSnapshot& land) override {
    broadcasts.emplace_back(message ? *message : std::string("(none)"), land != nullptr);
  }
  bool relay_send_to(std::uint64_t session_id, const SharedBytes& message) override {
    if (session_id != kRemote) return false;
    sent.push_back(*message);
    return true;
  }
  bool relay_close(std::uint64_t session_id, const char*) override {
    closed.push_back(session_id);
    return session_id == kRemote;
  }
  [[nodiscard]] std::size_t relay_session_count() const override { return 1; }
  [[nodiscard]] std::vector<EdgeSummary> relay_edges() const override { return {{"edge-a", 1}}; }
  void relay_sessions(std::vector<SessionInfo>& out) const override {
    SessionInfo remote;
    remote.id = kRemote;
    remote.edge = "edge-a";
    out.push_back(remote);
  }

  static constexpr std::uint64_t kRemote = 5;
  std::vector<stream::FrameBundlePtr> frames;
  std::vector<std::pair<std::string, bool>> broadcasts;  // message, with the land
  std::vector<std::string> sent;
  std::vector<std::uint64_t> closed;
};

TEST(HubRelay, GetsEveryFrameBroadcastAndLandOnce) {
  Hub hub;
  FakeRelay relay;
  hub.set_relay(&relay);
  auto local = std::make_shared<FakeSession>(9);
  hub.join(local);
  auto bundle = std::make_shared<stream::FrameBundle>();
  bundle->worlds[0].key_message = "frame";
  hub.publish(bundle);
  hub.broadcast(shared("hello"));
  hub.update_land(std::make_shared<const sim::Land>(), shared("rocks"));
  hub.update_land(std::make_shared<const sim::Land>(), nullptr);
  ASSERT_EQ(relay.frames.size(), 1U);
  EXPECT_EQ(relay.frames[0], bundle) << "the same bundle, not a copy";
  ASSERT_EQ(relay.broadcasts.size(), 3U);
  EXPECT_EQ(relay.broadcasts[0], std::make_pair(std::string("hello"), false));
  EXPECT_EQ(relay.broadcasts[1], std::make_pair(std::string("rocks"), true));
  EXPECT_EQ(relay.broadcasts[2], std::make_pair(std::string("(none)"), true)) << "a silent land change reaches the edges too";
  EXPECT_TRUE(local->box.has_frame());
}

TEST(HubRelay, ViewersItDoesNotHoldAreTheRelays) {
  Hub hub;
  FakeRelay relay;
  hub.set_relay(&relay);
  auto local = std::make_shared<FakeSession>(9);
  hub.join(local);
  EXPECT_TRUE(hub.send_to(9, shared("mine")));
  EXPECT_TRUE(relay.sent.empty()) << "a local session's message stays here";
  EXPECT_TRUE(hub.send_to(FakeRelay::kRemote, shared("theirs")));
  EXPECT_EQ(relay.sent, std::vector<std::string>{"theirs"});
  EXPECT_FALSE(hub.send_to(77, shared("nobody's")));
  EXPECT_TRUE(hub.close(FakeRelay::kRemote, "operator"));
  EXPECT_FALSE(hub.close(77, "operator"));
  EXPECT_EQ(hub.session_count(), 2U) << "frames count the edges' viewers too";
  EXPECT_EQ(hub.local_session_count(), 1U);
  const std::vector<SessionInfo> all = hub.sessions();
  ASSERT_EQ(all.size(), 2U);
  EXPECT_EQ(all[0].id, FakeRelay::kRemote);
  EXPECT_EQ(all[0].edge, "edge-a");
  EXPECT_EQ(all[1].id, 9U);
  ASSERT_EQ(hub.edges().size(), 1U);
  EXPECT_EQ(hub.edges()[0].name, "edge-a");
  EXPECT_TRUE(Hub().edges().empty()) << "a hub without a relay serves no edges";
}

TEST(Hub, ReservedSessionIdsAreNeverHandedOut) {
  Hub hub;
  const std::uint64_t before = hub.next_session_id();
  const std::uint64_t block = hub.reserve_session_ids(1000);
  const std::uint64_t after = hub.next_session_id();
  EXPECT_GT(block, before);
  EXPECT_GE(after, block + 1000);
}

}  // namespace
}  // namespace meadow::net
