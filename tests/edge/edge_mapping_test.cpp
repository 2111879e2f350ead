#include "edge/edge_mapping.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <stdexcept>
#include <vector>

#include "edge/edge_subjects.hpp"
#include "stream/snapshot_mapping.hpp"

namespace meadow::edge {
namespace {

stream::FrameBundle two_worlds() {
  stream::FrameBundle bundle;
  bundle.number = 41;
  bundle.tick = 82;
  stream::WorldFrame& swarm = bundle.world(sim::WorldKind::swarm);
  swarm.key_message = std::string("key\0swarm", 9);
  swarm.delta_message = "delta";
  swarm.delta_base = 40;
  swarm.video_message = "vp9";
  swarm.video_key = true;
  swarm.video_layer = 2;
  swarm.video_reference = false;
  swarm.trail_message = "trails";
  bundle.world(sim::WorldKind::colony).key_message = "colony key";
  return bundle;
}

TEST(EdgeMapping, ABundleCrossesAsOneMessagePerWorldAndComesBackTheSame) {
  const stream::FrameBundle sent = two_worlds();
  std::vector<v1::EdgeFrame> frames;
  to_proto(sent, 0xABCDU, 1234, frames);
  ASSERT_EQ(frames.size(), 2U) << "the mold was not in this bundle";
  stream::FrameBundle got;
  for (const v1::EdgeFrame& f : frames) {
    EXPECT_EQ(f.worlds_in_bundle(), 2U);
    EXPECT_EQ(f.sim(), 0xABCDU);
    EXPECT_EQ(f.published_at_us(), 1234);
    v1::EdgeFrame wire;
    ASSERT_TRUE(wire.ParseFromString(f.SerializeAsString()));
    add_to_bundle(wire, got);
  }
  EXPECT_EQ(got.number, 41U);
  EXPECT_EQ(got.tick, 82U);
  for (const sim::WorldKind w : sim::kAllWorldKinds) {
    const stream::WorldFrame& a = sent.world(w);
    const stream::WorldFrame& b = got.world(w);
    EXPECT_EQ(a.key_message, b.key_message);
    EXPECT_EQ(a.delta_message, b.delta_message);
    EXPECT_EQ(a.delta_base, b.delta_base);
    EXPECT_EQ(a.video_message, b.video_message);
    EXPECT_EQ(a.video_key, b.video_key);
    EXPECT_EQ(a.video_layer, b.video_layer);
    EXPECT_EQ(a.video_reference, b.video_reference);
    EXPECT_EQ(a.trail_message, b.trail_message);
  }
}

TEST(EdgeMapping, AFrameThatCannotBeServedIsRefused) {
  stream::FrameBundle bundle;
  v1::EdgeFrame no_key;
  no_key.set_world(v1::WORLD_SWARM);
  EXPECT_THROW(add_to_bundle(no_key, bundle), std::invalid_argument);
  v1::EdgeFrame unknown = no_key;
  unknown.set_key_message("k");
  unknown.set_world(static_cast<v1::World>(99));
  EXPECT_THROW(add_to_bundle(unknown, bundle), std::invalid_argument);
}

TEST(EdgeMapping, AViewerKeepsEverythingTheOperatorSees) {
  net::SessionInfo info{7, "10.0.0.9:5000", sim::WorldKind::mold, 12.5, 1000, 300, 4, ""};
  v1::EdgeViewer wire;
  to_proto(info, wire);
  const net::SessionInfo back = from_proto(wire, "hall-2");
  EXPECT_EQ(back.id, 7U);
  EXPECT_EQ(back.address, "10.0.0.9:5000");
  EXPECT_EQ(back.world, sim::WorldKind::mold);
  EXPECT_EQ(back.connected_seconds, 12.5);
  EXPECT_EQ(back.bytes_sent, 1000U);
  EXPECT_EQ(back.frames_sent, 300U);
  EXPECT_EQ(back.frames_dropped, 4U);
  EXPECT_EQ(back.edge, "hall-2");
}

TEST(EdgeMapping, TheLandCrossesWholeAndADamagedOneIsRefused) {
  sim::Land land;
  ASSERT_TRUE(land.add_rock({300.0F, 200.0F}, sim::kRockRadius, 42));
  v1::SavedLand wire;
  stream::to_proto(land.state(), wire);
  const auto back = land_from_proto(wire);
  ASSERT_EQ(back->rocks().size(), 1U);
  EXPECT_EQ(back->rocks()[0], land.rocks()[0]);
  EXPECT_EQ(back->world(), land.world());
  wire.mutable_rocks(0)->mutable_rock()->mutable_center()->set_x(std::numeric_limits<float>::quiet_NaN());
  EXPECT_THROW((void)land_from_proto(wire), std::invalid_argument);
}

TEST(EdgeSubjects, EdgeNamesAreOneSubjectToken) {
  EXPECT_TRUE(valid_edge_name("edge-a"));
  EXPECT_TRUE(valid_edge_name("Hall_2"));
  EXPECT_FALSE(valid_edge_name(""));
  EXPECT_FALSE(valid_edge_name("a.b"));
  EXPECT_FALSE(valid_edge_name("a*"));
  EXPECT_FALSE(valid_edge_name("a b"));
  EXPECT_FALSE(valid_edge_name(std::string(65, 'a')));
  const EdgeSubjects subjects{"meadow"};
  EXPECT_EQ(subjects.frame(sim::WorldKind::colony), "meadow.frame.colony");
  EXPECT_EQ(subjects.to_viewer("edge-a"), "meadow.edge.edge-a.viewer");
}

// What an edge sends names it in the subject, which NATS's permissions tie to its credentials.
TEST(EdgeSubjects, TheSenderIsTheSubjectsLastToken) {
  const EdgeSubjects subjects{"gallery.meadow"};
  EXPECT_EQ(subjects.hello("edge-a"), "gallery.meadow.hello.edge-a");
  EXPECT_EQ(subjects.actions("edge-a"), "gallery.meadow.actions.edge-a");
  EXPECT_EQ(subjects.report("edge-a"), "gallery.meadow.report.edge-a");
  EXPECT_EQ(subjects.all_actions(), "gallery.meadow.actions.*");
  EXPECT_EQ(sender_of(subjects.report("hall_2")), "hall_2");
  EXPECT_EQ(sender_of("meadow"), "");
  EXPECT_EQ(sender_of("meadow.report."), "");
  EXPECT_EQ(sender_of("meadow.report.a*"), "");
  EXPECT_EQ(subjects.inbox("edge-a"), "_INBOX.gallery.meadow.edge-a");
}

}  // namespace
}  // namespace meadow::edge
