// The confusion study (server/sim/pond/pond_confusion.hpp): deterministic from its seed, a lone
// fish is caught and never confuses, fish across the predator's view make it lose targets, and
// the geometry of "across its view".
#include "sim/pond/pond_confusion.hpp"

#include <gtest/gtest.h>

#include "sim/land.hpp"

namespace meadow::sim {
namespace pond_confusion_test {

const Rect kMeadow{0.0F, 0.0F, kMeadowWidth, kMeadowHeight};

TEST(PondConfusion, DistanceToTheLineOfSight) {
  EXPECT_FLOAT_EQ(distance_to_segment({5.0F, 3.0F}, {0.0F, 0.0F}, {10.0F, 0.0F}), 3.0F);
  EXPECT_FLOAT_EQ(distance_to_segment({-4.0F, 3.0F}, {0.0F, 0.0F}, {10.0F, 0.0F}), 5.0F) << "behind the predator";
  EXPECT_FLOAT_EQ(distance_to_segment({13.0F, 4.0F}, {0.0F, 0.0F}, {10.0F, 0.0F}), 5.0F) << "beyond the target";
}

TEST(PondConfusion, ALoneFishIsCaughtAndNeverConfusesIt) {
  ConfusionRun run;
  run.fish = pond_rules::kMinFish;
  run.steps = 3600;
  const ConfusionResult r = run_confusion(run, kMeadow);
  EXPECT_GT(r.catches, 0U);
  ConfusionRun lone = run;
  lone.fish = 1;
  const ConfusionResult one = run_confusion(lone, kMeadow);
  EXPECT_GT(one.catches, 0U);
  EXPECT_EQ(one.targets_lost, 0U) << "no other fish can cross its view";
  EXPECT_EQ(one.crossings_per_step, 0.0);
}

TEST(PondConfusion, IsDeterministicFromItsSeed) {
  ConfusionRun run;
  run.fish = 30;
  run.steps = 1200;
  const ConfusionResult a = run_confusion(run, kMeadow);
  const ConfusionResult b = run_confusion(run, kMeadow);
  EXPECT_EQ(a.catches, b.catches);
  EXPECT_EQ(a.targets_lost, b.targets_lost);
  EXPECT_EQ(a.chase_steps, b.chase_steps);
}

TEST(PondConfusion, ABigTightSchoolConfusesThePredatorMoreThanAFewFish) {
  ConfusionRun few;
  few.fish = 5;
  few.steps = 7200;
  ConfusionRun many = few;
  many.fish = 60;
  many.cohesion_px = pond_rules::kMaxCohesionPx;
  const ConfusionResult a = run_confusion(few, kMeadow);
  const ConfusionResult b = run_confusion(many, kMeadow);
  EXPECT_GT(b.crossings_per_step, a.crossings_per_step);
  EXPECT_GT(b.targets_lost, a.targets_lost);
  // Each fish's risk: catches per fish.
  EXPECT_LT(static_cast<double>(b.catches) / many.fish, static_cast<double>(a.catches) / few.fish);
}

}  // namespace pond_confusion_test
}  // namespace meadow::sim
