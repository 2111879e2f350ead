#include "sim/swarm/swarm_population.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <tuple>
#include <vector>

#include "sim/swarm/cpu_swarm.hpp"
#include "sim/swarm/swarm_rules.hpp"
#include "swarm/swarm_test_support.hpp"

namespace meadow::sim {
namespace {

namespace r = swarm_rules;

float edge_distance(Vec2 p, const Rect& w) {
  return std::min({p.x - w.x, w.right() - p.x, p.y - w.y, w.bottom() - p.y});
}

TEST(SwarmPopulation, ANewSwarmIsSpreadOverTheWorldOffTheRocks) {
  Land land;
  land.add_rock({800.0F, 450.0F}, 200.0F);
  const CpuSwarm s(3, 5000, land);
  ASSERT_EQ(s.count(), 5000U);
  const SwarmView v = s.view();
  for (std::size_t i = 0; i < v.x.size(); ++i) {
    ASSERT_TRUE(land.world().contains({v.x[i], v.y[i]}));
    ASSERT_GT(std::hypot(v.x[i] - 800.0F, v.y[i] - 450.0F), 200.0F);
    const float speed = std::hypot(v.vx[i], v.vy[i]);
    ASSERT_GE(speed, r::kMinSpeed - 1e-4F);
    ASSERT_LE(speed, r::kMaxSpeed + 1e-4F);
  }
}

TEST(SwarmPopulation, ShrinkingRemovesExactlyThoseNearestAnEdge) {
  const Land land;
  CpuSwarm s(8, 10000, land);
  testing::run_steps(s, land, 30);
  const Rect w = land.world();
  const SwarmView v = s.view();
  // Expected: the 6,000 farthest from every edge stay (ties by the smaller id leaving first).
  std::vector<std::tuple<float, std::uint32_t>> by_edge;
  for (std::size_t i = 0; i < v.x.size(); ++i) by_edge.emplace_back(edge_distance({v.x[i], v.y[i]}, w), s.ids()[i]);
  std::sort(by_edge.begin(), by_edge.end());
  std::set<std::uint32_t> expected;
  for (std::size_t k = 4000; k < by_edge.size(); ++k) expected.insert(std::get<1>(by_edge[k]));
  std::vector<std::uint32_t> order_before;  // survivors in their order before
  for (const std::uint32_t id : s.ids()) {
    if (expected.count(id) != 0) order_before.push_back(id);
  }

  s.resize(6000, land);
  ASSERT_EQ(s.count(), 6000U);
  const std::vector<std::uint32_t> after(s.ids().begin(), s.ids().end());
  EXPECT_EQ(std::set<std::uint32_t>(after.begin(), after.end()), expected);
  EXPECT_EQ(after, order_before);  // the others keep their order
}

TEST(SwarmPopulation, ShrinkingBreaksTiesByTheSmallerId) {
  // Five fireflies all exactly 100 units from the nearest edge.
  const Land land;
  std::vector<CpuSwarm::Firefly> ff;
  for (int i = 0; i < 5; ++i) ff.push_back({{100.0F, 200.0F + 100.0F * static_cast<float>(i)}, {2.0F, 0.0F}});
  FireflyArrays f;
  for (std::uint32_t i = 0; i < 5; ++i) f.push_back(ff[i].position.x, ff[i].position.y, 2.0F, 0.0F, 4 - i);
  population::remove_nearest_edge(f, 2, land.world());
  EXPECT_EQ(f.id, (std::vector<std::uint32_t>{4, 3, 2}));
}

TEST(SwarmPopulation, GrowingAddsFlocksOfFortyJustInsideAnEdgeHeadingInwards) {
  const Land land;
  const Rect w = land.world();
  CpuSwarm s(8, 6000, land);
  const std::set<std::uint32_t> before(s.ids().begin(), s.ids().end());
  s.resize(10000, land);
  ASSERT_EQ(s.count(), 10000U);
  const SwarmView v = s.view();
  // Newcomers, by id (ids are handed out in order, so consecutive ids of 40 are one flock).
  std::vector<std::pair<std::uint32_t, std::size_t>> newcomers;
  for (std::size_t i = 0; i < v.x.size(); ++i) {
    if (before.count(s.ids()[i]) == 0) newcomers.emplace_back(s.ids()[i], i);
  }
  ASSERT_EQ(newcomers.size(), 4000U);
  std::sort(newcomers.begin(), newcomers.end());
  for (std::size_t k = 0; k < newcomers.size(); ++k) {
    const std::size_t i = newcomers[k].second;
    const Vec2 p{v.x[i], v.y[i]};
    ASSERT_TRUE(w.contains(p));
    ASSERT_LE(edge_distance(p, w), r::kNewcomerInset + r::kNewcomerSpread + 0.01F);
    // Heading inwards: away from the nearest edge.
    const float to_left = p.x - w.x;
    const float to_right = w.right() - p.x;
    const float to_top = p.y - w.y;
    const float to_bottom = w.bottom() - p.y;
    const float nearest = std::min({to_left, to_right, to_top, to_bottom});
    const float inward = nearest == to_left ? v.vx[i] : nearest == to_right ? -v.vx[i]
                       : nearest == to_top  ? v.vy[i] : -v.vy[i];
    ASSERT_GT(inward, 0.0F) << "newcomer " << k;
    // Members of one flock start together.
    const std::size_t leader = newcomers[k - k % r::kNewcomerFlockSize].second;
    ASSERT_LE(std::hypot(v.x[leader] - p.x, v.y[leader] - p.y), 2.0F * r::kNewcomerSpread + 0.01F);
  }
}

TEST(SwarmPopulation, GrowingIsDeterministicAndAnOddCountWorks) {
  const Land land;
  CpuSwarm a(8, 200, land);
  CpuSwarm b(8, 200, land);
  a.resize(263, land);
  b.resize(263, land);
  ASSERT_EQ(a.count(), 263U);
  EXPECT_TRUE(std::equal(a.view().x.begin(), a.view().x.end(), b.view().x.begin()));
  EXPECT_TRUE(std::equal(a.view().vy.begin(), a.view().vy.end(), b.view().vy.begin()));
}

TEST(SwarmPopulation, CountIsClampedToTheEngineLimits) {
  const Land land;
  CpuSwarm s(8, 300, land);
  s.resize(1, land);
  EXPECT_EQ(s.count(), SwarmEngine::kMinCount);
  EXPECT_EQ(s.max_count(), CpuSwarm::kMaxCount);
}

}  // namespace
}  // namespace meadow::sim
