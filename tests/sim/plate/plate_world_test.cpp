// The plate as a world on the meadow (server/sim/plate/plate_world.hpp), reached through
// sim::Meadow as viewers and the operator reach it: its settings, its rebuilds on a viewer's turn,
// its crossings, its saved state.
#include "sim/plate/plate_world.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "sim/meadow.hpp"
#include "sim/state_hash.hpp"

namespace meadow::sim {
namespace {

constexpr std::uint64_t kViewer = 42;

std::vector<WorldMaker> plate_only() {
  return {[](std::uint64_t, Land&) -> std::unique_ptr<World> { return std::make_unique<PlateWorld>(); }};
}

Action settings(std::uint64_t origin, std::vector<SettingValue> values, std::optional<std::string> preset = {}) {
  Action a{origin, 0, SettingsChange{WorldKind::plate, std::move(values), std::move(preset)}};
  a.world = WorldKind::plate;
  return a;
}

const PlateWorld& plate_of(const Meadow& m) { return m.get<PlateWorld>(); }

ActionOutcome act(Meadow& m, Action a) { return m.apply(a); }

TEST(PlateWorld, StartsFromTheSourcesScatterAndStepsOnceATick) {
  Meadow meadow(1, plate_only());
  EXPECT_EQ(plate_of(meadow).birds(), scatter_birds(plate_rules::kDefaultBirds, plate_rules::kSeed));
  SerialFor serial;
  for (int t = 0; t < 10; ++t) meadow.step(serial);
  EXPECT_EQ(plate_of(meadow).run_steps(), 10U);
  EXPECT_EQ(plate_of(meadow).steps(), 10U);
}

TEST(PlateWorld, AMeadowOfAnotherSeedHasTheSamePlate) {
  Meadow a(1, plate_only());
  Meadow b(99, plate_only());
  SerialFor serial;
  for (int t = 0; t < 30; ++t) {
    a.step(serial);
    b.step(serial);
  }
  EXPECT_EQ(plate_of(a).birds(), plate_of(b).birds());
}

TEST(PlateWorld, ChangingTheBirdsScattersAFreshPlateOnTheViewersTurn) {
  Meadow meadow(1, plate_only());
  SerialFor serial;
  for (int t = 0; t < 5; ++t) meadow.step(serial);
  EXPECT_TRUE(act(meadow, settings(kViewer, {{"birds", 300}})).accepted);
  meadow.step(serial);
  EXPECT_EQ(plate_of(meadow).birds().size(), 300U);
  EXPECT_EQ(plate_of(meadow).run_steps(), 1U) << "the run starts again with the scatter";
  // Within the cooldown the next count waits for the viewer's turn, with a note.
  const ActionOutcome soon = act(meadow, settings(kViewer, {{"birds", 100}}));
  EXPECT_TRUE(soon.accepted);
  EXPECT_EQ(soon.code, "count_cooldown");
  meadow.step(serial);
  EXPECT_EQ(plate_of(meadow).birds().size(), 300U);
  for (std::uint64_t t = 0; t < plate_rules::kBirdsCooldownTicks; ++t) meadow.step(serial);
  EXPECT_EQ(plate_of(meadow).birds().size(), 100U);
  // The operator needs no turn.
  EXPECT_TRUE(act(meadow, settings(kOperator, {{"birds", 420}})).accepted);
  EXPECT_TRUE(act(meadow, settings(kOperator, {{"birds", 60}})).accepted);
  meadow.step(serial);
  EXPECT_EQ(plate_of(meadow).birds().size(), 60U);
}

TEST(PlateWorld, TheSchemaRefusesWhatIsOutsideTheLiveRanges) {
  Meadow meadow(1, plate_only());
  EXPECT_EQ(act(meadow, settings(kViewer, {{"birds", 421}})).code, "out_of_range");
  EXPECT_EQ(act(meadow, settings(kViewer, {{"birds", 59}})).code, "out_of_range");
  EXPECT_EQ(act(meadow, settings(kViewer, {{"cohesion", 2.6}})).code, "out_of_range");
  EXPECT_EQ(act(meadow, settings(kViewer, {{"neighbourhood", 0.03}})).code, "out_of_range");
  EXPECT_EQ(act(meadow, settings(kViewer, {}, "murmuration")).code, "unknown_value");
  EXPECT_TRUE(act(meadow, settings(kViewer, {{"neighbourhood", 0.2}, {"trail_length", 0}})).accepted);
}

TEST(PlateWorld, APresetSetsTheWeightsAloneAndTheLockStopsViewers) {
  Meadow meadow(1, plate_only());
  SerialFor serial;
  EXPECT_TRUE(act(meadow, settings(kViewer, {{"neighbourhood", 0.1}}, "knot")).accepted);
  meadow.step(serial);
  const PlateSettings& s = plate_of(meadow).settings();
  EXPECT_EQ(s.separation, 0.0);
  EXPECT_EQ(s.alignment, 0.0);
  EXPECT_EQ(s.cohesion, plate_rules::kMaxWeight);
  EXPECT_EQ(s.neighbourhood, 0.1);
  EXPECT_EQ(plate_preset_matching(s), "knot");
  ViewerLocks locks;
  locks.settings = true;
  ASSERT_TRUE(act(meadow, Action{kOperator, 0, SetLocks{locks}}).accepted);
  EXPECT_EQ(act(meadow, settings(kViewer, {}, "gas")).code, "locked");
  EXPECT_TRUE(act(meadow, settings(kOperator, {}, "gas")).accepted);
}

TEST(PlateWorld, AStreamAnnouncesItsCrossingIntoOrder) {
  Meadow meadow(1, plate_only());
  SerialFor serial;
  ASSERT_TRUE(act(meadow, settings(kOperator, {}, "stream")).accepted);
  // Past 0.9 by the hysteresis: 0.944 after the warm-up, 0.988 after the study's 360 steps.
  for (std::uint32_t t = 0; t < plate_rules::kWarmUpSteps + plate_rules::kRecordedSteps; ++t) meadow.step(serial);
  bool rose = false;
  for (const auto& e : plate_of(meadow).events().events()) {
    const OrderCrossing& c = std::get<OrderCrossing>(e.body);
    rose = rose || (c.rising && c.threshold == plate_rules::kStreamThreshold);
  }
  EXPECT_TRUE(rose);
}

TEST(PlateWorld, ARestoredPlateStepsOnBitForBit) {
  Meadow meadow(1, plate_only());
  SerialFor serial;
  ASSERT_TRUE(act(meadow, settings(kViewer, {{"birds", 250}})).accepted);
  for (int t = 0; t < 40; ++t) meadow.step(serial);
  const MeadowState saved = meadow.save();
  Meadow again(1, plate_only());
  EXPECT_TRUE(again.restore(saved).empty());
  EXPECT_EQ(plate_of(again).birds(), plate_of(meadow).birds());
  for (int t = 0; t < 40; ++t) {
    meadow.step(serial);
    again.step(serial);
  }
  EXPECT_EQ(meadow_state_hash(meadow), meadow_state_hash(again));
  EXPECT_EQ(plate_of(again).run_steps(), plate_of(meadow).run_steps());
}

}  // namespace
}  // namespace meadow::sim
