// The meadow as a router (sim/meadow.hpp): every action reaches the world its viewer watches and
// no other; a world that does not take an action says so; the operator's locks and pause hold for
// every world, a world the meadow knows only through sim::World included.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "meadow_fixture.hpp"
#include "sim/world.hpp"
#include "support/test_world_kind.hpp"

namespace meadow::sim {
namespace {

using testing::act;
using testing::run_ticks;

// A world that takes the attract tool and nothing else, and writes down everything the meadow
// asks of it.
class RecordingWorld final : public World {
 public:
  struct Log {
    std::vector<std::uint64_t> attracts_from;
    std::vector<bool> steps_paused;
    std::vector<std::uint64_t> released;
    std::vector<std::uint64_t> left;
    std::vector<std::uint32_t> rocks;
    std::optional<Vec2> objects_to;  // a rock here is refused
    // What it declares (the attract tool alone, unless a test says otherwise).
    std::vector<Price> prices{Price{.message = "attract tap (recording world)", .body = body_index<AttractTap>(),
                                    .lock = &ViewerLocks::attract, .locked_what = "the attract tool"}};
  };

  explicit RecordingWorld(std::shared_ptr<Log> log) : log_(std::move(log)) {}

  [[nodiscard]] WorldKind kind() const override { return meadow::testing::kTestWorldKind; }
  void step(const WorldStep& step) override {
    log_->steps_paused.push_back(step.paused);
    ++steps_;
  }
  [[nodiscard]] std::uint64_t steps() const override { return steps_; }
  [[nodiscard]] std::span<const Price> prices() const override { return log_->prices; }
  std::optional<ActionOutcome> apply(const Action& action, Land& /*land*/) override {
    if (!std::holds_alternative<AttractTap>(action.body)) return std::nullopt;
    log_->attracts_from.push_back(action.origin);
    return ActionOutcome{};
  }
  [[nodiscard]] std::optional<ActionOutcome> refuses_rock(Vec2 at) const override {
    if (log_->objects_to && distance(*log_->objects_to, at) < 1.0F) return refused("test_objects", "Not here.");
    return std::nullopt;
  }
  void rock_placed(const Rock& rock) override { log_->rocks.push_back(rock.id); }
  void pointer_released(std::uint64_t viewer) override { log_->released.push_back(viewer); }
  void viewer_left(std::uint64_t viewer) override { log_->left.push_back(viewer); }
  void figures(std::vector<WorldFigure>& /*out*/) const override {}
  struct State final : WorldState {
    static constexpr WorldKind kKind = meadow::testing::kTestWorldKind;
    [[nodiscard]] WorldKind kind() const override { return kKind; }
    std::uint64_t steps = 0;
  };
  [[nodiscard]] std::unique_ptr<WorldState> save() const override {
    auto state = std::make_unique<State>();
    state->steps = steps_;
    return state;
  }
  void restore(const WorldState& state, Land& /*land*/) override { steps_ = state_as<State>(state).steps; }

 private:
  std::shared_ptr<Log> log_;
  std::uint64_t steps_ = 0;
};

constexpr std::uint64_t kViewer = 7;
constexpr Vec2 kSomewhere{400.0F, 300.0F};

struct ThreeWorlds {
  std::shared_ptr<RecordingWorld::Log> log = std::make_shared<RecordingWorld::Log>();
  Meadow meadow;

  ThreeWorlds() : meadow(make(log)) {}

  static Meadow make(const std::shared_ptr<RecordingWorld::Log>& log) {
    Land land;
    std::vector<WorldMaker> worlds = swarm_and_colony(std::make_unique<CpuSwarm>(3, 200, land));
    worlds.emplace_back([log](std::uint64_t, Land&) { return std::make_unique<RecordingWorld>(log); });
    return Meadow(3, worlds);
  }
};

TEST(MeadowRouting, TheWorldsRunInTheOrderOfTheirKinds) {
  ThreeWorlds t;
  ASSERT_EQ(t.meadow.worlds().size(), 3U);
  EXPECT_EQ(t.meadow.worlds()[0]->kind(), WorldKind::swarm);
  EXPECT_EQ(t.meadow.worlds()[1]->kind(), WorldKind::colony);
  EXPECT_EQ(t.meadow.worlds()[2]->kind(), meadow::testing::kTestWorldKind);
  EXPECT_FALSE(t.meadow.runs(WorldKind::mold));
}

TEST(MeadowRouting, AnActionReachesTheWorldItsViewerWatchesAndNoOther) {
  ThreeWorlds t;
  EXPECT_TRUE(act(t.meadow, kViewer, AttractTap{kSomewhere}, meadow::testing::kTestWorldKind).accepted);
  EXPECT_EQ(t.log->attracts_from, std::vector<std::uint64_t>{kViewer});
  EXPECT_TRUE(swarm_of(t.meadow).tools().attract_marks().empty());

  EXPECT_TRUE(act(t.meadow, kViewer + 1, AttractTap{kSomewhere}, WorldKind::swarm).accepted);
  EXPECT_EQ(swarm_of(t.meadow).tools().attract_marks().size(), 1U);
  EXPECT_EQ(t.log->attracts_from.size(), 1U) << "the swarm's tap reached the test world too";
}

TEST(MeadowRouting, AToolAWorldDoesNotTakeIsRefusedWithANoticeAndChangesNothing) {
  ThreeWorlds t;
  const ActionOutcome flower = act(t.meadow, kViewer, FlowerTap{kSomewhere}, meadow::testing::kTestWorldKind);
  EXPECT_FALSE(flower.accepted);
  EXPECT_EQ(flower.code, "tool_unavailable");
  EXPECT_NE(flower.reason.find("test"), std::string::npos) << flower.reason;
  EXPECT_TRUE(swarm_of(t.meadow).tools().crumbs().empty());
}

TEST(MeadowRouting, AWorldTakesNothingItDeclaresNoPriceFor) {
  ThreeWorlds t;
  t.log->prices.clear();
  const ActionOutcome viewer = act(t.meadow, kViewer, AttractTap{kSomewhere}, meadow::testing::kTestWorldKind);
  EXPECT_FALSE(viewer.accepted);
  EXPECT_EQ(viewer.code, "tool_unavailable");
  EXPECT_FALSE(act(t.meadow, kOperator, AttractTap{kSomewhere}, meadow::testing::kTestWorldKind).accepted) << "nor from the operator";
  EXPECT_TRUE(t.log->attracts_from.empty());
}

TEST(MeadowRouting, TheRouterKeepsTheDeclaredCooldownPerViewerAndGroup) {
  ThreeWorlds t;
  constexpr std::uint64_t kTicks = 30;
  t.log->prices.front().cooldown = Cooldown{kTicks, "beacon", CooldownWait::refuse, "One beacon at a time."};
  ASSERT_TRUE(act(t.meadow, kViewer, AttractTap{kSomewhere}, meadow::testing::kTestWorldKind).accepted);
  const ActionOutcome soon = act(t.meadow, kViewer, AttractTap{kSomewhere}, meadow::testing::kTestWorldKind);
  EXPECT_EQ(soon.code, "too_fast");
  EXPECT_EQ(soon.reason, "One beacon at a time.");
  EXPECT_TRUE(act(t.meadow, kViewer + 1, AttractTap{kSomewhere}, meadow::testing::kTestWorldKind).accepted) << "another viewer's own";
  EXPECT_TRUE(act(t.meadow, kOperator, AttractTap{kSomewhere}, meadow::testing::kTestWorldKind).accepted) << "the operator waits for none";
  EXPECT_TRUE(act(t.meadow, kViewer, RockTap{kSomewhere}).accepted) << "the taps' group is another";
  run_ticks(t.meadow, static_cast<int>(kTicks));
  EXPECT_TRUE(act(t.meadow, kViewer, AttractTap{kSomewhere}, meadow::testing::kTestWorldKind).accepted);
  EXPECT_EQ(t.log->attracts_from, (std::vector<std::uint64_t>{kViewer, kViewer + 1, kOperator, kViewer}));
}

TEST(MeadowRouting, AnOperatorsActionDeclaredSoIsRefusedToViewers) {
  ThreeWorlds t;
  t.log->prices.front().who = Sender::operator_only;
  EXPECT_EQ(act(t.meadow, kViewer, AttractTap{kSomewhere}, meadow::testing::kTestWorldKind).code, "operator_only");
  EXPECT_TRUE(act(t.meadow, kOperator, AttractTap{kSomewhere}, meadow::testing::kTestWorldKind).accepted);
  EXPECT_EQ(t.log->attracts_from, std::vector<std::uint64_t>{kOperator});
}

TEST(MeadowRouting, AnActionForAWorldThatDoesNotRunHereIsRefused) {
  ThreeWorlds t;
  const ActionOutcome outcome = act(t.meadow, kViewer, AttractTap{kSomewhere}, WorldKind::mold);
  EXPECT_FALSE(outcome.accepted);
  EXPECT_EQ(outcome.code, "world_unavailable");
  EXPECT_TRUE(t.log->attracts_from.empty());
}

TEST(MeadowRouting, SettingsGoToTheWorldTheyBelongToWhicheverWorldTheViewerWatches) {
  ThreeWorlds t;
  SwarmSettingsChange change;
  change.cohesion = 2.0F;
  EXPECT_TRUE(act(t.meadow, kViewer, as_settings(change), meadow::testing::kTestWorldKind).accepted);
  EXPECT_FLOAT_EQ(swarm_of(t.meadow).swarm().weights().cohesion, 2.0F);
}

TEST(MeadowRouting, TheOperatorsLocksHoldInEveryWorld) {
  ThreeWorlds t;
  ViewerLocks locks;
  locks.attract = true;
  ASSERT_TRUE(act(t.meadow, kOperator, SetLocks{locks}).accepted);
  for (const WorldKind watched : {WorldKind::swarm, meadow::testing::kTestWorldKind}) {
    const ActionOutcome outcome = act(t.meadow, kViewer, AttractTap{kSomewhere}, watched);
    EXPECT_FALSE(outcome.accepted) << world_name(watched);
    EXPECT_EQ(outcome.code, "locked") << world_name(watched);
  }
  // Attract does nothing in the colony, locked or not.
  EXPECT_EQ(act(t.meadow, kViewer, AttractTap{kSomewhere}, WorldKind::colony).code, "tool_unavailable");
  EXPECT_TRUE(t.log->attracts_from.empty());
  EXPECT_TRUE(swarm_of(t.meadow).tools().attract_marks().empty());
  // The operator's own tap is not locked out.
  EXPECT_TRUE(act(t.meadow, kOperator, AttractTap{kSomewhere}, meadow::testing::kTestWorldKind).accepted);
}

TEST(MeadowRouting, PauseReachesEveryWorldAndResumeGoesOn) {
  ThreeWorlds t;
  run_ticks(t.meadow, 1);
  act(t.meadow, kOperator, SetPaused{true});
  const std::uint64_t colony_steps = t.meadow.world(WorldKind::colony)->steps();
  run_ticks(t.meadow, 3);
  EXPECT_EQ(t.meadow.world(WorldKind::colony)->steps(), colony_steps) << "the colony went on while paused";
  act(t.meadow, kOperator, SetPaused{false});
  run_ticks(t.meadow, 1);
  EXPECT_EQ(t.log->steps_paused, (std::vector<bool>{false, true, true, true, false}));
}

TEST(MeadowRouting, LettingGoAndLeavingReachEveryWorld) {
  ThreeWorlds t;
  act(t.meadow, kViewer, PredatorPointer{PointerPhase::down, kSomewhere}, WorldKind::swarm);
  ASSERT_EQ(swarm_of(t.meadow).tools().predators().size(), 1U);
  // The viewer switched worlds while holding the predator; letting go there still frees it.
  act(t.meadow, kViewer, PredatorPointer{PointerPhase::up, kSomewhere}, meadow::testing::kTestWorldKind);
  EXPECT_TRUE(swarm_of(t.meadow).tools().predators().empty());

  act(t.meadow, kViewer, ViewerLeft{});
  EXPECT_EQ(t.log->left, std::vector<std::uint64_t>{kViewer});
}

TEST(MeadowRouting, RocksAreTheLandsAndEveryWorldMaySayNoOrHearOfOne) {
  ThreeWorlds t;
  t.log->objects_to = kSomewhere;
  const ActionOutcome rock = act(t.meadow, kViewer, RockTap{kSomewhere}, WorldKind::swarm);
  EXPECT_FALSE(rock.accepted);
  EXPECT_EQ(rock.code, "test_objects");
  EXPECT_TRUE(t.meadow.land().rocks().empty());

  // Another viewer: the first waits out its tap cooldown.
  ASSERT_TRUE(act(t.meadow, kViewer + 1, RockTap{{200.0F, 200.0F}}, WorldKind::colony).accepted);
  ASSERT_EQ(t.meadow.land().rocks().size(), 1U);
  EXPECT_EQ(t.log->rocks, std::vector<std::uint32_t>{t.meadow.land().rocks().front().id});
}

}  // namespace
}  // namespace meadow::sim
