// The mold as a world on the meadow: its tools, settings, rocks and figures
// (server/sim/mold/mold_world.hpp), reached through sim::Meadow as viewers reach it.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "sim/meadow.hpp"
#include "sim/mold/cpu_mold.hpp"
#include "sim/mold/mold_world.hpp"

namespace meadow::sim {
namespace {

constexpr std::uint64_t kViewer = 42;

std::vector<WorldMaker> mold_only(std::uint32_t agents = 4000) {
  return {[agents](std::uint64_t seed, Land& land) -> std::unique_ptr<World> {
    return std::make_unique<MoldWorld>(std::make_unique<CpuMold>(seed, map_of_width(256), default_mold_settings(agents)),
                                       land);
  }};
}

Action in_mold(std::uint64_t origin, ActionBody body) {
  Action a{origin, 0, std::move(body)};
  a.world = WorldKind::mold;
  return a;
}

const MoldWorld& mold_of(const Meadow& m) { return m.get<MoldWorld>(); }

// A mold whose trail leaves no strand (it deposits nothing) languishes once measured; its revival,
// three oat flakes across the meadow, is taken as the operator's.
TEST(MoldWorld, AMoldWithoutANetworkLanguishesAndIsFedBack) {
  Meadow meadow(1, mold_only());
  SerialFor serial;
  EXPECT_FALSE(mold_of(meadow).languishing()) << "not measured yet";
  Action no_deposit = in_mold(kOperator, SettingsChange{WorldKind::mold, {{"deposit", 0.0}}, std::nullopt});
  ASSERT_TRUE(meadow.apply(no_deposit).accepted);
  for (int t = 0; t < 3 * 60 && !mold_of(meadow).languishing(); ++t) meadow.step(serial);
  ASSERT_TRUE(mold_of(meadow).languishing()) << "no strand after three seconds without deposit";
  for (const ActionBody& body : mold_of(meadow).revival()) {
    Action flake = in_mold(kOperator, body);
    EXPECT_TRUE(meadow.apply(flake).accepted);
  }
  EXPECT_EQ(mold_of(meadow).tools().food().size(), 3U);
}

TEST(MoldWorld, AFlowerTapDropsAnOatFlakeWithinTheLimits) {
  Meadow meadow(1, mold_only());
  SerialFor serial;
  for (std::uint32_t i = 0; i < mold_rules::kMaxFoodPerViewer; ++i) {
    Action tap = in_mold(kViewer, FlowerTap{Vec2{100.0F + 60.0F * static_cast<float>(i), 300.0F}});
    EXPECT_TRUE(meadow.apply(tap).accepted);
    for (int t = 0; t < 60; ++t) meadow.step(serial);  // past the tap cooldown
  }
  Action one_more = in_mold(kViewer, FlowerTap{Vec2{800.0F, 300.0F}});
  const ActionOutcome refused_one = meadow.apply(one_more);
  EXPECT_FALSE(refused_one.accepted);
  EXPECT_EQ(refused_one.code, "food_limit_viewer");
  EXPECT_EQ(mold_of(meadow).tools().food().size(), mold_rules::kMaxFoodPerViewer);
  Action outside = in_mold(kOperator, FlowerTap{Vec2{-10.0F, 300.0F}});
  EXPECT_EQ(meadow.apply(outside).code, "outside_world");
}

// A visitor's sessions hold together what one viewer may; another visitor has its own flakes.
TEST(MoldWorld, AVisitorsSessionsShareOneViewersOatFlakes) {
  Meadow meadow(1, mold_only());
  constexpr std::uint64_t kVisitor = 55;
  for (std::uint32_t i = 0; i < mold_rules::kMaxFoodPerViewer; ++i) {
    Action tap = in_mold(kViewer + 1 + i, FlowerTap{Vec2{100.0F + 60.0F * static_cast<float>(i), 300.0F}});
    tap.visitor = kVisitor;
    EXPECT_TRUE(meadow.apply(tap).accepted) << "session " << i;
  }
  Action another_tab = in_mold(kViewer + 100, FlowerTap{Vec2{800.0F, 300.0F}});
  another_tab.visitor = kVisitor;
  EXPECT_EQ(meadow.apply(another_tab).code, "food_limit_viewer");
  Action another_visitor = in_mold(kViewer + 101, FlowerTap{Vec2{800.0F, 300.0F}});
  another_visitor.visitor = kVisitor + 1;
  EXPECT_TRUE(meadow.apply(another_visitor).accepted);
  EXPECT_EQ(mold_of(meadow).tools().food()[0].visitor, kVisitor);
}

TEST(MoldWorld, AFlakeFeedsTheMapAroundItAndIsEatenUp) {
  Meadow meadow(1, mold_only());
  SerialFor serial;
  Action tap = in_mold(kOperator, FlowerTap{Vec2{800.0F, 450.0F}});
  ASSERT_TRUE(meadow.apply(tap).accepted);
  meadow.step(serial);
  const MoldWorld& mold = mold_of(meadow);
  const Vec2 c = mold.placement().to_cells(Vec2{800.0F, 450.0F});
  EXPECT_GT(mold.mold().trail().at(static_cast<std::uint32_t>(c.x), static_cast<std::uint32_t>(c.y)), 0);
  // The network finds it and eats it up, long before it would wither (kFoodLifeSteps).
  float least = mold.tools().food().front().amount;
  int steps = 1;
  for (; steps < 3600 && !mold.tools().food().empty(); ++steps) {
    const float now = mold.tools().food().front().amount;
    EXPECT_LE(now, least) << "a flake only shrinks";
    least = now;
    meadow.step(serial);
  }
  EXPECT_TRUE(mold.tools().food().empty()) << "not eaten within a minute; " << least << " left";
  EXPECT_LT(static_cast<std::uint32_t>(steps), mold_rules::kFoodLifeSteps);
}

TEST(MoldWorld, AttractFeedsWhileHeldAndStopsWhenLetGo) {
  Meadow meadow(1, mold_only(0));
  SerialFor serial;
  Action down = in_mold(kViewer, AttractPointer{PointerPhase::down, Vec2{400.0F, 400.0F}});
  ASSERT_TRUE(meadow.apply(down).accepted);
  EXPECT_EQ(mold_of(meadow).tools().attracts().size(), 1U);
  for (int t = 0; t < 10; ++t) meadow.step(serial);
  const MoldWorld& mold = mold_of(meadow);
  const Vec2 c = mold.placement().to_cells(Vec2{400.0F, 400.0F});
  EXPECT_EQ(mold.mold().trail().at(static_cast<std::uint32_t>(c.x), static_cast<std::uint32_t>(c.y)),
            mold_rules::kTrailOne);
  Action up = in_mold(kViewer, AttractPointer{PointerPhase::up, {}});
  ASSERT_TRUE(meadow.apply(up).accepted);
  EXPECT_TRUE(mold.tools().attracts().empty());
}

TEST(MoldWorld, ThePredatorIsHeldAndGoesWithItsViewer) {
  Meadow meadow(1, mold_only());
  Action down = in_mold(kViewer, PredatorPointer{PointerPhase::down, Vec2{400.0F, 400.0F}});
  ASSERT_TRUE(meadow.apply(down).accepted);
  ASSERT_EQ(mold_of(meadow).tools().predators().size(), 1U);
  Action left = in_mold(kViewer, ViewerLeft{});
  meadow.apply(left);
  EXPECT_TRUE(mold_of(meadow).tools().predators().empty());
}

TEST(MoldWorld, SettingsChangeForEveryViewerAndThePresetSetsThemAll) {
  Meadow meadow(1, mold_only());
  MoldSettingsChange change;
  change.sensor_distance = 15.0F;
  change.agents = 5000;
  Action a = in_mold(kViewer, as_settings(change));
  a.world = WorldKind::swarm;  // settings reach the mold whatever world the viewer watches
  ASSERT_TRUE(meadow.apply(a).accepted);
  meadow.settle_actions();  // the tick takes them once for all its changes
  const MoldEngine& mold = mold_of(meadow).mold();
  EXPECT_FLOAT_EQ(mold.settings().sensor_distance, 15.0F);
  EXPECT_EQ(mold.settings().agents, 5000U);
  EXPECT_EQ(mold.agents().x.size(), 5000U);
  EXPECT_EQ(preset_matching(mold.settings()), nullptr);
  MoldSettingsChange preset;
  preset.preset = std::string(mold_presets()[1].name);
  Action p = in_mold(kViewer, as_settings(preset));
  ASSERT_TRUE(meadow.apply(p).accepted);
  meadow.settle_actions();
  EXPECT_EQ(preset_matching(mold.settings()), &mold_presets()[1]);
  EXPECT_EQ(mold.settings().agents, 5000U) << "a preset keeps the agents";
  // A name the mold does not have (meadowctl's help once offered "cells" and "rivers") is refused
  // with the names it has.
  MoldSettingsChange unknown;
  unknown.preset = "rivers";
  Action u = in_mold(kViewer + 1, as_settings(unknown));
  const ActionOutcome refused = meadow.apply(u);
  EXPECT_EQ(refused.code, "unknown_value");
  for (const MoldPreset& known : mold_presets()) EXPECT_NE(refused.reason.find(known.name), std::string::npos) << refused.reason;
}

// A viewer's agents: held to the engine's viewers' ceiling, at most one change a viewer every
// kAgentsCooldownTicks (one asked sooner waits, the newest replacing it), so that one viewer
// cannot make every tick resize a million agents.
TEST(MoldWorld, AViewersAgentsAreHeldToTheCeilingAndWaitForItsTurn) {
  Meadow meadow(1, mold_only());
  SerialFor serial;
  const MoldWorld& mold = mold_of(meadow);
  ASSERT_EQ(mold.viewer_max_agents(), mold_rules::kViewerMaxAgentsCpu);
  MoldSettingsChange flood;
  flood.agents = 1U << 20U;
  flood.occupancy = false;
  Action a = in_mold(kViewer, as_settings(flood));
  const ActionOutcome first = meadow.apply(a);
  EXPECT_TRUE(first.accepted);
  EXPECT_EQ(first.code, "count_limit");
  meadow.step(serial);
  EXPECT_EQ(mold.mold().settings().agents, mold_rules::kViewerMaxAgentsCpu);

  MoldSettingsChange fewer;
  fewer.agents = 1000;
  Action b = in_mold(kViewer, as_settings(fewer));
  const ActionOutcome soon = meadow.apply(b);
  EXPECT_TRUE(soon.accepted);
  EXPECT_EQ(soon.code, "count_cooldown");
  for (std::uint64_t t = 1; t < mold_rules::kAgentsCooldownTicks; ++t) meadow.step(serial);
  EXPECT_EQ(mold.mold().settings().agents, mold_rules::kViewerMaxAgentsCpu) << "not its turn yet";
  meadow.step(serial);
  EXPECT_EQ(mold.mold().settings().agents, 1000U) << "its waiting count came with its turn";

  // The operator may go further, and viewers may then only ask for fewer.
  MoldSettingsChange more;
  more.agents = 2 * mold_rules::kViewerMaxAgentsCpu;
  Action op{kOperator, 0, as_settings(more), WorldKind::mold};
  ASSERT_TRUE(meadow.apply(op).accepted);
  meadow.step(serial);
  EXPECT_EQ(mold.mold().settings().agents, 2 * mold_rules::kViewerMaxAgentsCpu);
  for (std::uint64_t t = 0; t < mold_rules::kAgentsCooldownTicks; ++t) meadow.step(serial);
  Action c = in_mold(kViewer, as_settings(flood));
  EXPECT_EQ(meadow.apply(c).code, "count_limit");
  meadow.step(serial);
  EXPECT_EQ(mold.mold().settings().agents, 2 * mold_rules::kViewerMaxAgentsCpu);
}

TEST(MoldWorld, ATickResizesTheAgentsOnceWhateverManyViewersAsk) {
  Meadow meadow(1, mold_only());
  SerialFor serial;
  const MoldWorld& mold = mold_of(meadow);
  const std::uint64_t placed = mold.mold().placements();
  for (std::uint64_t viewer = 1; viewer <= 8; ++viewer) {
    MoldSettingsChange change;
    change.occupancy = false;
    change.agents = viewer % 2 == 0 ? 100'000 : mold_rules::kMinAgents;
    Action a = in_mold(100 + viewer, as_settings(change));
    ASSERT_TRUE(meadow.apply(a).accepted);
  }
  meadow.step(serial);
  EXPECT_EQ(mold.mold().settings().agents, 100'000U) << "the tick's last change stands";
  // One resize, 4,000 → 100,000: each swing to 256 and back would have placed another 99,744.
  EXPECT_EQ(mold.mold().placements() - placed, 100'000U - 4'000U);
}

TEST(MoldWorld, TheOperatorsLockHoldsTheSettings) {
  Meadow meadow(1, mold_only());
  Action lock{kOperator, 0, SetLocks{ViewerLocks{false, false, false, false, true}}};
  meadow.apply(lock);
  MoldSettingsChange change;
  change.decay = 0.5F;
  Action a = in_mold(kViewer, as_settings(change));
  const ActionOutcome out = meadow.apply(a);
  EXPECT_FALSE(out.accepted);
  EXPECT_EQ(out.code, "locked");
  Action held = in_mold(kViewer, AttractPointer{PointerPhase::down, Vec2{10.0F, 10.0F}});
  EXPECT_TRUE(meadow.apply(held).accepted) << "only the settings are locked";
}

TEST(MoldWorld, RocksAreWallsTheAgentsLeave) {
  Meadow meadow(1, mold_only(8000));
  SerialFor serial;
  Action rock{kOperator, 0, RockTap{Vec2{800.0F, 450.0F}}};
  ASSERT_TRUE(meadow.apply(rock).accepted);
  for (int t = 0; t < 120; ++t) meadow.step(serial);
  const MoldWorld& mold = mold_of(meadow);
  const MoldAgentsView v = mold.mold().agents();
  const float r = kRockRadius / mold.placement().cell_width();
  const Vec2 c = mold.placement().to_cells(Vec2{800.0F, 450.0F});
  for (std::size_t i = 0; i < v.x.size(); ++i) {
    const float dx = std::floor(v.x[i]) + 0.5F - c.x;
    const float dy = std::floor(v.y[i]) + 0.5F - c.y;
    ASSERT_GT(dx * dx + dy * dy, r * r * 0.98F) << "an agent stands in the rock";
  }
  EXPECT_EQ(mold.mold().trail().at(static_cast<std::uint32_t>(c.x), static_cast<std::uint32_t>(c.y)), 0);
}

TEST(MoldWorld, FiguresAreMeasuredAboutOnceASecond) {
  Meadow meadow(1, mold_only());
  SerialFor serial;
  for (int t = 0; t < 130; ++t) meadow.step(serial);
  const MoldWorld& mold = mold_of(meadow);
  EXPECT_EQ(mold.network_step(), 120U);
  EXPECT_GT(mold.network().coverage, 0.0);
  EXPECT_NEAR(mold.steps_per_second(), 60.0, 1.0);
  std::vector<WorldFigure> figures;
  mold.figures(figures);
  EXPECT_EQ(figures.front().name, "agents");
  EXPECT_EQ(figures.front().value, 4000.0);
}

TEST(MoldWorld, PausedItStandsStill) {
  Meadow meadow(1, mold_only());
  SerialFor serial;
  meadow.step(serial);
  Action pause{kOperator, 0, SetPaused{true}};
  meadow.apply(pause);
  const std::uint64_t steps = mold_of(meadow).steps();
  for (int t = 0; t < 10; ++t) meadow.step(serial);
  EXPECT_EQ(mold_of(meadow).steps(), steps);
}

}  // namespace
}  // namespace meadow::sim
