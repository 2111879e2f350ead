// The live trails' points follow each swarm frame to the sessions that watch trails,
// and only while some session of a world that offers them does are they built at all (TrailDemand).
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
  EXPECT_TRUE(demand.wanted(sim::WorldKind::swarm));
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
  EXPECT_FALSE(demand.wanted(sim::WorldKind::swarm));
  box.offer_frame(frame_with_points(4));
  ASSERT_TRUE(box.next()->is_frame);
  EXPECT_FALSE(box.next());
}

TEST(OutboxTrails, ASessionCountsForTheWorldItWatchesAndGetsItsPoints) {
  stream::TrailDemand demand;
  {
    Outbox box(4, nullptr, &demand);
    box.set_trails(true);
    EXPECT_TRUE(demand.wanted(sim::WorldKind::swarm));
    box.set_world(sim::WorldKind::colony);
    EXPECT_FALSE(demand.wanted(sim::WorldKind::swarm)) << "watching the colony: nothing of the swarm to build for this viewer";
    EXPECT_TRUE(demand.wanted(sim::WorldKind::colony)) << "counted where it watches (the colony offers no trails)";
    box.offer_frame(frame_with_points(1));
    EXPECT_EQ(box.next()->bytes, "colony1");
    EXPECT_FALSE(box.next());
    box.set_world(sim::WorldKind::swarm);
    EXPECT_TRUE(demand.wanted(sim::WorldKind::swarm)) << "back on the swarm, still watching trails";
    Outbox other(4, nullptr, &demand);
    other.set_trails(true);
    other.set_trails(true);  // twice is once
    box.set_trails(false);
    EXPECT_TRUE(demand.wanted(sim::WorldKind::swarm));
  }
  EXPECT_FALSE(demand.wanted(sim::WorldKind::swarm)) << "a session that ends stops watching";
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

// An edge reports one count of its sessions watching trails: it wants them of every world.
TEST(OutboxTrails, AnEdgesWatchersWantTrailsOfEveryWorld) {
  stream::TrailDemand demand;
  demand.watch(sim::WorldKind::swarm, +1);
  demand.watch_anywhere(+2);
  EXPECT_EQ(demand.watchers(), 3);
  EXPECT_TRUE(demand.wanted(sim::WorldKind::plate));
  demand.watch_anywhere(-2);
  EXPECT_FALSE(demand.wanted(sim::WorldKind::plate));
  EXPECT_TRUE(demand.wanted(sim::WorldKind::swarm));
  EXPECT_EQ(demand.watchers(), 1);
}

TEST(OutboxTrails, WithoutADemandToRegisterWithTrailsStayOff) {
  Outbox box(4);
  box.set_trails(true);
  EXPECT_FALSE(box.trails());
}

}  // namespace
}  // namespace meadow::net
