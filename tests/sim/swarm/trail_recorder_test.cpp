// Trails (sim/swarm/trail_recorder.hpp): one polyline per chosen firefly, the right
// number of points, lifted where a firefly did not fly, chosen from the seed whatever the order,
// the same trails from the same seed and steps.
#include "sim/swarm/trail_recorder.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <vector>

#include "sim/land.hpp"
#include "sim/parallel_for.hpp"
#include "sim/swarm/cpu_swarm.hpp"

namespace meadow::sim {
namespace {

// A hand-made swarm: fireflies on rows, moving right by `speed` a step.
struct Hand {
  std::vector<float> x, y, vx, vy;
  std::vector<std::uint32_t> ids;
  void add(std::uint32_t id, float px, float py) {
    ids.push_back(id);
    x.push_back(px);
    y.push_back(py);
    vx.push_back(2.0F);
    vy.push_back(0.0F);
  }
  void move(float dx) {
    for (float& v : x) v += dx;
  }
  [[nodiscard]] SwarmView view() const { return {x, y, vx, vy}; }
};

std::vector<Trail> record(Hand& hand, TrailPlan plan, const Rect& world, std::uint64_t seed = 7) {
  TrailRecorder r(plan, seed);
  for (std::uint32_t s = 0; s < plan.warmup_steps + plan.steps; ++s) {
    hand.move(2.0F);
    EXPECT_EQ(r.after_step(hand.view(), hand.ids, world), s + 1 == plan.warmup_steps + plan.steps);
  }
  EXPECT_TRUE(r.done());
  return r.take();
}

TEST(TrailRecorder, OnePolylinePerChosenFireflyWithAPointAStep) {
  Hand hand;
  for (std::uint32_t i = 0; i < 30; ++i) hand.add(i, 100.0F, 20.0F + 10.0F * static_cast<float>(i));
  const std::vector<Trail> trails = record(hand, {5, 12, 10}, {0, 0, 1600, 900});
  ASSERT_EQ(trails.size(), 10U);
  std::set<std::uint32_t> ids;
  for (const Trail& t : trails) {
    ids.insert(t.id);
    ASSERT_EQ(t.pieces.size(), 1U);
    ASSERT_EQ(t.pieces[0].size(), 12U);
    // Recorded after the warm-up: the first point is where the firefly was at step 6.
    EXPECT_FLOAT_EQ(t.pieces[0].front().x, 100.0F + 6 * 2.0F);
    for (const float c : t.colour) {
      EXPECT_GE(c, 0.0F);
      EXPECT_LE(c, 1.0F);
    }
  }
  EXPECT_EQ(ids.size(), 10U);
  EXPECT_TRUE(std::is_sorted(trails.begin(), trails.end(), [](const Trail& a, const Trail& b) { return a.id < b.id; }));
  EXPECT_NE(trails.front().colour, trails.back().colour) << "each its own hue";
}

TEST(TrailRecorder, TheChoiceComesFromTheSeedNotTheOrder) {
  Hand a;
  Hand b;
  for (std::uint32_t i = 0; i < 200; ++i) a.add(i, 100.0F, 4.0F * static_cast<float>(i));
  for (std::uint32_t i = 200; i-- > 0;) b.add(i, 100.0F, 4.0F * static_cast<float>(i));
  const Rect world{0, 0, 1600, 900};
  const auto ta = record(a, {0, 3, 20}, world, 11);
  const auto tb = record(b, {0, 3, 20}, world, 11);
  ASSERT_EQ(ta.size(), 20U);
  ASSERT_EQ(tb.size(), 20U);
  for (std::size_t k = 0; k < ta.size(); ++k) EXPECT_EQ(ta[k].id, tb[k].id);
  Hand c = a;
  const auto tc = record(c, {0, 3, 20}, world, 12);
  bool other = false;
  for (std::size_t k = 0; k < tc.size(); ++k) other = other || tc[k].id != ta[k].id;
  EXPECT_TRUE(other) << "another seed follows other fireflies";
}

TEST(TrailRecorder, ALineIsLiftedWhereAFireflyDidNotFly) {
  const Rect world{0, 0, 1600, 900};
  Hand hand;
  hand.add(1, 100.0F, 100.0F);  // jumps across the world at step 4
  hand.add(2, 100.0F, 200.0F);  // out of the world for steps 3 and 4
  hand.add(3, 100.0F, 300.0F);  // missing at step 5
  TrailRecorder r({0, 8, 3}, 1);
  for (std::uint32_t s = 1; s <= 8; ++s) {
    hand.move(2.0F);
    Hand seen = hand;
    if (s == 4) {
      seen.x[0] += 1000.0F;
      hand.x[0] += 1000.0F;
    }
    if (s == 3 || s == 4) seen.y[1] = -50.0F;
    if (s == 5) {  // firefly 3 gone for a step
      seen.ids.pop_back();
      seen.x.pop_back();
      seen.y.pop_back();
      seen.vx.pop_back();
      seen.vy.pop_back();
    }
    (void)r.after_step(seen.view(), seen.ids, world);
  }
  const std::vector<Trail> trails = r.take();
  ASSERT_EQ(trails.size(), 3U);
  // 1: steps 1–3, then 4–8. 2: steps 1–2, then 5–8. 3: steps 1–4, then 6–8.
  ASSERT_EQ(trails[0].pieces.size(), 2U);
  EXPECT_EQ(trails[0].pieces[0].size(), 3U);
  EXPECT_EQ(trails[0].pieces[1].size(), 5U);
  ASSERT_EQ(trails[1].pieces.size(), 2U);
  EXPECT_EQ(trails[1].pieces[0].size(), 2U);
  EXPECT_EQ(trails[1].pieces[1].size(), 4U);
  ASSERT_EQ(trails[2].pieces.size(), 2U);
  EXPECT_EQ(trails[2].pieces[0].size(), 4U);
  EXPECT_EQ(trails[2].pieces[1].size(), 3U);
  for (const Trail& t : trails) {
    for (const auto& piece : t.pieces) {
      for (std::size_t i = 1; i < piece.size(); ++i) {
        EXPECT_LE(std::hypot(piece[i].x - piece[i - 1].x, piece[i].y - piece[i - 1].y), kTrailLiftDistance);
      }
    }
  }
}

TEST(TrailRecorder, TheRealSwarmGivesTheSameTrailsFromTheSameSeed) {
  const auto trails_of = [] {
    Land land;
    CpuSwarm swarm(5, 2000, land);
    SerialFor serial;
    TrailRecorder r({20, 60, 40}, 5);
    while (!r.after_step(swarm.view(), swarm.ids(), land.world())) swarm.step(land, serial);
    return r.take();
  };
  const std::vector<Trail> a = trails_of();
  const std::vector<Trail> b = trails_of();
  ASSERT_EQ(a.size(), 40U);
  ASSERT_EQ(a.size(), b.size());
  std::size_t points = 0;
  for (std::size_t k = 0; k < a.size(); ++k) {
    EXPECT_EQ(a[k].id, b[k].id);
    ASSERT_EQ(a[k].pieces.size(), b[k].pieces.size());
    for (std::size_t p = 0; p < a[k].pieces.size(); ++p) {
      EXPECT_EQ(a[k].pieces[p].size(), b[k].pieces[p].size());
      EXPECT_TRUE(std::equal(a[k].pieces[p].begin(), a[k].pieces[p].end(), b[k].pieces[p].begin(),
                             [](Vec2 u, Vec2 v) { return u.x == v.x && u.y == v.y; }));
      points += a[k].pieces[p].size();
    }
  }
  EXPECT_EQ(points, 40U * 60U) << "in one meadow nobody leaves: every step a point";
}

TEST(TrailRecorder, APlanIsKeptWithinItsLimits) {
  const TrailPlan p = clamped_trail_plan({100'000, 0, 100'000});
  EXPECT_EQ(p.warmup_steps, kTrailMostWarmupSteps);
  EXPECT_EQ(p.steps, 1U);
  EXPECT_EQ(p.count, kTrailMostCount);
  const TrailPlan viewer = clamped_trail_plan({100'000, 100'000, 100'000}, kViewerTrailLimits);
  EXPECT_EQ(viewer.warmup_steps, 240U);
  EXPECT_EQ(viewer.steps, 120U);
  EXPECT_EQ(viewer.count, 200U);
}

TEST(TrailRecorder, WantsNoPositionsDuringItsWarmUp) {
  TrailRecorder recorder({3, 2, 10}, 1);
  for (int i = 0; i < 3; ++i) {
    EXPECT_FALSE(recorder.wants_positions()) << i;
    recorder.warmup_step();
  }
  EXPECT_TRUE(recorder.wants_positions());
  EXPECT_EQ(recorder.steps_left(), 2U);
}

}  // namespace
}  // namespace meadow::sim
