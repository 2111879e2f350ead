// The plate's trails (server/sim/plate/plate_trails.hpp, PlateWorld as a TrailSource): each bird's
// path lifted at the seam, coloured from the plate's ramp; a fresh study the same every time from
// the seed; the live plate recorded after its warm-up, and cut short by a fresh scatter.
#include "sim/plate/plate_trails.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "sim/meadow.hpp"
#include "sim/plate/plate_world.hpp"

namespace meadow::sim {
namespace {

PlateBirds one_bird(double x, double y) { return PlateBirds{{x}, {y}, {1.0}, {0.0}}; }

TEST(PlateTrails, APathIsLiftedWhereItCrossesTheSeam) {
  PlatePathLog log(1);
  for (const double x : {0.96, 0.98, 0.0, 0.02, 0.04}) log.add(one_bird(x, 0.5));
  const std::vector<Trail> trails = log.trails();
  ASSERT_EQ(trails.size(), 1U);
  ASSERT_EQ(trails[0].pieces.size(), 2U);
  EXPECT_EQ(trails[0].pieces[0].size(), 2U);
  EXPECT_EQ(trails[0].pieces[1].size(), 3U);
  EXPECT_FLOAT_EQ(trails[0].pieces[1][0].x, 0.0F);
}

TEST(PlateTrails, ColoursComeFromTheWarmRampAsPublished) {
  const TrailColour first = plate_colour(0.0);
  EXPECT_NEAR(first[0], 0.46 + 0.5 * std::cos(2.0 * std::numbers::pi * 0.82), 1e-6);
  EXPECT_NEAR(first[1], 0.4185 + 0.4549 * std::cos(2.0 * std::numbers::pi * 0.87), 1e-6);
  EXPECT_NEAR(first[2], 0.1389 + 0.151 * std::cos(2.0 * std::numbers::pi * 0.92), 1e-6);
  const TrailColour last = plate_colour(1.0);
  EXPECT_NEAR(last[0], 0.46 + 0.5 * std::cos(2.0 * std::numbers::pi * 1.06), 1e-6);
  PlatePathLog log(3);
  for (int s = 0; s < 3; ++s) log.add(PlateBirds{{0.1, 0.2, 0.3}, {0.1, 0.1, 0.1}, {1, 1, 1}, {0, 0, 0}});
  const auto trails = log.trails();
  ASSERT_EQ(trails.size(), 3U);
  EXPECT_EQ(trails[0].colour, plate_colour(0.0));
  EXPECT_EQ(trails[1].colour, plate_colour(0.5));
  EXPECT_EQ(trails[2].colour, plate_colour(1.0));
}

TEST(PlateTrails, AFreshStudyIsTheSameEveryTimeAndHasTheStepsAsked) {
  const PlateWeights w{plate_rules::kDefaultSeparation, plate_rules::kDefaultAlignment, plate_rules::kDefaultCohesion,
                       plate_rules::kDefaultNeighbourhood};
  const TrailPlan plan{24, 12, 50};
  const std::vector<Trail> a = fresh_plate_trails(200, w, plan);
  const std::vector<Trail> b = fresh_plate_trails(200, w, plan);
  ASSERT_EQ(a.size(), 50U);
  for (std::size_t i = 0; i < a.size(); ++i) {
    std::size_t points = 0;
    for (const auto& piece : a[i].pieces) points += piece.size();
    EXPECT_EQ(points, 13U) << "the start and 12 steps, bird " << i;
    EXPECT_EQ(a[i].pieces, b[i].pieces);
  }
  // It starts where the plate stands after its warm-up.
  PlateBirds plate = scatter_birds(200, plate_rules::kSeed);
  SerialFor serial;
  for (int s = 0; s < 24; ++s) step_birds(plate, w, serial);
  EXPECT_FLOAT_EQ(a[0].pieces[0][0].x, static_cast<float>(plate.x[0]));
}

TEST(PlateTrails, TheLivePlateIsRecordedAfterItsWarmUpAndAFreshScatterCutsItShort) {
  Meadow meadow(1, {[](std::uint64_t, Land&) -> std::unique_ptr<World> { return std::make_unique<PlateWorld>(); }});
  SerialFor serial;
  TrailSource* source = meadow.world(WorldKind::plate)->trails();
  ASSERT_NE(source, nullptr);
  EXPECT_EQ(source->trail_bounds(Rect{0, 0, 1600, 900}), (Rect{0, 0, 1, 1}));
  source->record_trails(TrailSlot::operator_slot, TrailPlan{5, 10, 20}, 1);
  for (int t = 0; t < 14; ++t) meadow.step(serial);
  EXPECT_FALSE(source->take_trails(TrailSlot::operator_slot)) << "not done after 14 of 15 steps";
  meadow.step(serial);
  const auto trails = source->take_trails(TrailSlot::operator_slot);
  ASSERT_TRUE(trails);
  EXPECT_EQ(trails->size(), 20U);
  EXPECT_FALSE(source->recording_trails(TrailSlot::operator_slot));

  source->record_trails(TrailSlot::viewers, TrailPlan{0, 100, 20}, 1);
  Action rebuild{kOperator, 0, SettingsChange{WorldKind::plate, {{"birds", 100}}, std::nullopt}, WorldKind::plate};
  ASSERT_TRUE(meadow.apply(rebuild).accepted);
  meadow.step(serial);
  EXPECT_FALSE(source->recording_trails(TrailSlot::viewers)) << "a fresh scatter ends a recording under way";
  EXPECT_TRUE(source->fresh_trails(TrailPlan{}).has_value());
}

}  // namespace
}  // namespace meadow::sim
