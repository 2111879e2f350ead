// The aquarium's rules, each against the source's numbers (server/sim/pond/pond_school.hpp): a lone
// fish's approach to a crumb, the unit pushes of separation, the mean velocity of alignment, the
// normalised cohesion, the clamp, eating within 10 px, and a school that never leaves the water.
#include "sim/pond/pond_school.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "sim/land.hpp"
#include "sim/pond/pond_random.hpp"
#include "sim/pond/pond_rules.hpp"

namespace meadow::sim {
namespace pond_school_test {

using pond_rules::px;

const Rect kMeadow{0.0F, 0.0F, kMeadowWidth, kMeadowHeight};

// The source's proportions survive the scale (80 : 160 : 250 : 10).
static_assert(px(pond_rules::kAlignmentRadiusPx) / px(pond_rules::kSeparationRadiusPx) == 2.0);
static_assert(px(pond_rules::kFoodRadiusPx) / px(pond_rules::kEatPx) == 25.0);
static_assert(px(pond_rules::kSeparationRadiusPx) / px(pond_rules::kEatPx) == 8.0);

PondFish fish_at(std::vector<Vec2> at, std::vector<Vec2> velocity = {}) {
  PondFish fish;
  fish.resize(at.size());
  for (std::size_t i = 0; i < at.size(); ++i) {
    fish.x[i] = at[i].x;
    fish.y[i] = at[i].y;
    fish.vx[i] = i < velocity.size() ? velocity[i].x : 0.0;
    fish.vy[i] = i < velocity.size() ? velocity[i].y : 0.0;
  }
  return fish;
}

double length(Vec2 v) { return std::hypot(v.x, v.y); }

constexpr SchoolSettings kNoCohesion{0.0, pond_rules::kDefaultMaxSpeedPx};

TEST(PondSchool, ALoneFishTurnsToTheNearestCrumbWithinSmellAtTheSourcesPull) {
  const PondFish fish = fish_at({{100.0F, 100.0F}});
  const Vec2 near{100.0F + static_cast<float>(px(200.0)), 100.0F};
  const Vec2 nearer{100.0F, 100.0F - static_cast<float>(px(120.0))};
  const Vec2 crumbs[] = {near, nearer};
  const Vec2 pull = school_pull(fish, 0, kNoCohesion, crumbs, {});
  EXPECT_NEAR(pull.x, 0.0, 1e-7);
  EXPECT_NEAR(pull.y, -px(0.15), 1e-7) << "0.15 px a step² towards the nearer crumb";
  const Vec2 far[] = {{100.0F + static_cast<float>(px(251.0)), 100.0F}};
  EXPECT_EQ(length(school_pull(fish, 0, kNoCohesion, far, {})), 0.0) << "past 250 px it is not smelled";
}

TEST(PondSchool, ALoneFishReachesItsCrumbAndEatsItWithin10Px) {
  const PondWater water(kMeadow);
  const Vec2 c = water.centre();
  PondFish fish = fish_at({{c.x + 40.0F, c.y + 35.0F}});
  const Vec2 crumb[] = {{c.x + 10.0F, c.y + 35.0F}};  // 120 px away, clear of the pads
  // From rest it speeds up by 0.15 px a step² until the clamp (2 px a step).
  step_school(fish, kNoCohesion, water, crumb, {});
  EXPECT_NEAR(std::hypot(fish.vx[0], fish.vy[0]), px(0.15), 1e-7);
  int steps = 1;
  while (crumbs_eaten(fish, crumb)[0] < 0 && steps < 400) {
    step_school(fish, kNoCohesion, water, crumb, {});
    ++steps;
    ASSERT_LE(std::hypot(fish.vx[0], fish.vy[0]), px(kNoCohesion.max_speed_px) + 1e-12);
  }
  EXPECT_LT(steps, 400);
  EXPECT_LT(std::hypot(fish.x[0] - crumb[0].x, fish.y[0] - crumb[0].y), px(pond_rules::kEatPx));
}

TEST(PondSchool, SeparationIsAUnitPushFromEachNeighbourWithin80Px) {
  // Two neighbours, 50 px left and 70 px above: two unit vectors × 0.04, whatever the distance.
  const PondFish fish = fish_at({{200.0F, 200.0F}, {200.0F - static_cast<float>(px(50.0)), 200.0F},
                                 {200.0F, 200.0F - static_cast<float>(px(70.0))}});
  const Vec2 pull = school_pull(fish, 0, kNoCohesion, {}, {});
  EXPECT_NEAR(pull.x, px(0.04), 1e-7);
  EXPECT_NEAR(pull.y, px(0.04), 1e-7);
  // At 90 px (inside alignment's 160, outside separation's 80) still fish have no push.
  const PondFish apart = fish_at({{200.0F, 200.0F}, {200.0F - static_cast<float>(px(90.0)), 200.0F}});
  EXPECT_NEAR(length(school_pull(apart, 0, kNoCohesion, {}, {})), 0.0, 1e-9);
}

TEST(PondSchool, AlignmentAddsTheNeighboursMeanVelocityTimes002) {
  const PondFish fish = fish_at({{200.0F, 200.0F}, {200.0F + static_cast<float>(px(120.0)), 200.0F},
                                 {200.0F, 200.0F + static_cast<float>(px(150.0))},
                                 {200.0F + static_cast<float>(px(170.0)), 200.0F}},
                                {{0.0F, 0.0F}, {1.0F, 0.0F}, {0.0F, 0.5F}, {9.0F, 9.0F}});
  const Vec2 pull = school_pull(fish, 0, kNoCohesion, {}, {});
  // The third neighbour, 170 px off, is no neighbour.
  EXPECT_NEAR(pull.x, 0.5 * 0.02, 1e-7);
  EXPECT_NEAR(pull.y, 0.25 * 0.02, 1e-7);
}

TEST(PondSchool, CohesionIsTheNormalisedVectorToTheNeighboursTimesTheSetting) {
  const SchoolSettings settings{0.05, pond_rules::kDefaultMaxSpeedPx};
  for (const double apart_px : {85.0, 120.0, 159.0}) {
    const PondFish fish = fish_at({{200.0F, 200.0F}, {200.0F, 200.0F + static_cast<float>(px(apart_px))}});
    const Vec2 pull = school_pull(fish, 0, settings, {}, {});
    EXPECT_NEAR(pull.x, 0.0, 1e-9);
    EXPECT_NEAR(pull.y, px(0.05), 1e-7) << "the same at " << apart_px << " px: it is normalised";
  }
}

TEST(PondSchool, ThePredatorScattersFishWithin200Px) {
  const PondFish fish = fish_at({{200.0F, 200.0F}});
  const Vec2 near[] = {{200.0F - static_cast<float>(px(150.0)), 200.0F}};
  const Vec2 pull = school_pull(fish, 0, kNoCohesion, {}, near);
  EXPECT_NEAR(pull.x, px(pond_rules::kFleeGainPx), 1e-7);
  const Vec2 far[] = {{200.0F - static_cast<float>(px(210.0)), 200.0F}};
  EXPECT_EQ(length(school_pull(fish, 0, kNoCohesion, {}, far)), 0.0);
}

TEST(PondSchool, TheSpeedIsClampedToTheMaximumEveryStep) {
  const PondWater water(kMeadow);
  const Vec2 c = water.centre();
  PondFish fish = fish_at({{c.x + 40.0F, c.y + 35.0F}}, {{3.0F, 0.0F}});
  step_school(fish, SchoolSettings{0.0, 0.5}, water, {}, {});
  EXPECT_NEAR(std::hypot(fish.vx[0], fish.vy[0]), px(0.5), 1e-12);
}

TEST(PondSchool, EachCrumbGoesToTheFirstFishWithin10PxAndAFishEatsOneAStep) {
  // 10 px are 2.5 world units.
  const PondFish fish = fish_at({{100.0F, 100.0F}, {102.0F, 100.0F}});
  const Vec2 crumbs[] = {{100.5F, 100.0F}, {101.0F, 100.0F}, {100.0F, 100.0F + static_cast<float>(px(10.5))}};
  const std::vector<int> eaten = crumbs_eaten(fish, crumbs);
  EXPECT_EQ(eaten, (std::vector<int>{0, 1, -1}));
}

TEST(PondSchool, NoFishEverLeavesTheWater) {
  const PondWater water(kMeadow);
  for (const double speed : {0.5, 4.0}) {
    PondFish fish = scatter_fish(pond_rules::kMaxFish, water, CounterRandom(3, 0, pond_random::kScatter));
    const Vec2 predators[] = {water.centre()};
    for (int step = 0; step < 3000; ++step) {
      step_school(fish, SchoolSettings{0.05, speed}, water, {}, step % 600 < 300 ? std::span<const Vec2>(predators)
                                                                                  : std::span<const Vec2>());
      for (std::size_t i = 0; i < fish.size(); ++i) {
        ASSERT_TRUE(water.swimmable(fish.x[i], fish.y[i])) << "fish " << i << " at step " << step;
      }
    }
  }
}

TEST(PondSchool, TheFishOrderChangesNothing) {
  const PondWater water(kMeadow);
  PondFish a = scatter_fish(20, water, CounterRandom(5, 0, pond_random::kScatter));
  PondFish b = a;
  // b holds the same fish backwards.
  for (auto* v : {&b.x, &b.y, &b.vx, &b.vy}) std::reverse(v->begin(), v->end());
  const Vec2 crumbs[] = {water.centre()};
  for (int s = 0; s < 50; ++s) {
    step_school(a, SchoolSettings{0.02, 2.0}, water, crumbs, {});
    step_school(b, SchoolSettings{0.02, 2.0}, water, crumbs, {});
  }
  for (std::size_t i = 0; i < a.size(); ++i) {
    const std::size_t j = a.size() - 1 - i;
    // The sums run over the neighbours in another order: equal to rounding.
    EXPECT_NEAR(a.x[i], b.x[j], 1e-6);
    EXPECT_NEAR(a.y[i], b.y[j], 1e-6);
  }
}

}  // namespace pond_school_test
}  // namespace meadow::sim
