#include "stream/proto_mapping.hpp"

#include <gtest/gtest.h>

#include "meadow/v1/viewer.pb.h"

namespace meadow::stream {
namespace {

v1::ServerMessage parse(const std::string& bytes) {
  v1::ServerMessage message;
  EXPECT_TRUE(message.ParseFromString(bytes));
  return message;
}

TEST(ProtoMapping, GeometryRoundTrips) {
  const sim::Rect rect{-1.5F, 2.0F, 1600.0F, 900.0F};
  v1::Rect proto_rect;
  to_proto(rect, proto_rect);
  EXPECT_EQ(from_proto(proto_rect), rect);
  const sim::Rock rock{9, {3.0F, 4.0F}, 22.0F};
  v1::Rock proto_rock;
  to_proto(rock, proto_rock);
  EXPECT_EQ(from_proto(proto_rock), rock);
  for (const sim::WorldKind w : sim::kAllWorldKinds) {
    sim::WorldKind back = sim::WorldKind::mold;
    ASSERT_TRUE(world_from_proto(to_proto(w), back));
    EXPECT_EQ(back, w);
  }
  sim::WorldKind unused{};
  EXPECT_FALSE(world_from_proto(v1::WORLD_UNSPECIFIED, unused));
  EXPECT_FALSE(world_from_proto(99, unused));
}

TEST(ProtoMapping, WelcomeDescribesTheLand) {
  sim::Land land;
  ASSERT_TRUE(land.add_rock({100.0F, 200.0F}));
  ASSERT_TRUE(land.add_rock({300.0F, 400.0F}, 30.0F));
  const v1::ServerMessage message =
      parse(welcome_message(77, land, 30.0F, 60.0F, sim::WorldKind::swarm,
                            std::vector<sim::WorldKind>{sim::WorldKind::swarm, sim::WorldKind::colony}));
  ASSERT_EQ(message.body_case(), v1::ServerMessage::kWelcome);
  const v1::Welcome& welcome = message.welcome();
  EXPECT_EQ(welcome.protocol_version(), v1::PROTOCOL_VERSION_CURRENT);
  EXPECT_EQ(welcome.session_id(), 77U);
  EXPECT_FALSE(welcome.server_version().empty());
  EXPECT_EQ(from_proto(welcome.meadow()), land.meadow());
  EXPECT_EQ(from_proto(welcome.world_bounds()), land.world());
  ASSERT_EQ(welcome.rocks_size(), 2);
  EXPECT_EQ(from_proto(welcome.rocks(1)), land.rocks()[1]);
  EXPECT_EQ(welcome.frame_rate(), 30.0F);
  EXPECT_EQ(welcome.tick_rate(), 60.0F);
  EXPECT_EQ(welcome.world(), v1::WORLD_SWARM);
  ASSERT_EQ(welcome.worlds_size(), 2) << "the worlds the server runs";
  EXPECT_EQ(welcome.worlds(1), v1::WORLD_COLONY);
}

TEST(ProtoMapping, RocksNoticePong) {
  sim::Land land;
  ASSERT_TRUE(land.add_rock({100.0F, 200.0F}));
  const v1::ServerMessage rocks = parse(rocks_message(land));
  ASSERT_EQ(rocks.body_case(), v1::ServerMessage::kRocks);
  ASSERT_EQ(rocks.rocks().rocks_size(), 1);
  EXPECT_EQ(from_proto(rocks.rocks().rocks(0)), land.rocks()[0]);

  const v1::ServerMessage notice =
      parse(notice_message(v1::Notice::LEVEL_WARNING, "rate_limited", "Slow down."));
  ASSERT_EQ(notice.body_case(), v1::ServerMessage::kNotice);
  EXPECT_EQ(notice.notice().level(), v1::Notice::LEVEL_WARNING);
  EXPECT_EQ(notice.notice().code(), "rate_limited");
  EXPECT_EQ(notice.notice().text(), "Slow down.");

  const v1::ServerMessage pong = parse(pong_message(123456789012ULL, 99));
  ASSERT_EQ(pong.body_case(), v1::ServerMessage::kPong);
  EXPECT_EQ(pong.pong().client_time_ms(), 123456789012ULL);
  EXPECT_EQ(pong.pong().server_tick(), 99U);
}

}  // namespace
}  // namespace meadow::stream
