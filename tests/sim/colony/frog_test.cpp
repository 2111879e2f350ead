// The frog (docs/rules.md "The frog"): it eats a firefly that lingers within its reach past its
// patience, at most one per catch gap; it hops towards where fireflies linger, never into the
// stump's keep-out, onto a rock or off the meadow; drops are refused where it may not sit and past
// the limit.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "colony_scene.hpp"
#include "sim/colony/colony.hpp"
#include "sim/colony/frog_look.hpp"
#include "sim/colony/colony_state_hash.hpp"
#include "sim/state_hash.hpp"

namespace meadow::sim::testing {
namespace {

// A firefly that stays put: sitting as if sipping, for `steps`, then off (home if it carries,
// else wandering).
ColonyFirefly& still(Scene& scene, Vec2 at, std::uint32_t steps = 100000, std::uint32_t flower = kNoFlower) {
  ColonyFirefly& f = scene.firefly(at, FireflyState::sipping);
  f.timer = steps;
  f.flower = flower;
  f.velocity = {};
  return f;
}

// Frogs that never hop, so a test of their eating is about eating only.
ColonyParams sitting_frogs() {
  ColonyParams p;
  p.frog_sit_min_steps = 1000000;
  p.frog_sit_max_steps = 1000000;
  return p;
}

// Frogs that hop after `sit` steps.
ColonyParams hopping_frogs(std::uint32_t sit) {
  ColonyParams p;
  p.frog_sit_min_steps = sit;
  p.frog_sit_max_steps = sit;
  return p;
}

const Frog& only_frog(const Colony& colony) {
  EXPECT_EQ(colony.state().frogs.size(), 1U);
  return colony.state().frogs.front();
}

TEST(Frog, AFireflyLingeringPastItsPatienceIsEatenAtOnce) {
  const ColonyParams p = sitting_frogs();
  Scene scene;
  const std::uint32_t prey = still(scene, {1000.0F, 300.0F}).id;
  Colony colony = scene.make(p);
  ASSERT_TRUE(colony.drop_frog({1000.0F + p.frog_reach - 5.0F, 300.0F}, kLand).accepted);
  run(colony, kLand, static_cast<int>(p.frog_patience_steps) - 1);
  ASSERT_NE(colony.firefly(prey), nullptr);
  EXPECT_TRUE(events_of<FrogCatchEvent>(colony).empty());
  run(colony, kLand, 1);
  // Swallowed whole: gone this very step (no fading light), counted as a death and as eaten.
  EXPECT_EQ(colony.firefly(prey), nullptr);
  const auto catches = events_of<FrogCatchEvent>(colony);
  ASSERT_EQ(catches.size(), 1U);
  EXPECT_EQ(catches[0].frog, only_frog(colony).id);
  EXPECT_EQ(catches[0].firefly, prey);
  EXPECT_EQ(catches[0].at, (Vec2{1000.0F, 300.0F}));
  const auto deaths = events_of<ColonyDeathEvent>(colony);
  ASSERT_EQ(deaths.size(), 1U);
  EXPECT_EQ(deaths[0].firefly, prey);
  EXPECT_EQ(colony.state().eaten_by_frogs, 1U);
  // It turned to its prey and gulps.
  EXPECT_NEAR(only_frog(colony).heading, std::numbers::pi_v<float>, 1e-5F);
  EXPECT_FLOAT_EQ(frog_look(only_frog(colony), p).gulp, 1.0F);
}

TEST(Frog, OneThatLeavesBeforeItsPatienceGetsAway) {
  const ColonyParams p = sitting_frogs();
  Scene scene;
  const std::uint32_t flower = scene.flower({1000.0F, 300.0F});
  // It sips a little less than the frog's patience, then carries its sip home, away from the
  // frog beside the flower.
  const std::uint32_t visitor = still(scene, {1000.0F, 300.0F}, p.frog_patience_steps - 40, flower).id;
  Colony colony = scene.make(p);
  ASSERT_TRUE(colony.drop_frog({1020.0F, 300.0F}, kLand).accepted);
  run(colony, kLand, 3 * static_cast<int>(p.frog_patience_steps));
  ASSERT_NE(colony.firefly(visitor), nullptr);
  EXPECT_TRUE(colony.firefly(visitor)->alive());
  EXPECT_EQ(colony.state().eaten_by_frogs, 0U);
  EXPECT_TRUE(events_of<FrogCatchEvent>(colony).empty());
}

TEST(Frog, OneOutsideItsReachIsNeverEaten) {
  const ColonyParams p = sitting_frogs();
  Scene scene;
  still(scene, {1000.0F, 300.0F});
  Colony colony = scene.make(p);
  ASSERT_TRUE(colony.drop_frog({1000.0F + p.frog_reach + 1.0F, 300.0F}, kLand).accepted);
  run(colony, kLand, 5 * static_cast<int>(p.frog_patience_steps));
  EXPECT_EQ(colony.state().eaten_by_frogs, 0U);
}

TEST(Frog, CatchesAtMostOneEachCatchGap) {
  const ColonyParams p = sitting_frogs();
  Scene scene;
  for (int i = 0; i < 3; ++i) still(scene, {1000.0F, 290.0F + 10.0F * static_cast<float>(i)});
  Colony colony = scene.make(p);
  ASSERT_TRUE(colony.drop_frog({1015.0F, 300.0F}, kLand).accepted);
  // All three lingered equally long: the first catch is the lowest id, then one a gap.
  run(colony, kLand, static_cast<int>(p.frog_patience_steps));
  ASSERT_EQ(colony.state().eaten_by_frogs, 1U);
  run(colony, kLand, static_cast<int>(p.frog_catch_gap_steps) - 1);
  EXPECT_EQ(colony.state().eaten_by_frogs, 1U);
  run(colony, kLand, 1);
  EXPECT_EQ(colony.state().eaten_by_frogs, 2U);
  run(colony, kLand, static_cast<int>(p.frog_catch_gap_steps));
  EXPECT_EQ(colony.state().eaten_by_frogs, 3U);
  std::vector<std::uint64_t> ticks;
  std::vector<std::uint32_t> eaten;
  for (const ColonyEvent& e : colony.events().events()) {
    if (const auto* c = std::get_if<FrogCatchEvent>(&e.body)) {
      ticks.push_back(e.tick);
      eaten.push_back(c->firefly);
    }
  }
  ASSERT_EQ(ticks.size(), 3U);
  EXPECT_EQ(ticks[1] - ticks[0], p.frog_catch_gap_steps);
  EXPECT_EQ(ticks[2] - ticks[1], p.frog_catch_gap_steps);
  EXPECT_EQ(eaten, (std::vector<std::uint32_t>{1, 2, 3}));
}

TEST(Frog, HopsTowardsTheFlowerWhereFirefliesLingerAndSettlesBesideIt) {
  const ColonyParams p = hopping_frogs(10);
  Scene scene;
  const Vec2 flower_at{950.0F, 395.0F};
  const std::uint32_t flower = scene.flower(flower_at);
  for (int i = 0; i < 3; ++i) still(scene, flower_at, 100000, flower);
  Colony colony = scene.make(p);
  ASSERT_TRUE(colony.drop_frog({800.0F, 395.0F}, kLand).accepted);
  run(colony, kLand, 10);
  const auto hops = events_of<FrogHopEvent>(colony);
  ASSERT_EQ(hops.size(), 1U);
  EXPECT_EQ(hops[0].from, (Vec2{800.0F, 395.0F}));
  EXPECT_NEAR(hops[0].to.x, 800.0F + p.frog_hop_length, 1e-3F);  // a full hop, straight at them
  EXPECT_NEAR(hops[0].to.y, 395.0F, 1e-3F);
  // Mid-hop it is on its way, facing them; then it lands where it hopped to, and sits.
  const Frog& frog = only_frog(colony);
  EXPECT_TRUE(frog.hopping());
  EXPECT_NEAR(frog.heading, 0.0F, 1e-5F);
  const FrogLook look = frog_look(frog, p);
  EXPECT_GT(look.hop, 0.0F);
  EXPECT_LT(look.hop, 1.0F);
  EXPECT_GT(look.at.x, 800.0F);
  EXPECT_LT(look.at.x, hops[0].to.x);
  run(colony, kLand, static_cast<int>(p.frog_hop_steps));
  EXPECT_FALSE(only_frog(colony).hopping());
  EXPECT_EQ(only_frog(colony).at, hops[0].to);
  EXPECT_EQ(frog_look(only_frog(colony), p).hop, 0.0F);
  // The next hop takes it beside the flower, the sitters well within its reach; there it sits on.
  run(colony, kLand, 10);
  const auto second = events_of<FrogHopEvent>(colony);
  ASSERT_EQ(second.size(), 2U);
  EXPECT_NEAR(distance(second[1].to, flower_at), p.frog_reach / 2.0F, 1e-3F);
  EXPECT_NEAR(second[1].to.y, 395.0F, 1e-3F);
  run(colony, kLand, 100);
  EXPECT_EQ(events_of<FrogHopEvent>(colony).size(), 2U);
}

TEST(Frog, FollowsAStreamOfForagersToTheirFlower) {
  const ColonyParams p = hopping_frogs(10);
  Scene scene;
  // Their flower is far beyond its senses; two foragers on their way to it pass close by (they
  // fly 20 units in the 10 steps the frog sits). A wanderer, nearer, belongs to no flower and
  // draws it nowhere.
  const std::uint32_t flower = scene.flower({1400.0F, 200.0F});
  for (const float x : {820.0F, 840.0F}) still(scene, {x, 500.0F}, 100000, flower).state = FireflyState::foraging;
  still(scene, {800.0F, 560.0F});
  Colony colony = scene.make(p);
  ASSERT_TRUE(colony.drop_frog({800.0F, 600.0F}, kLand).accepted);
  run(colony, kLand, 10);
  const auto hops = events_of<FrogHopEvent>(colony);
  ASSERT_EQ(hops.size(), 1U);
  EXPECT_NEAR(only_frog(colony).heading, std::atan2(200.0F - 600.0F, 1400.0F - 800.0F), 1e-4F);
}

TEST(Frog, WithNobodyAboutItHopsSomewhereStillOnTheMeadow) {
  const ColonyParams p = hopping_frogs(5);
  Colony colony = Scene().make(p);
  ASSERT_TRUE(colony.drop_frog({800.0F, 450.0F}, kLand).accepted);
  run(colony, kLand, 2000);
  EXPECT_GT(events_of<FrogHopEvent>(colony).size(), 20U);
  EXPECT_NE(only_frog(colony).at, (Vec2{800.0F, 450.0F}));
}

// Every frog, every step: on the meadow with its whole body and out of the stump's keep-out,
// even in the air; sitting or landing off every rock (it may leap over one); no hop longer than
// a hop.
void expect_frogs_where_they_may_be(const Colony& colony, const Land& land) {
  const ColonyParams& p = colony.params();
  for (const Frog& frog : colony.state().frogs) {
    for (const Vec2 at : {frog.at, frog.hop_to}) {
      EXPECT_GE(distance(at, colony.stump()), frog_stump_keep_out(p) - 1e-3F) << "frog " << frog.id;
      EXPECT_GE(at.x, kMeadow.x + p.frog_body_radius);
      EXPECT_LE(at.x, kMeadow.right() - p.frog_body_radius);
      EXPECT_GE(at.y, kMeadow.y + p.frog_body_radius);
      EXPECT_LE(at.y, kMeadow.bottom() - p.frog_body_radius);
    }
    const Vec2 sits = frog.hopping() ? frog.hop_to : frog.at;
    for (const Rock& rock : land.rocks()) EXPECT_GE(distance(sits, rock.center), rock.radius + p.frog_body_radius);
    EXPECT_LE(distance(frog.hop_from, frog.hop_to), p.frog_hop_length + 1e-3F);
  }
}

TEST(Frog, NeverHopsIntoTheStumpsKeepOut) {
  const ColonyParams p = hopping_frogs(5);
  Scene scene;
  const Vec2 stump = stump_of(p);
  // Fireflies sitting on a flower on the stump draw the frog towards it; it may go round, never
  // in, nor across.
  const std::uint32_t flower = scene.flower(stump);
  for (int i = 0; i < 5; ++i) still(scene, stump, 100000, flower);
  Colony colony = scene.make(p);
  ASSERT_TRUE(colony.drop_frog({stump.x + frog_stump_keep_out(p) + 60.0F, stump.y}, kLand).accepted);
  run(colony, kLand, 600, [&](const Colony& c) { expect_frogs_where_they_may_be(c, kLand); });
  EXPECT_GT(events_of<FrogHopEvent>(colony).size(), 0U);
  EXPECT_LT(distance(only_frog(colony).at, stump), frog_stump_keep_out(p) + p.frog_hop_length);
}

TEST(Frog, NeverHopsOntoARockOrOffTheMeadow) {
  const ColonyParams p = hopping_frogs(5);
  Land land;
  ASSERT_TRUE(land.add_rock({880.0F, 400.0F}).has_value());
  Scene scene;
  // Beyond the rock: the frog would land on it.
  const std::uint32_t flower = scene.flower({900.0F, 400.0F});
  still(scene, {900.0F, 400.0F}, 100000, flower);
  Colony colony = scene.make(p);
  ASSERT_TRUE(colony.drop_frog({800.0F, 400.0F}, land).accepted);
  // In a corner with nobody about: most ways it could hop are off the meadow.
  ASSERT_TRUE(colony.drop_frog({kMeadow.right() - 20.0F, kMeadow.y + 20.0F}, land).accepted);
  run(colony, land, 3000, [&](const Colony& c) { expect_frogs_where_they_may_be(c, land); });
  EXPECT_GE(events_of<FrogHopEvent>(colony).size(), 20U);
}

TEST(Frog, ALivingColonyKeepsItsFrogsWhereTheyMayBe) {
  ColonyParams p;
  Land land;
  ASSERT_TRUE(land.add_rock({600.0F, 500.0F}).has_value());
  ASSERT_TRUE(land.add_rock({400.0F, 650.0F}).has_value());
  Colony colony(5, kMeadow, p);
  ASSERT_TRUE(colony.drop_flower({500.0F, 550.0F}, land, 0).accepted);
  ASSERT_TRUE(colony.drop_flower({350.0F, 450.0F}, land, 0).accepted);
  ASSERT_TRUE(colony.drop_frog({450.0F, 600.0F}, land).accepted);
  ASSERT_TRUE(colony.drop_frog({300.0F, 500.0F}, land).accepted);
  ASSERT_TRUE(colony.drop_frog({700.0F, 300.0F}, land).accepted);
  run(colony, land, 20000, [&](const Colony& c) { expect_frogs_where_they_may_be(c, land); });
  EXPECT_GT(events_of<FrogHopEvent>(colony).size(), 0U);
}

TEST(Frog, DropsAreRefusedWhereAFrogMayNotSit) {
  const ColonyParams p;
  Land land;
  ASSERT_TRUE(land.add_rock({600.0F, 300.0F}).has_value());
  Colony colony(3, kMeadow, p);
  const Vec2 stump = colony.stump();
  const float keep_out = frog_stump_keep_out(p);
  const ActionOutcome near = colony.drop_frog({stump.x + keep_out - 1.0F, stump.y}, land);
  EXPECT_EQ(near.code, "no_room");
  EXPECT_NE(near.reason.find("stump"), std::string::npos);
  EXPECT_EQ(colony.drop_frog({600.0F, 300.0F + kRockRadius}, land).code, "no_room");  // its body on the rock
  EXPECT_EQ(colony.drop_frog({-10.0F, 300.0F}, land).code, "outside_meadow");
  EXPECT_EQ(colony.drop_frog({5.0F, 300.0F}, land).code, "outside_meadow");  // its body over the edge
  EXPECT_TRUE(colony.state().frogs.empty());
  EXPECT_TRUE(colony.drop_frog({stump.x + keep_out + 1.0F, stump.y}, land).accepted);
  EXPECT_EQ(colony.drop_frog({stump.x + keep_out + 10.0F, stump.y}, land).code, "no_room");  // on a frog
}

TEST(Frog, NoMoreThanTheLimitForViewersAndTheOperatorAlike) {
  const ColonyParams p;
  Colony colony(3, kMeadow, p);
  for (std::uint32_t i = 0; i < p.max_frogs; ++i) {
    ASSERT_TRUE(colony.drop_frog({500.0F + 100.0F * static_cast<float>(i), 300.0F}, kLand, 7 + i).accepted);
  }
  EXPECT_EQ(colony.drop_frog({1200.0F, 300.0F}, kLand, 100).code, "frog_limit");
  EXPECT_EQ(colony.drop_frog({1200.0F, 300.0F}, kLand, kOperator).code, "frog_limit");
  EXPECT_EQ(colony.state().frogs.size(), p.max_frogs);
  EXPECT_EQ(colony.state().frogs.front().owner, 7U);
}

TEST(Frog, OneViewerHasOneFrogOnTheMeadowAndTheOperatorAny) {
  const ColonyParams p;
  ASSERT_EQ(p.max_frogs_per_viewer, 1U);
  Colony colony(3, kMeadow, p);
  ASSERT_TRUE(colony.drop_frog({500.0F, 300.0F}, kLand, 7).accepted);
  EXPECT_EQ(colony.drop_frog({700.0F, 300.0F}, kLand, 7).code, "frog_limit_viewer");
  EXPECT_TRUE(colony.drop_frog({700.0F, 300.0F}, kLand, 8).accepted) << "another viewer has its own";
  EXPECT_TRUE(colony.drop_frog({900.0F, 300.0F}, kLand, kOperator).accepted);
  EXPECT_EQ(colony.state().frogs.size(), 3U);
}

// A visitor's sessions (its tabs, its reconnections) have one frog between them, and any of them
// takes it away; another visitor's session neither drops a second for it nor takes its frog.
TEST(Frog, AVisitorsSessionsShareOneFrogAndEachMayTakeItAway) {
  const ColonyParams p;
  Colony colony(3, kMeadow, p);
  constexpr std::uint64_t kVisitor = 41;
  ASSERT_TRUE(colony.drop_frog({500.0F, 300.0F}, kLand, 7, kVisitor).accepted);
  EXPECT_EQ(colony.state().frogs.front().visitor, kVisitor);
  EXPECT_EQ(colony.drop_frog({700.0F, 300.0F}, kLand, 8, kVisitor).code, "frog_limit_viewer") << "another tab";
  EXPECT_EQ(colony.tap_frog({500.0F, 300.0F}, kLand, 9, kVisitor + 1).code, "not_yours") << "another visitor";
  EXPECT_TRUE(colony.tap_frog({500.0F, 300.0F}, kLand, 10, kVisitor).accepted) << "the visitor, reconnected";
  EXPECT_TRUE(colony.state().frogs.empty());
}

TEST(Frog, ATapOnAFrogTakesItAwayAndElsewhereDropsOne) {
  const ColonyParams p;
  Colony colony(3, kMeadow, p);
  ASSERT_TRUE(colony.tap_frog({800.0F, 300.0F}, kLand, 7).accepted);
  ASSERT_EQ(colony.state().frogs.size(), 1U);
  // Only the viewer who dropped it takes it away, with a tap on its body; another is told so.
  const ActionOutcome other = colony.tap_frog({800.0F + p.frog_body_radius - 1.0F, 300.0F}, kLand, 9);
  EXPECT_FALSE(other.accepted);
  EXPECT_EQ(other.code, "not_yours");
  ASSERT_EQ(colony.state().frogs.size(), 1U);
  EXPECT_TRUE(colony.tap_frog({800.0F + p.frog_body_radius - 1.0F, 300.0F}, kLand, 7).accepted);
  EXPECT_TRUE(colony.state().frogs.empty());
  EXPECT_FALSE(colony.frog_at({800.0F, 300.0F}));
  ASSERT_TRUE(colony.tap_frog({800.0F, 300.0F}, kLand, 7).accepted);
  // The operator takes anyone's.
  EXPECT_TRUE(colony.tap_frog({800.0F, 300.0F}, kLand, kOperator).accepted);
  EXPECT_TRUE(colony.state().frogs.empty());
  ASSERT_TRUE(colony.tap_frog({800.0F, 300.0F}, kLand, 7).accepted);
  colony.clear_frogs();
  EXPECT_TRUE(colony.state().frogs.empty());
}

TEST(Frog, SavedAndRestoredItGoesOnTheSame) {
  ColonyParams p;
  Land land;
  Colony a(21, kMeadow, p);
  ASSERT_TRUE(a.drop_flower({500.0F, 500.0F}, land, 0).accepted);
  ASSERT_TRUE(a.drop_frog({480.0F, 520.0F}, land, 4).accepted);
  ASSERT_TRUE(a.drop_frog({420.0F, 600.0F}, land).accepted);
  run(a, land, 1500);
  ASSERT_FALSE(a.state().frogs.empty());
  Colony b(21, kMeadow, p, a.state());
  EXPECT_EQ(b.state().frogs, a.state().frogs);
  EXPECT_EQ(colony_state_hash(b.state()), colony_state_hash(a.state()));
  run(a, land, 3000);
  run(b, land, 3000);
  EXPECT_EQ(b.state().frogs, a.state().frogs);
  EXPECT_EQ(b.state().eaten_by_frogs, a.state().eaten_by_frogs);
  EXPECT_EQ(colony_state_hash(b.state()), colony_state_hash(a.state()));
}

// A colony with two flowers and a frog dropped beside them at step 60, and one at `second_frog`
// at step 900.
Colony with_frogs(std::uint64_t seed, Vec2 second_frog) {
  Land land;
  Colony colony(seed, kMeadow);
  (void)colony.drop_flower({500.0F, 500.0F}, land, 0);
  (void)colony.drop_flower({420.0F, 560.0F}, land, 0);
  for (int s = 0; s < 6000; ++s) {
    if (s == 60) (void)colony.drop_frog({470.0F, 530.0F}, land, 2);
    if (s == 900) (void)colony.drop_frog(second_frog, land, 3);
    colony.step(land, static_cast<std::uint64_t>(s));
  }
  return colony;
}

TEST(Frog, TheSameSeedAndDropsGiveTheSameColony) {
  const Colony a = with_frogs(42, {380.0F, 520.0F});
  const Colony b = with_frogs(42, {380.0F, 520.0F});
  EXPECT_EQ(a.state().frogs, b.state().frogs);
  EXPECT_EQ(colony_state_hash(a.state()), colony_state_hash(b.state()));
  EXPECT_EQ(a.events().last_sequence(), b.events().last_sequence());
  EXPECT_GT(events_of<FrogHopEvent>(a).size(), 0U);
  // A frog dropped elsewhere makes another colony.
  const Colony c = with_frogs(42, {700.0F, 300.0F});
  EXPECT_NE(colony_state_hash(a.state()), colony_state_hash(c.state()));
}

TEST(Frog, TheStateHashHoldsTheFrogs) {
  Colony colony(3, kMeadow);
  const std::uint64_t without = colony_state_hash(colony.state());
  ASSERT_TRUE(colony.drop_frog({800.0F, 300.0F}, kLand).accepted);
  const std::uint64_t one = colony_state_hash(colony.state());
  EXPECT_NE(one, without);
  ColonyState moved = colony.state();
  moved.frogs.front().at.x += 1.0F;
  EXPECT_NE(colony_state_hash(moved), one);
  moved = colony.state();
  moved.frogs.front().lingering.push_back({1, 3});
  const std::uint64_t lingering = colony_state_hash(moved);
  EXPECT_NE(lingering, one);
  ++moved.frogs.front().lingering.back().steps;
  EXPECT_NE(colony_state_hash(moved), lingering);
  moved = colony.state();
  ++moved.eaten_by_frogs;
  EXPECT_NE(colony_state_hash(moved), one);
}

TEST(Frog, ItsGulpFadesAfterACatch) {
  const ColonyParams p = sitting_frogs();
  Scene scene;
  still(scene, {1000.0F, 300.0F});
  Colony colony = scene.make(p);
  ASSERT_TRUE(colony.drop_frog({1010.0F, 300.0F}, kLand).accepted);
  EXPECT_EQ(frog_look(only_frog(colony), p).gulp, 0.0F);
  run(colony, kLand, static_cast<int>(p.frog_patience_steps));
  ASSERT_EQ(colony.state().eaten_by_frogs, 1U);
  EXPECT_FLOAT_EQ(frog_look(only_frog(colony), p).gulp, 1.0F);
  run(colony, kLand, static_cast<int>(p.frog_gulp_steps) / 2);
  EXPECT_NEAR(frog_look(only_frog(colony), p).gulp, 0.5F, 0.05F);
  run(colony, kLand, static_cast<int>(p.frog_gulp_steps));
  EXPECT_EQ(frog_look(only_frog(colony), p).gulp, 0.0F);
}

}  // namespace
}  // namespace meadow::sim::testing
