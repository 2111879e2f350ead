// The wall's caretaker (server/app/caretaker/), on a fast clock: settings drift back after a quiet
// spell (the operator's become the new start), a visitor's rock fades once its visitor has been
// gone a while (not while any of its sessions is here; the operator's stay), a languishing world
// is revived, opening hours rest the meadow and tell everyone when it opens, and a rule switched
// off does nothing.
#include "app/caretaker/caretaker.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <variant>
#include <vector>

#include "sim/pond/pond_world.hpp"
#include "support/test_world_kind.hpp"

namespace meadow::app {
namespace caretaker_test {

constexpr double kWait = 60.0;

CareSettings fast() {
  CareSettings s;
  s.drift_after = kWait;
  s.rocks_after = kWait;
  s.revive_after = kWait;
  return s;
}

// A world that languishes when told to, revived by a rock at a spot (an action the meadow takes).
class Wilting final : public sim::World {
 public:
  static constexpr sim::WorldKind kKind = testing::kTestWorldKind;
  bool wilted = false;
  [[nodiscard]] sim::WorldKind kind() const override { return kKind; }
  void step(const sim::WorldStep& /*step*/) override {}
  [[nodiscard]] std::uint64_t steps() const override { return 0; }
  [[nodiscard]] std::span<const sim::Price> prices() const override { return {}; }
  std::optional<sim::ActionOutcome> apply(const sim::Action& /*action*/, sim::Land& /*land*/) override { return std::nullopt; }
  void figures(std::vector<sim::WorldFigure>& /*out*/) const override {}
  [[nodiscard]] std::unique_ptr<sim::WorldState> save() const override { return nullptr; }
  void restore(const sim::WorldState& /*state*/, sim::Land& /*land*/) override {}
  [[nodiscard]] bool languishing() const override { return wilted; }
  [[nodiscard]] std::vector<sim::ActionBody> revival() const override { return {sim::RockTap{{300.0F, 300.0F}}}; }
};

std::unique_ptr<sim::Meadow> pond_and_wilting() {
  return std::make_unique<sim::Meadow>(
      5, std::vector<sim::WorldMaker>{[](std::uint64_t seed, sim::Land& land) -> std::unique_ptr<sim::World> {
                                        return std::make_unique<sim::PondWorld>(seed, land.meadow());
                                      },
                                      [](std::uint64_t, sim::Land&) -> std::unique_ptr<sim::World> {
                                        return std::make_unique<Wilting>();
                                      }});
}

struct Wall {
  std::unique_ptr<sim::Meadow> meadow = pond_and_wilting();
  CareSwitches switches;
  Caretaker care;
  explicit Wall(const CareSettings& s = fast()) : switches(s), care(s, switches, *meadow, 0.0) {}
  // An action applied as the sim loop applies it: the caretaker sees it.
  sim::ActionOutcome act(sim::Action a, double now) {
    const sim::ActionOutcome outcome = meadow->apply(a);
    care.saw(a, outcome, *meadow, now);
    return outcome;
  }
  std::vector<CareDecision> look(double now, int minute = 20 * 60) {
    std::vector<CareDecision> out = care.look(CareClock{now, minute}, *meadow);
    for (CareDecision& d : out) (void)meadow->apply(d.action);
    return out;
  }
};

sim::Action by(std::uint64_t origin, sim::ActionBody body, std::uint64_t visitor = 0) {
  sim::Action a{origin, 0, std::move(body), sim::WorldKind::pond};
  a.visitor = visitor;
  return a;
}

double cohesion_of(const sim::Meadow& m) { return m.get<sim::PondWorld>().settings().cohesion_px; }

TEST(Caretaker, AViewersSettingsDriftBackAfterAQuietSpell) {
  Wall wall;
  const double start = cohesion_of(*wall.meadow);
  ASSERT_TRUE(wall.act(by(7, sim::SettingsChange{sim::WorldKind::pond, {{"cohesion", 0.05}}, std::nullopt}), 10.0).accepted);
  wall.meadow->settle_actions();
  EXPECT_TRUE(wall.look(10.0 + kWait - 1.0).empty()) << "not yet: touched less than a wait ago";
  const auto decisions = wall.look(10.0 + kWait + 1.0);
  ASSERT_EQ(decisions.size(), 1U);
  EXPECT_EQ(decisions[0].rule, CareRule::drift);
  EXPECT_EQ(decisions[0].action.origin, sim::kOperator);
  wall.meadow->settle_actions();
  EXPECT_EQ(cohesion_of(*wall.meadow), start);
  EXPECT_EQ(wall.switches.counted(CareRule::drift), 1U);
  EXPECT_TRUE(wall.look(10.0 + 3 * kWait).empty()) << "back where it started: nothing more to do";
}

TEST(Caretaker, TheOperatorsSettingsAreWhereTheyDriftBackTo) {
  Wall wall;
  ASSERT_TRUE(wall.act(by(sim::kOperator, sim::SettingsChange{sim::WorldKind::pond, {{"cohesion", 0.04}}, std::nullopt}), 1.0).accepted);
  wall.meadow->settle_actions();
  EXPECT_TRUE(wall.look(5 * kWait).empty());
  EXPECT_EQ(cohesion_of(*wall.meadow), 0.04);
}

TEST(Caretaker, AVisitorsRockFadesAWhileAfterItsVisitorLeft) {
  Wall wall;
  ASSERT_TRUE(wall.act(by(7, sim::RockTap{{400.0F, 400.0F}}, 77), 0.0).accepted);
  ASSERT_TRUE(wall.act(by(sim::kOperator, sim::RockTap{{600.0F, 400.0F}}), 0.0).accepted);
  EXPECT_TRUE(wall.look(2 * kWait).empty()) << "its visitor is here";
  // Its session leaves, but another of the same visitor (a second tab) is here: it stays.
  ASSERT_TRUE(wall.act(by(8, sim::RockTap{{800.0F, 400.0F}}, 77), 2 * kWait).accepted);
  ASSERT_TRUE(wall.act(by(7, sim::ViewerLeft{}, 77), 2 * kWait).accepted);
  EXPECT_TRUE(wall.look(4 * kWait).empty());
  // Then the visitor is gone: both its rocks fade a wait later, the operator's stays.
  ASSERT_TRUE(wall.act(by(8, sim::ViewerLeft{}, 77), 4 * kWait).accepted);
  EXPECT_TRUE(wall.look(4 * kWait + 1.0).empty()) << "a wait from now";
  const auto faded = wall.look(5 * kWait + 2.0);
  EXPECT_EQ(faded.size(), 2U);
  ASSERT_EQ(wall.meadow->land().rocks().size(), 1U);
  EXPECT_EQ(wall.meadow->land().rocks()[0].owner, sim::kOperator);
}

TEST(Caretaker, ALanguishingWorldIsRevivedAfterAWait) {
  Wall wall;
  auto& wilting = const_cast<Wilting&>(wall.meadow->get<Wilting>());
  wilting.wilted = true;
  EXPECT_TRUE(wall.look(1.0).empty());
  EXPECT_TRUE(wall.look(kWait).empty());
  const auto revived = wall.look(kWait + 2.0);
  ASSERT_EQ(revived.size(), 1U);
  EXPECT_EQ(revived[0].rule, CareRule::revive);
  EXPECT_TRUE(std::holds_alternative<sim::RockTap>(revived[0].action.body));
  EXPECT_EQ(wall.meadow->land().rocks().size(), 1U) << "the revival was applied";
  // Well again before a wait: nothing; the wait starts over when it wilts again.
  wilting.wilted = false;
  EXPECT_TRUE(wall.look(3 * kWait).empty());
}

TEST(Caretaker, OutsideItsHoursTheMeadowRestsAndEveryoneIsToldWhenItOpens) {
  CareSettings s = fast();
  std::string error;
  s.hours = parse_opening_hours("18:00-02:00", error);
  ASSERT_TRUE(s.hours) << error;
  Wall wall(s);
  EXPECT_TRUE(wall.look(1.0, 23 * 60).empty()) << "open at 23:00";
  const auto closing = wall.look(2.0, 3 * 60);
  ASSERT_EQ(closing.size(), 1U);
  EXPECT_EQ(std::get<sim::SetPaused>(closing[0].action.body).paused, true);
  EXPECT_NE(closing[0].notice.find("18:00"), std::string::npos) << closing[0].notice;
  EXPECT_TRUE(wall.meadow->paused());
  EXPECT_TRUE(wall.switches.closed.load());
  EXPECT_TRUE(wall.look(3.0, 12 * 60).empty()) << "still closed at noon: said once";
  const auto opening = wall.look(4.0, 18 * 60);
  ASSERT_EQ(opening.size(), 1U);
  EXPECT_FALSE(wall.meadow->paused());
  // Closed again, then the operator switches the rule off: the wall opens.
  (void)wall.look(5.0, 4 * 60);
  wall.switches.set(CareRule::hours, false);
  ASSERT_EQ(wall.look(6.0, 4 * 60).size(), 1U);
  EXPECT_FALSE(wall.meadow->paused());
}

TEST(Caretaker, ARuleSwitchedOffDoesNothing) {
  Wall wall;
  wall.switches.set(CareRule::rocks, false);
  ASSERT_TRUE(wall.act(by(7, sim::RockTap{{400.0F, 400.0F}}, 77), 0.0).accepted);
  ASSERT_TRUE(wall.act(by(7, sim::ViewerLeft{}, 77), 0.0).accepted);
  EXPECT_TRUE(wall.look(1.0).empty());
  EXPECT_TRUE(wall.look(10 * kWait).empty());
  EXPECT_EQ(wall.meadow->land().rocks().size(), 1U);
}

TEST(CareRules, OpeningHoursReadAndHoldPastMidnight) {
  std::string error;
  const auto late = parse_opening_hours("18:00-02:00", error);
  ASSERT_TRUE(late);
  EXPECT_TRUE(late->open_at(23 * 60));
  EXPECT_TRUE(late->open_at(60));
  EXPECT_FALSE(late->open_at(2 * 60));
  EXPECT_FALSE(late->open_at(12 * 60));
  EXPECT_FALSE(parse_opening_hours("6pm-2am", error));
  EXPECT_FALSE(parse_opening_hours("25:00-02:00", error));
  EXPECT_EQ(opening_time(18 * 60 + 5), "18:05");
  EXPECT_EQ(care_rule_named("revive"), CareRule::revive);
  EXPECT_FALSE(care_rule_named("sweep"));
}

}  // namespace caretaker_test
}  // namespace meadow::app
