#include "sim/swarm/swarm_tools.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "app/worker_pool.hpp"
#include "sim/swarm/tool_rules.hpp"

namespace meadow::sim {
namespace {

namespace t = tool_rules;

Vec2 spot(std::size_t i) { return {50.0F + 60.0F * static_cast<float>(i % 20), 50.0F + 60.0F * static_cast<float>(i / 20)}; }

TEST(SwarmTools, AttractTapPlacesAMarkAndATapOnItRemovesIt) {
  SwarmTools tools;
  EXPECT_TRUE(tools.attract_tap(1, 0, {400.0F, 300.0F}, t::kAttractTapRadius).accepted);
  ASSERT_EQ(tools.attract_marks().size(), 1U);
  EXPECT_EQ(tools.attract_marks()[0].owner, 1U);
  EXPECT_EQ(tools.inputs(120.0F).attractors.size(), 1U);
  // Another viewer's tap near it removes it (marks are shared, like rocks).
  EXPECT_TRUE(tools.attract_tap(2, 0, {410.0F, 305.0F}, t::kAttractTapRadius).accepted);
  EXPECT_TRUE(tools.attract_marks().empty());
  EXPECT_TRUE(tools.inputs(120.0F).attractors.empty());
}

TEST(SwarmTools, AttractLimitsPerViewerAndInAll) {
  SwarmTools tools;
  std::size_t placed = 0;
  for (std::size_t i = 0; i < t::kMaxAttractPerViewer; ++i) {
    ASSERT_TRUE(tools.attract_tap(1, 0, spot(placed++), t::kAttractTapRadius).accepted);
  }
  const ActionOutcome mine = tools.attract_tap(1, 0, spot(placed), t::kAttractTapRadius);
  EXPECT_FALSE(mine.accepted);
  EXPECT_EQ(mine.code, "attract_limit");
  EXPECT_FALSE(mine.reason.empty());
  // Others still can, until the meadow is full.
  for (std::uint64_t viewer = 2; tools.attract_marks().size() < t::kMaxAttract; ++viewer) {
    ASSERT_TRUE(tools.attract_tap(viewer / 2 + 1, 0, spot(placed++), t::kAttractTapRadius).accepted);
  }
  const ActionOutcome all = tools.attract_tap(99, 0, spot(placed), t::kAttractTapRadius);
  EXPECT_FALSE(all.accepted);
  EXPECT_EQ(all.code, "attract_limit_all");
  EXPECT_EQ(tools.attract_marks().size(), t::kMaxAttract);
}

TEST(SwarmTools, CrumbLimitsPerViewerAndInAll) {
  SwarmTools tools;
  std::size_t placed = 0;
  for (std::size_t i = 0; i < t::kMaxCrumbsPerViewer; ++i) {
    ASSERT_TRUE(tools.drop_crumb(1, 0, spot(placed++)).accepted);
  }
  EXPECT_EQ(tools.drop_crumb(1, 0, spot(placed)).code, "crumb_limit");
  for (std::uint64_t viewer = 2; tools.crumbs().size() < t::kMaxCrumbs; ++viewer) {
    for (std::size_t i = 0; i < t::kMaxCrumbsPerViewer && tools.crumbs().size() < t::kMaxCrumbs; ++i) {
      ASSERT_TRUE(tools.drop_crumb(viewer, 0, spot(placed++)).accepted);
    }
  }
  EXPECT_EQ(tools.drop_crumb(500, 0, spot(placed)).code, "crumb_limit_all");
  EXPECT_EQ(tools.inputs(120.0F).crumbs.size(), t::kMaxCrumbs);
}

// One visitor's sessions (tabs, reconnections) hold together what one viewer may: the meadow's
// crumbs and marks are not whoever opens the most sessions'. Another visitor keeps its own.
TEST(SwarmTools, AVisitorsSessionsShareOneViewersCrumbsAndMarks) {
  SwarmTools tools;
  std::size_t placed = 0;
  constexpr std::uint64_t kVisitor = 77;
  for (std::size_t i = 0; i < t::kMaxCrumbsPerViewer; ++i) {
    ASSERT_TRUE(tools.drop_crumb(100 + i, kVisitor, spot(placed++)).accepted) << "session " << i;
  }
  EXPECT_EQ(tools.drop_crumb(200, kVisitor, spot(placed)).code, "crumb_limit") << "a fresh session of the same visitor";
  EXPECT_TRUE(tools.drop_crumb(201, kVisitor + 1, spot(placed++)).accepted) << "another visitor";
  for (std::size_t i = 0; i < t::kMaxAttractPerViewer; ++i) {
    ASSERT_TRUE(tools.attract_tap(300 + i, kVisitor, spot(placed++), t::kAttractTapRadius).accepted);
  }
  EXPECT_EQ(tools.attract_tap(400, kVisitor, spot(placed), t::kAttractTapRadius).code, "attract_limit");
  // Sessions whose visitor is not known (0) are counted each alone, as before.
  EXPECT_TRUE(tools.drop_crumb(500, 0, spot(placed++)).accepted);
  EXPECT_TRUE(tools.drop_crumb(501, 0, spot(placed++)).accepted);
}

TEST(SwarmTools, OnePredatorPerViewerFollowsItsPointerUntilReleased) {
  SwarmTools tools;
  EXPECT_TRUE(tools.predator(3, PointerPhase::down, {100.0F, 100.0F}).accepted);
  EXPECT_TRUE(tools.predator(3, PointerPhase::move, {150.0F, 120.0F}).accepted);
  EXPECT_TRUE(tools.predator(3, PointerPhase::down, {160.0F, 130.0F}).accepted);  // still one
  ASSERT_EQ(tools.predators().size(), 1U);
  EXPECT_EQ(tools.predators()[0].at, (Vec2{160.0F, 130.0F}));
  EXPECT_TRUE(tools.predator(4, PointerPhase::move, {500.0F, 500.0F}).accepted);  // a lost down
  EXPECT_EQ(tools.predators().size(), 2U);
  EXPECT_TRUE(tools.predator(3, PointerPhase::up, {}).accepted);
  ASSERT_EQ(tools.predators().size(), 1U);
  EXPECT_EQ(tools.predators()[0].owner, 4U);
  const SwarmInputs in = tools.inputs(240.0F);
  EXPECT_EQ(in.predators.size(), 1U);
  EXPECT_FLOAT_EQ(in.predator_reach, 240.0F);
}

TEST(SwarmTools, AViewerLeavingTakesItsPredatorAway) {
  SwarmTools tools;
  tools.predator(3, PointerPhase::down, {100.0F, 100.0F});
  tools.predator(4, PointerPhase::down, {300.0F, 100.0F});
  ASSERT_TRUE(tools.attract_tap(3, 0, {700.0F, 400.0F}, t::kAttractTapRadius).accepted);
  tools.viewer_left(3);
  ASSERT_EQ(tools.predators().size(), 1U);
  EXPECT_EQ(tools.predators()[0].owner, 4U);
  EXPECT_EQ(tools.attract_marks().size(), 1U);  // marks stay until tapped
}

TEST(SwarmTools, PredatorLimitInAll) {
  SwarmTools tools;
  for (std::uint64_t v = 1; v <= t::kMaxPredators; ++v) {
    ASSERT_TRUE(tools.predator(v, PointerPhase::down, spot(v)).accepted);
  }
  EXPECT_EQ(tools.predator(1000, PointerPhase::down, spot(0)).code, "predator_limit");
  // One already held still moves.
  EXPECT_TRUE(tools.predator(1, PointerPhase::move, spot(30)).accepted);
}

TEST(SwarmTools, CrumbsWithinTenUnitsOfAFireflyAreEatenAndCounted) {
  SwarmTools tools;
  tools.drop_crumb(1, 0, {100.0F, 100.0F});
  tools.drop_crumb(1, 0, {500.0F, 500.0F});
  tools.drop_crumb(2, 0, {900.0F, 100.0F});
  std::vector<float> x{109.0F, 511.0F, 300.0F};
  std::vector<float> y{100.0F, 500.0F, 300.0F};
  std::vector<float> vx(3, 0.0F);
  std::vector<float> vy(3, 0.0F);
  SerialFor serial;
  std::vector<ToolMark> eaten;
  tools.eat_crumbs({x, y, vx, vy}, serial, eaten);
  ASSERT_EQ(eaten.size(), 1U);
  EXPECT_EQ(eaten[0].at, (Vec2{100.0F, 100.0F}));
  EXPECT_EQ(tools.fed(), 1U);
  ASSERT_EQ(tools.crumbs().size(), 2U);
  EXPECT_EQ(tools.inputs(120.0F).crumbs.size(), 2U);
  x[1] = 509.0F;
  tools.eat_crumbs({x, y, vx, vy}, serial, eaten);
  EXPECT_EQ(eaten.size(), 2U);
  EXPECT_EQ(tools.fed(), 2U);
  EXPECT_EQ(tools.crumbs().size(), 1U);
}

TEST(SwarmTools, EatingIsTheSameOnOneAndTwoThreads) {
  std::vector<float> x, y;
  for (int i = 0; i < 100000; ++i) {
    x.push_back(static_cast<float>(i % 1600));
    y.push_back(static_cast<float>((i * 7) % 900));
  }
  const std::vector<float> zero(x.size(), 0.0F);
  const auto run = [&](ParallelFor& parallel) {
    SwarmTools tools;
    for (std::size_t i = 0; i < t::kMaxCrumbs; ++i) {
      tools.drop_crumb(i / t::kMaxCrumbsPerViewer, 0, {20.0F + 24.5F * static_cast<float>(i), 20.0F + 13.1F * static_cast<float>(i)});
    }
    std::vector<ToolMark> eaten;
    tools.eat_crumbs({x, y, zero, zero}, parallel, eaten);
    return eaten;
  };
  SerialFor serial;
  app::WorkerPool pool(2);
  const auto one = run(serial);
  EXPECT_FALSE(one.empty());
  EXPECT_EQ(one, run(pool));
}

}  // namespace
}  // namespace meadow::sim
