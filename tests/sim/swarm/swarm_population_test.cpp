#include "sim/swarm/swarm_population.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <set>
#include <tuple>
#include <vector>

#include "sim/swarm/cpu_swarm.hpp"
#include "sim/swarm/swarm_rules.hpp"
#include "sim/swarm/tool_rules.hpp"
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

// The fireflies of a swarm that has flown a little, as plain arrays with no flags.
FireflyArrays flown(std::size_t count, const Land& land) {
  CpuSwarm s(8, count, land);
  testing::run_steps(s, land, 30);
  const SwarmView v = s.view();
  FireflyArrays f;
  for (std::size_t i = 0; i < v.x.size(); ++i) f.push_back(v.x[i], v.y[i], v.vx[i], v.vy[i], s.ids()[i]);
  return f;
}

TEST(SwarmPopulation, ShrinkingFlagsExactlyThoseNearestAnEdgeAsLeavers) {
  const Land land;
  FireflyArrays f = flown(10000, land);
  const Rect w = land.world();
  // Expected: the 4,000 nearest an edge leave (ties by the smaller id leaving first).
  std::vector<std::tuple<float, std::uint32_t>> by_edge;
  for (std::size_t i = 0; i < f.size(); ++i) by_edge.emplace_back(edge_distance({f.x[i], f.y[i]}, w), f.id[i]);
  std::sort(by_edge.begin(), by_edge.end());
  std::set<std::uint32_t> expected;
  for (std::size_t k = 0; k < 4000; ++k) expected.insert(std::get<1>(by_edge[k]));

  std::uint32_t next_id = 10000;
  population::resize(f, 6000, w, {8, 30, std::nullopt}, next_id);
  ASSERT_EQ(f.size(), 10000U) << "leavers fly out first";
  std::set<std::uint32_t> leavers;
  for (std::size_t i = 0; i < f.size(); ++i) {
    if (f.flags[i] == kFlagLeaving) leavers.insert(f.id[i]);
    else ASSERT_EQ(f.flags[i], 0U);
  }
  EXPECT_EQ(leavers, expected);
  EXPECT_EQ(population::leaving(f), 4000U);
  EXPECT_EQ(next_id, 10000U) << "nobody new";
  // Asking again for the same count changes nothing.
  population::resize(f, 6000, w, {8, 31, std::nullopt}, next_id);
  EXPECT_EQ(population::leaving(f), 4000U);
}

TEST(SwarmPopulation, ShrinkingBreaksTiesByTheSmallerId) {
  // Five fireflies all exactly 100 units from the nearest edge.
  const Land land;
  FireflyArrays f;
  for (std::uint32_t i = 0; i < 5; ++i) f.push_back(100.0F, 200.0F + 100.0F * static_cast<float>(i), 2.0F, 0.0F, 4 - i);
  population::mark_leavers(f, 2, land.world());
  EXPECT_EQ(f.flags, (LargeVector<std::uint8_t>{0, 0, 0, kFlagLeaving, kFlagLeaving}));
}

TEST(SwarmPopulation, SettlingRemovesLeaversOnceOutAndLandsArrivalsOnceIn) {
  const Rect w{0, 0, 1600, 900};
  FireflyArrays f;
  f.push_back(-5.0F, 100.0F, -3.0F, 0.0F, 1, kFlagLeaving);                    // just out: stays
  f.push_back(-(tool_rules::kLeaveBeyond + 10.0F), 100.0F, -3.0F, 0.0F, 2, kFlagLeaving);  // gone
  f.push_back(800.0F, 450.0F, 2.0F, 0.0F, 3, 0);
  f.push_back(1.0F, 300.0F, 3.0F, 0.0F, 4, kFlagArriving);  // in: an ordinary firefly now
  f.push_back(-1.0F, 300.0F, 3.0F, 0.0F, 5, kFlagArriving);  // not yet
  population::settle(f, w);
  EXPECT_EQ(f.id, (LargeVector<std::uint32_t>{1, 3, 4, 5}));
  EXPECT_EQ(f.flags, (LargeVector<std::uint8_t>{kFlagLeaving, 0, 0, kFlagArriving}));
  EXPECT_EQ(f.x.size(), 4U);
  EXPECT_EQ(f.vy.size(), 4U);
}

// The scan that tells whether anyone is in transit finds the first flag wherever it lies: in
// the 32-byte words, in the tail, with flags after it; and none in a swarm with none.
TEST(SwarmPopulation, FirstInTransitIsTheFirstFlagSet) {
  for (const std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{31}, std::size_t{32}, std::size_t{33},
                              std::size_t{100}}) {
    std::vector<std::uint8_t> flags(n, 0);
    EXPECT_EQ(population::first_in_transit(flags), n);
    EXPECT_FALSE(population::any_in_transit(flags));
    for (std::size_t at = 0; at < n; ++at) {
      std::fill(flags.begin(), flags.end(), 0);
      flags[at] = at % 2 == 0 ? kFlagArriving : kFlagLeaving;
      if (at + 5 < n) flags[at + 5] = kFlagLeaving;
      EXPECT_EQ(population::first_in_transit(flags), at) << "n " << n;
      EXPECT_TRUE(population::any_in_transit(flags));
    }
  }
}

TEST(SwarmPopulation, AskingMoreCallsLeaversBackBeforeAddingNewcomers) {
  const Land land;
  FireflyArrays f = flown(1000, land);
  std::uint32_t next_id = 1000;
  population::resize(f, 600, land.world(), {8, 30, std::nullopt}, next_id);
  ASSERT_EQ(population::leaving(f), 400U);
  population::resize(f, 900, land.world(), {8, 31, std::nullopt}, next_id);
  EXPECT_EQ(population::leaving(f), 100U);
  EXPECT_EQ(f.size(), 1000U);
  EXPECT_EQ(next_id, 1000U);
  population::resize(f, 1100, land.world(), {8, 32, std::nullopt}, next_id);
  EXPECT_EQ(population::leaving(f), 0U);
  EXPECT_EQ(f.size(), 1100U);
  EXPECT_EQ(next_id, 1100U);
}

TEST(SwarmPopulation, FirefliesLeftOutsideAShrunkenWorldFlyBackIn) {
  FireflyArrays f;
  f.push_back(1700.0F, 450.0F, 2.0F, 0.0F, 1);
  f.push_back(800.0F, 450.0F, 2.0F, 0.0F, 2);
  std::uint32_t next_id = 3;
  population::resize(f, 2, Rect{0, 0, 1600, 900}, {8, 0, std::nullopt}, next_id);
  EXPECT_EQ(f.flags, (LargeVector<std::uint8_t>{kFlagArriving, 0}));
}

TEST(SwarmPopulation, NewcomersComeInFlocksOfFortyFromOutsideAnEdgeHeadingInwards) {
  const Land land;
  const Rect w = land.world();
  FireflyArrays f;
  std::uint32_t next_id = 0;
  population::add_newcomers(f, 4000, w, {8, 10, std::nullopt}, next_id);
  ASSERT_EQ(f.size(), 4000U);
  for (std::size_t k = 0; k < f.size(); ++k) {
    const Vec2 p{f.x[k], f.y[k]};
    ASSERT_EQ(f.flags[k], kFlagArriving);
    ASSERT_FALSE(w.contains(p)) << "newcomer " << k;
    ASSERT_GE(edge_distance(p, w), -(tool_rules::kArriveOutsetMax + r::kNewcomerSpread + 0.01F));
    // Heading inwards: towards the world over the nearest edge.
    const float out_left = w.x - p.x;
    const float out_right = p.x - w.right();
    const float out_top = w.y - p.y;
    const float out_bottom = p.y - w.bottom();
    const float farthest = std::max({out_left, out_right, out_top, out_bottom});
    const float inward = farthest == out_left ? f.vx[k] : farthest == out_right ? -f.vx[k]
                       : farthest == out_top  ? f.vy[k] : -f.vy[k];
    ASSERT_GT(inward, 0.0F) << "newcomer " << k;
    // Members of one flock start together.
    const std::size_t leader = k - k % r::kNewcomerFlockSize;
    ASSERT_LE(std::hypot(f.x[leader] - p.x, f.y[leader] - p.y), 2.0F * r::kNewcomerSpread + 0.01F);
  }
}

TEST(SwarmPopulation, TheGainedLandIsTheNewWorldOutsideTheOld) {
  const Rect before{0, 0, 1600, 900};
  const Rect world{-400, -225, 2400, 1350};
  const std::vector<Rect> strips = population::gained_land(world, before);
  ASSERT_EQ(strips.size(), 4U);
  double area = 0.0;
  for (const Rect& s : strips) area += static_cast<double>(s.width) * s.height;
  EXPECT_DOUBLE_EQ(area, 2400.0 * 1350.0 - 1600.0 * 900.0);
  for (std::size_t i = 0; i < strips.size(); ++i) {
    for (std::size_t j = i + 1; j < strips.size(); ++j) {
      const Rect& a = strips[i];
      const Rect& b = strips[j];
      const bool apart = a.right() <= b.x || b.right() <= a.x || a.bottom() <= b.y || b.bottom() <= a.y;
      EXPECT_TRUE(apart) << "strips " << i << " and " << j << " overlap";
    }
  }
  EXPECT_TRUE(population::gained_land(before, before).empty()) << "nothing gained";
  // Grown on one side only: one strip.
  EXPECT_EQ(population::gained_land({0, 0, 2000, 900}, before).size(), 1U);
}

TEST(SwarmPopulation, AfterTheWorldGrewNewcomersSpreadOverTheGainedLandInFlocksOfForty) {
  const Rect before{0, 0, 1600, 900};
  const Rect world{-1600, -900, 4800, 2700};  // nine meadows' worth, the old one in the middle
  FireflyArrays f;
  std::uint32_t next_id = 0;
  population::add_newcomers(f, 400'000, world, {8, 10, before}, next_id);
  ASSERT_EQ(f.size(), 400'000U);
  // Everyone starts in the world, no longer arriving; every flock's leader in the gained land (or
  // within a flock's spread of it), its members together.
  std::size_t in_old = 0;
  for (std::size_t k = 0; k < f.size(); ++k) {
    const Vec2 p{f.x[k], f.y[k]};
    ASSERT_TRUE(world.contains(p)) << "newcomer " << k;
    ASSERT_EQ(f.flags[k], 0) << "newcomer " << k;
    const std::size_t leader = k - k % r::kNewcomerFlockSize;
    ASSERT_LE(std::hypot(f.x[leader] - p.x, f.y[leader] - p.y), 2.0F * r::kNewcomerSpread + 0.01F);
    if (before.contains(p)) ++in_old;
  }
  EXPECT_LT(in_old, f.size() / 100) << "only a flock's spread reaches into the old world";
  // Spread evenly over the gained land: its eight meadow-sized squares get an eighth each (10,000
  // flocks: a square's share varies by about 2.6 %).
  std::array<std::size_t, 9> per_square{};
  for (std::size_t k = 0; k < f.size(); ++k) {
    const int col = std::clamp(static_cast<int>((f.x[k] - world.x) / before.width), 0, 2);
    const int row = std::clamp(static_cast<int>((f.y[k] - world.y) / before.height), 0, 2);
    ++per_square[static_cast<std::size_t>(row * 3 + col)];
  }
  for (std::size_t q = 0; q < per_square.size(); ++q) {
    if (q == 4) continue;  // the old meadow
    EXPECT_NEAR(static_cast<double>(per_square[q]), 50'000.0, 5'000.0) << "square " << q;
  }
}

TEST(SwarmPopulation, ResizeAfterGrowthKeysTheSameNewcomersAsAnEngine) {
  const Land land;
  Land grown;
  grown.set_world({-1600, -900, 4800, 2700});
  CpuSwarm a(8, 6000, land);
  CpuSwarm b(8, 6000, land);
  a.resize(20'000, grown, land.world());
  b.resize(20'000, grown, land.world());
  ASSERT_EQ(a.count(), 20'000U);
  EXPECT_TRUE(std::equal(a.view().x.begin(), a.view().x.end(), b.view().x.begin()));
  EXPECT_TRUE(std::equal(a.view().vy.begin(), a.view().vy.end(), b.view().vy.begin()));
  EXPECT_EQ(std::count(a.flags().begin(), a.flags().end(), kFlagArriving), 0);
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
  EXPECT_EQ(std::count(s.flags().begin(), s.flags().end(), kFlagLeaving), 200);
  for (int step = 0; step < 600 && s.count() > SwarmEngine::kMinCount; ++step) testing::run_steps(s, land, 1);
  EXPECT_EQ(s.count(), SwarmEngine::kMinCount);
  EXPECT_EQ(s.max_count(), CpuSwarm::kMaxCount);
}

}  // namespace
}  // namespace meadow::sim
