// The live trails' points follow each swarm frame to the sessions that watch trails,
// and only while some session of the swarm does are they built at all (TrailDemand).
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "net/outbox.hpp"

namespace meadow::net {
namespace {

stream::FrameBundlePtr frame_with_points(std::uint64_t number) {
  auto b = std::make_shared<stream::FrameBundle>();
  b->number = number;
  auto& swarm = b->world(sim::WorldKind::swarm);
  swarm.key_message = "key" + std::to_string(number);
  swarm.trail_message = "points" + std::to_string(number);
  b->world(sim::WorldKind::colony).key_message = "colony" + std::to_string(number);
  return b;
}

TEST(OutboxTrails, PointsFollowTheirFrameOnlyWhileWatched) {
  stream::TrailDemand demand;
  Outbox box(4, nullptr, &demand);
  box.offer_frame(frame_with_points(1));
  ASSERT_EQ(box.next()->bytes, "key1");
  EXPECT_FALSE(box.next()) << "not watching trails: no points";

  box.set_trails(true);
  EXPECT_TRUE(demand.wanted());
  box.offer_frame(frame_with_points(2));
  auto frame = box.next();
  ASSERT_TRUE(frame);
  EXPECT_TRUE(frame->is_frame);
  auto points = box.next();
  ASSERT_TRUE(points);
  EXPECT_EQ(points->bytes, "points2");
  EXPECT_FALSE(points->is_frame) << "points are not a frame: they never replace one";
  EXPECT_FALSE(box.next());

  // A reliable message still goes first; the points right after their frame.
  box.offer_frame(frame_with_points(3));
  ASSERT_TRUE(box.next()->is_frame);
  ASSERT_TRUE(box.offer_reliable(shared("notice")));
  EXPECT_EQ(box.next()->bytes, "notice");
  EXPECT_EQ(box.next()->bytes, "points3");

  box.set_trails(false);
  EXPECT_FALSE(demand.wanted());
  box.offer_frame(frame_with_points(4));
  ASSERT_TRUE(box.next()->is_frame);
  EXPECT_FALSE(box.next());
}

TEST(OutboxTrails, OnlyASwarmViewerCountsAndGetsPoints) {
  stream::TrailDemand demand;
  {
    Outbox box(4, nullptr, &demand);
    box.set_trails(true);
    EXPECT_TRUE(demand.wanted());
    box.set_world(sim::WorldKind::colony);
    EXPECT_FALSE(demand.wanted()) << "the colony has no trails: nothing to build for this viewer";
    box.offer_frame(frame_with_points(1));
    EXPECT_EQ(box.next()->bytes, "colony1");
    EXPECT_FALSE(box.next());
    box.set_world(sim::WorldKind::swarm);
    EXPECT_TRUE(demand.wanted()) << "back on the swarm, still watching trails";
    Outbox other(4, nullptr, &demand);
    other.set_trails(true);
    other.set_trails(true);  // twice is once
    box.set_trails(false);
    EXPECT_TRUE(demand.wanted());
  }
  EXPECT_FALSE(demand.wanted()) << "a session that ends stops watching";
}

TEST(OutboxTrails, ASwitchOfWorldDropsPointsNotYetSent) {
  stream::TrailDemand demand;
  Outbox box(4, nullptr, &demand);
  box.set_trails(true);
  box.offer_frame(frame_with_points(1));
  ASSERT_TRUE(box.next()->is_frame);
  box.set_world(sim::WorldKind::colony);
  EXPECT_FALSE(box.next()) << "the swarm's points do not follow a colony viewer";
}

TEST(OutboxTrails, WithoutADemandToRegisterWithTrailsStayOff) {
  Outbox box(4);
  box.set_trails(true);
  EXPECT_FALSE(box.trails());
}

}  // namespace
}  // namespace meadow::net
