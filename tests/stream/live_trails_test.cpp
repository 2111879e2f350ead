// The live trails layer's points (stream/swarm/live_trails.hpp, issue 30): a bounded set of the
// swarm's fireflies, the same ones from frame to frame, quantised over the world; built into a
// frame bundle only while some viewer watches trails.
#include "stream/swarm/live_trails.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <numeric>
#include <vector>

#include "fake_swarm.hpp"
#include "sim/swarm/trail_choice.hpp"
#include "stream/frame_builder.hpp"
#include "stream/proto_mapping.hpp"
#include "support/meadow_streams.hpp"
#include "support/meadow_worlds.hpp"
#include "swarm_fixture.hpp"

namespace meadow::stream {
namespace {

constexpr sim::Rect kTrailsWorld{0.0F, 0.0F, 1600.0F, 900.0F};

std::unique_ptr<testing::FakeSwarm> swarm_of(std::size_t count) {
  auto swarm = std::make_unique<testing::FakeSwarm>();
  const testing::SwarmFixture fixture(count, kTrailsWorld, 5);
  const sim::SwarmView v = fixture.view();
  swarm->x.assign(v.x.begin(), v.x.end());
  swarm->y.assign(v.y.begin(), v.y.end());
  swarm->vx.assign(v.vx.begin(), v.vx.end());
  swarm->vy.assign(v.vy.begin(), v.vy.end());
  swarm->fake_ids.resize(count);
  std::iota(swarm->fake_ids.begin(), swarm->fake_ids.end(), 100U);
  return swarm;
}

TEST(LiveTrails, ABoundedSetOfFirefliesWherePutQuantisedOverTheWorld) {
  const auto swarm = swarm_of(5000);
  v1::TrailPoints points;
  fill_trail_points(*swarm, 42, kTrailsWorld, 7, 70, points);
  EXPECT_EQ(points.frame(), 7U);
  EXPECT_EQ(points.tick(), 70U);
  ASSERT_EQ(points.ids_size(), static_cast<int>(kLiveTrailCount));
  ASSERT_EQ(points.xy_size(), points.ids_size());
  EXPECT_TRUE(std::is_sorted(points.ids().begin(), points.ids().end()));
  EXPECT_LT(points.ByteSizeLong(), 2400U) << "a small addition to a frame";
  for (int k = 0; k < points.ids_size(); ++k) {
    const std::size_t i = points.ids(k) - 100U;
    const sim::Vec2 p = trail_point(points.xy(k), from_proto(points.bounds()));
    // The fixture lets a few drift just past the edge: they show on it.
    EXPECT_NEAR(p.x, std::clamp(swarm->x[i], 0.0F, 1600.0F), 1600.0F / kTrailPointSteps);
    EXPECT_NEAR(p.y, std::clamp(swarm->y[i], 0.0F, 900.0F), 900.0F / kTrailPointSteps);
  }
}

TEST(LiveTrails, TheSameFirefliesFrameAfterFrameAndARecordingsAmongThem) {
  auto swarm = swarm_of(5000);
  v1::TrailPoints first;
  fill_trail_points(*swarm, 42, kTrailsWorld, 1, 1, first);
  // The engine reorders its fireflies every step; the layer follows the same ones.
  std::reverse(swarm->fake_ids.begin(), swarm->fake_ids.end());
  v1::TrailPoints second;
  fill_trail_points(*swarm, 42, kTrailsWorld, 2, 2, second);
  EXPECT_TRUE(std::equal(first.ids().begin(), first.ids().end(), second.ids().begin(), second.ids().end()));
  const std::vector<std::size_t> recorded = sim::chosen_for_trails(swarm->fake_ids, 42, 200);
  for (const std::size_t i : recorded) {
    EXPECT_TRUE(std::binary_search(first.ids().begin(), first.ids().end(), swarm->fake_ids[i]));
  }
}

TEST(LiveTrails, OutsideTheWorldClampsToItsEdge) {
  auto swarm = swarm_of(3);
  swarm->x = {-50.0F, 1700.0F, std::numeric_limits<float>::quiet_NaN()};
  swarm->y = {-1.0F, 950.0F, 10.0F};
  v1::TrailPoints points;
  fill_trail_points(*swarm, 1, kTrailsWorld, 1, 1, points);
  ASSERT_EQ(points.xy_size(), 3);
  for (const std::uint32_t xy : points.xy()) {
    const sim::Vec2 p = trail_point(xy, kTrailsWorld);
    EXPECT_TRUE(kTrailsWorld.contains(p) || p.x == kTrailsWorld.right() || p.y == kTrailsWorld.bottom());
  }
}

TEST(LiveTrails, BuiltIntoTheBundleOnlyWhileWatched) {
  auto meadow = testing::meadow_with(42, swarm_of(2000));
  FrameBuilder builder(testing::standard_streams());
  TrailDemand demand;
  EXPECT_TRUE(builder.build(*meadow, 1, std::nullopt, nullptr, &demand)->world(sim::WorldKind::swarm).trail_message.empty());
  demand.watch(+1);
  const FrameBundlePtr bundle = builder.build(*meadow, 1, std::nullopt, nullptr, &demand);
  v1::ServerMessage message;
  ASSERT_TRUE(message.ParseFromString(bundle->world(sim::WorldKind::swarm).trail_message));
  ASSERT_TRUE(message.has_trail_points());
  EXPECT_EQ(message.trail_points().frame(), bundle->number);
  EXPECT_EQ(message.trail_points().ids_size(), static_cast<int>(kLiveTrailCount));
  EXPECT_TRUE(bundle->world(sim::WorldKind::colony).trail_message.empty());
}

}  // namespace
}  // namespace meadow::stream
