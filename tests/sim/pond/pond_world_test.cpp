// The pond as a world on the meadow (server/sim/pond/pond_world.hpp), reached through sim::Meadow as
// viewers and the operator reach it: crumbs and handfuls within their caps, "fed", the predator,
// its settings and rebuilds on a viewer's turn, determinism and its saved state.
#include "sim/pond/pond_world.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "sim/meadow.hpp"
#include "sim/state_hash.hpp"
#include "app/worker_pool.hpp"

namespace meadow::sim {
namespace pond_world_test {

constexpr std::uint64_t kViewer = 42;

std::vector<WorldMaker> pond_only() {
  return {[](std::uint64_t seed, Land& land) -> std::unique_ptr<World> {
    return std::make_unique<PondWorld>(seed, land.meadow());
  }};
}

Action in_pond(std::uint64_t origin, ActionBody body, std::uint64_t visitor = 0) {
  Action a{origin, 0, std::move(body)};
  a.world = WorldKind::pond;
  a.visitor = visitor;
  return a;
}

Action settings(std::uint64_t origin, std::vector<SettingValue> values, std::optional<std::string> preset = {}) {
  return in_pond(origin, SettingsChange{WorldKind::pond, std::move(values), std::move(preset)});
}

const PondWorld& pond_of(const Meadow& m) { return m.get<PondWorld>(); }

ActionOutcome act(Meadow& m, Action a) { return m.apply(a); }

// Steps until the cooldown between two taps has passed.
void wait_tap(Meadow& m, ParallelFor& p) {
  for (std::uint64_t t = 0; t <= viewer_limits::kTapCooldownTicks; ++t) m.step(p);
}

TEST(PondWorld, StartsWithTheDefaultSchoolInTheWater) {
  Meadow meadow(1, pond_only());
  const PondWorld& pond = pond_of(meadow);
  EXPECT_EQ(pond.fish().size(), pond_rules::kDefaultFish);
  for (std::size_t i = 0; i < pond.fish().size(); ++i) EXPECT_TRUE(pond.water().swimmable(pond.fish().x[i], pond.fish().y[i]));
}

TEST(PondWorld, ATapOnTheWaterDropsACrumbThatTheFishEatAndCount) {
  Meadow meadow(1, pond_only());
  SerialFor serial;
  const Vec2 c = pond_of(meadow).water().centre();
  EXPECT_EQ(act(meadow, in_pond(kViewer, FlowerTap{{c.x + 500.0F, c.y}})).code, "outside_world") << "not on the grass";
  wait_tap(meadow, serial);
  ASSERT_TRUE(act(meadow, in_pond(kViewer, FlowerTap{{c.x + 40.0F, c.y + 35.0F}})).accepted);
  EXPECT_EQ(pond_of(meadow).tools().crumbs().size(), 1U);
  for (int t = 0; t < 60 * 60 && pond_of(meadow).fed() == 0; ++t) meadow.step(serial);
  EXPECT_EQ(pond_of(meadow).fed(), 1U) << "a fish found it within a minute";
  EXPECT_TRUE(pond_of(meadow).tools().crumbs().empty());
  ASSERT_FALSE(pond_of(meadow).events().events().empty());
  EXPECT_EQ(std::get<PondCrumbEaten>(pond_of(meadow).events().events().back().body).crumb, 1U);
}

TEST(PondWorld, AHandfulScattersOverTheWaterWithinTheCaps) {
  Meadow meadow(1, pond_only());
  SerialFor serial;
  const Vec2 c = pond_of(meadow).water().centre();
  ASSERT_TRUE(act(meadow, in_pond(kViewer, FlowerTap{c, true}, 7)).accepted);
  EXPECT_EQ(pond_of(meadow).tools().crumbs().size(), pond_rules::kHandful);
  for (const PondCrumb& crumb : pond_of(meadow).tools().crumbs()) {
    EXPECT_TRUE(pond_of(meadow).water().in_water(crumb.at.x, crumb.at.y));
  }
  // A second handful goes up to the viewer's twelve, with a note; a third is refused; another tab
  // of the same visitor is held to the same twelve.
  wait_tap(meadow, serial);
  const std::size_t before = pond_of(meadow).tools().crumbs().size();
  (void)act(meadow, in_pond(kViewer, FlowerTap{c, true}, 7));
  EXPECT_LE(pond_of(meadow).tools().crumbs().size(), before + pond_rules::kHandful);
  while (pond_of(meadow).tools().crumbs().size() < pond_rules::kMaxCrumbsPerViewer) {
    wait_tap(meadow, serial);
    if (!act(meadow, in_pond(kViewer, FlowerTap{c, true}, 7)).accepted) break;
  }
  wait_tap(meadow, serial);
  const std::size_t held = pond_of(meadow).tools().crumbs().size();
  if (held >= pond_rules::kMaxCrumbsPerViewer) {
    EXPECT_EQ(act(meadow, in_pond(kViewer + 1, FlowerTap{c, true}, 7)).code, "food_limit_viewer");
  }
  EXPECT_TRUE(act(meadow, in_pond(kViewer + 2, FlowerTap{c, true}, 8)).accepted) << "another visitor has room";
}

TEST(PondWorld, TheOperatorClearsTheCrumbsAndViewersCannot) {
  Meadow meadow(1, pond_only());
  const Vec2 c = pond_of(meadow).water().centre();
  ASSERT_TRUE(act(meadow, in_pond(kViewer, FlowerTap{c, true})).accepted);
  EXPECT_EQ(act(meadow, in_pond(kViewer, Clear{"crumbs"})).code, "operator_only");
  EXPECT_EQ(act(meadow, in_pond(kOperator, Clear{"fish"})).code, "unknown_value");
  EXPECT_FALSE(pond_of(meadow).tools().crumbs().empty());
  EXPECT_TRUE(act(meadow, in_pond(kOperator, Clear{"crumbs"})).accepted);
  EXPECT_TRUE(pond_of(meadow).tools().crumbs().empty());
}

// Moderation's undo: what one visitor placed goes (its rocks, its crumbs), others' stay.
TEST(PondWorld, ATakeAwayTakesOneVisitorsThingsAndNoOnesElse) {
  Meadow meadow(1, pond_only());
  SerialFor serial;
  const Vec2 c = pond_of(meadow).water().centre();
  ASSERT_TRUE(act(meadow, in_pond(kViewer, FlowerTap{c, true}, 7)).accepted);
  ASSERT_TRUE(act(meadow, in_pond(kViewer + 1, FlowerTap{c, true}, 8)).accepted);
  ASSERT_TRUE(act(meadow, in_pond(kViewer + 2, RockTap{{200.0F, 600.0F}}, 7)).accepted) << "another tab of visitor 7";
  ASSERT_TRUE(act(meadow, in_pond(kOperator, RockTap{{300.0F, 600.0F}})).accepted);
  const std::size_t crumbs = pond_of(meadow).tools().crumbs().size();
  EXPECT_EQ(act(meadow, in_pond(kViewer, TakeAway{{kViewer}, 7})).code, "operator_only");
  ASSERT_TRUE(act(meadow, in_pond(kOperator, TakeAway{{kViewer}, 7})).accepted);
  for (const PondCrumb& crumb : pond_of(meadow).tools().crumbs()) EXPECT_EQ(crumb.visitor, 8U);
  EXPECT_EQ(pond_of(meadow).tools().crumbs().size(), crumbs - pond_rules::kHandful);
  ASSERT_EQ(meadow.land().rocks().size(), 1U);
  EXPECT_EQ(meadow.land().rocks()[0].owner, kOperator) << "the operator's rock stays";
  (void)serial;
}

TEST(PondWorld, TapsWaitTheirCooldown) {
  Meadow meadow(1, pond_only());
  const Vec2 c = pond_of(meadow).water().centre();
  ASSERT_TRUE(act(meadow, in_pond(kViewer, FlowerTap{{c.x + 40.0F, c.y + 35.0F}})).accepted);
  EXPECT_EQ(act(meadow, in_pond(kViewer, FlowerTap{{c.x + 42.0F, c.y + 35.0F}})).code, "too_fast");
}

TEST(PondWorld, ThePredatorScattersTheSchool) {
  Meadow calm(1, pond_only());
  Meadow chased(1, pond_only());
  SerialFor serial;
  for (int t = 0; t < 600; ++t) {
    calm.step(serial);
    chased.step(serial);
  }
  // Into the school's middle.
  const PondFish& fish = pond_of(chased).fish();
  Vec2 mid{0.0F, 0.0F};
  for (std::size_t i = 0; i < fish.size(); ++i) {
    mid.x += static_cast<float>(fish.x[i] / fish.size());
    mid.y += static_cast<float>(fish.y[i] / fish.size());
  }
  ASSERT_TRUE(act(chased, in_pond(kViewer, PredatorPointer{PointerPhase::down, mid})).accepted);
  EXPECT_EQ(pond_of(chased).tools().predators().size(), 1U);
  double nearest_calm = 1e9, nearest_chased = 1e9;
  for (int t = 0; t < 60; ++t) {
    calm.step(serial);
    chased.step(serial);
  }
  for (std::size_t i = 0; i < fish.size(); ++i) {
    nearest_calm = std::min(nearest_calm, std::hypot(pond_of(calm).fish().x[i] - mid.x, pond_of(calm).fish().y[i] - mid.y));
    nearest_chased = std::min(nearest_chased, std::hypot(fish.x[i] - mid.x, fish.y[i] - mid.y));
  }
  EXPECT_GT(nearest_chased, nearest_calm) << "the fish left the predator a ring of water";
  ASSERT_TRUE(act(chased, in_pond(kViewer, PredatorPointer{PointerPhase::up, mid})).accepted);
  EXPECT_TRUE(pond_of(chased).tools().predators().empty());
}

TEST(PondWorld, TheFishRebuildTheSchoolOnTheViewersTurnAndTheSchemaHoldsTheRanges) {
  Meadow meadow(1, pond_only());
  SerialFor serial;
  EXPECT_EQ(act(meadow, settings(kViewer, {{"fish", 61}})).code, "out_of_range");
  EXPECT_EQ(act(meadow, settings(kViewer, {{"fish", 4}})).code, "out_of_range");
  EXPECT_EQ(act(meadow, settings(kViewer, {{"max_speed", 4.1}})).code, "out_of_range");
  EXPECT_EQ(act(meadow, settings(kViewer, {{"cohesion", 0.051}})).code, "out_of_range");
  EXPECT_EQ(act(meadow, settings(kViewer, {}, "murky")).code, "unknown_value");
  ASSERT_TRUE(act(meadow, settings(kViewer, {{"fish", 60}})).accepted);
  meadow.step(serial);
  EXPECT_EQ(pond_of(meadow).fish().size(), 60U);
  EXPECT_EQ(act(meadow, settings(kViewer, {{"fish", 5}})).code, "count_cooldown");
  meadow.step(serial);
  EXPECT_EQ(pond_of(meadow).fish().size(), 60U);
  for (std::uint64_t t = 0; t < pond_rules::kFishCooldownTicks; ++t) meadow.step(serial);
  EXPECT_EQ(pond_of(meadow).fish().size(), 5U);
}

TEST(PondWorld, APresetIsAPaletteAndChangesNothingOfTheSchool) {
  Meadow meadow(1, pond_only());
  SerialFor serial;
  ASSERT_TRUE(act(meadow, settings(kViewer, {{"max_speed", 3.5}, {"cohesion", 0.04}})).accepted);
  ASSERT_TRUE(act(meadow, settings(kViewer, {}, "deep")).accepted);
  meadow.step(serial);
  const PondSettings& s = pond_of(meadow).settings();
  EXPECT_EQ(s.palette, PondPalette::deep);
  EXPECT_EQ(s.max_speed_px, 3.5);
  EXPECT_EQ(s.cohesion_px, 0.04);
  ViewerLocks locks;
  locks.settings = true;
  ASSERT_TRUE(act(meadow, Action{kOperator, 0, SetLocks{locks}}).accepted);
  EXPECT_EQ(act(meadow, settings(kViewer, {}, "arctic")).code, "locked");
}

// The same stamped actions on one thread and on two give the same pond, and the hash is pinned.
std::uint64_t run(ParallelFor& parallel) {
  Meadow meadow(11, pond_only());
  const Vec2 c = meadow.get<PondWorld>().water().centre();
  (void)act(meadow, in_pond(kViewer, FlowerTap{c, true}, 3));
  (void)act(meadow, in_pond(kViewer + 1, PredatorPointer{PointerPhase::down, {c.x - 60.0F, c.y}}));
  for (int t = 0; t < 300; ++t) meadow.step(parallel);
  (void)act(meadow, in_pond(kViewer + 1, PredatorPointer{PointerPhase::up, {c.x - 60.0F, c.y}}));
  (void)act(meadow, settings(kViewer, {{"cohesion", 0.05}, {"fish", 40}}));
  for (int t = 0; t < 300; ++t) meadow.step(parallel);
  return meadow_state_hash(meadow);
}

TEST(PondWorld, OneThreadIsTwoAndTheHashIsPinned) {
  SerialFor serial;
  app::WorkerPool pool(2);
  const std::uint64_t one = run(serial);
  EXPECT_EQ(one, run(pool));
  // Pinned: a change of the pond's rules or numbers changes it (update it knowingly).
  EXPECT_EQ(one, 0x3f69ffa0d0315ea8ULL) << std::hex << one;
}

TEST(PondWorld, ARestoredPondStepsOnBitForBit) {
  Meadow meadow(1, pond_only());
  SerialFor serial;
  const Vec2 c = meadow.get<PondWorld>().water().centre();
  ASSERT_TRUE(act(meadow, in_pond(kViewer, FlowerTap{c, true})).accepted);
  for (int t = 0; t < 40; ++t) meadow.step(serial);
  const MeadowState saved = meadow.save();
  Meadow again(1, pond_only());
  EXPECT_TRUE(again.restore(saved).empty());
  EXPECT_EQ(pond_of(again).fish(), pond_of(meadow).fish());
  for (int t = 0; t < 200; ++t) {
    meadow.step(serial);
    again.step(serial);
  }
  EXPECT_EQ(meadow_state_hash(meadow), meadow_state_hash(again));
  EXPECT_EQ(pond_of(again).fed(), pond_of(meadow).fed());
}

}  // namespace pond_world_test
}  // namespace meadow::sim
