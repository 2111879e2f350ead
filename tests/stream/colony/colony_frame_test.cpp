// The colony on the wire: quantised fireflies, the stump, flowers, and colony frames in bundles.
#include "stream/colony/colony_events_mapping.hpp"
#include "stream/colony/colony_frame.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>

#include "stream/fake_swarm.hpp"
#include "meadow/v1/viewer.pb.h"
#include "sim/meadow.hpp"
#include "stream/frame_builder.hpp"
#include "stream/proto_mapping.hpp"
#include "stream/swarm/swarm_stream.hpp"
#include "support/meadow_streams.hpp"
#include "support/meadow_worlds.hpp"

namespace meadow::stream {
namespace {

using sim::kTau;

TEST(ColonyFrame, AFireflyIsQuantisedWithinHalfAStep) {
  sim::ColonyParams params;
  sim::ColonyFirefly f;
  f.id = 12;
  f.at = {123.456F, 789.012F};
  f.velocity = {0.0F, 2.0F};  // flying +y: a quarter turn
  f.energy = 0.5F;
  f.state = sim::FireflyState::carrying;
  f.flower = 3;
  f.since_flash = 0;
  v1::ColonyFirefly out;
  to_proto(f, params, out);
  EXPECT_EQ(out.id(), 12U);
  EXPECT_NEAR(static_cast<float>(out.x()) * kColonyPositionUnit, f.at.x, kColonyPositionUnit / 2);
  EXPECT_NEAR(static_cast<float>(out.y()) * kColonyPositionUnit, f.at.y, kColonyPositionUnit / 2);
  EXPECT_EQ(out.heading(), 64U);
  EXPECT_EQ(out.energy(), 128U);
  EXPECT_EQ(out.state(), v1::COLONY_FIREFLY_STATE_CARRYING);
  EXPECT_EQ(out.flash(), 255U);  // flashing right now
  EXPECT_EQ(out.flower_id(), 3U);
  EXPECT_EQ(out.fade(), 255U);
}

TEST(ColonyFrame, FlashesFadeAndDyingFirefliesFadeOut) {
  sim::ColonyParams params;
  sim::ColonyFirefly f;
  f.since_flash = params.flash_glow_steps / 2;
  v1::ColonyFirefly out;
  to_proto(f, params, out);
  EXPECT_NEAR(static_cast<double>(out.flash()), 127.5, 1.0);
  f.since_flash = params.flash_glow_steps;
  to_proto(f, params, out);
  EXPECT_EQ(out.flash(), 0U);
  f.state = sim::FireflyState::dying;
  f.timer = params.fade_steps / 4;
  f.heading = -kTau / 4.0F;  // sitting: its last heading, three quarters of a turn
  f.velocity = {};
  to_proto(f, params, out);
  EXPECT_NEAR(static_cast<double>(out.fade()), 63.75, 1.0);
  EXPECT_EQ(out.heading(), 192U);
  EXPECT_EQ(out.state(), v1::COLONY_FIREFLY_STATE_DYING);
}

TEST(ColonyFrame, EveryStateHasItsWireName) {
  for (int s = 0; s <= static_cast<int>(sim::FireflyState::rising); ++s) {
    EXPECT_NE(to_proto(static_cast<sim::FireflyState>(s)), v1::COLONY_FIREFLY_STATE_UNSPECIFIED) << s;
  }
}

TEST(ColonyFrame, TheStateCarriesStumpStoreFlowersAndSync) {
  sim::Land land;
  sim::Colony colony(3, land.meadow());
  ASSERT_TRUE(colony.drop_flower({800.0F, 400.0F}, land, 0).accepted);
  v1::ColonyState out;
  fill_colony_state(colony, out);
  EXPECT_EQ(out.fireflies_size(), 50);
  EXPECT_EQ(out.size(), 50U);
  EXPECT_EQ(out.max_size(), 500U);
  EXPECT_FLOAT_EQ(out.store(), 0.6F);
  EXPECT_FLOAT_EQ(out.stump().x(), colony.stump().x);
  EXPECT_FLOAT_EQ(out.stump_radius(), 30.0F);
  ASSERT_EQ(out.flowers_size(), 1);
  EXPECT_EQ(out.flowers(0).sips(), 90U);
  EXPECT_EQ(out.flowers(0).sips_full(), 90U);
  EXPECT_FLOAT_EQ(out.position_unit(), kColonyPositionUnit);
  EXPECT_EQ(out.max_dropped_flowers(), 3U);
  EXPECT_FALSE(out.dormant());
}

TEST(ColonyFrame, EveryBundleHasAColonyFrameWithItsEventsOnce) {
  auto meadow = testing::meadow_with(5, std::make_unique<testing::FakeSwarm>());
  sim::SerialFor serial;
  sim::Action drop{7, 0, sim::FlowerTap{{900.0F, 300.0F}}, sim::WorldKind::colony};
  ASSERT_TRUE(meadow->apply(drop).accepted);
  EXPECT_TRUE(testing::swarm_of(*meadow).tools().crumbs().empty());  // a flower, not a crumb
  meadow->step(serial);
  FrameBuilder builder(testing::standard_streams());
  const auto count_drops = [](const v1::Frame& frame) {
    int n = 0;
    for (const auto& e : frame.events()) n += e.has_colony_flower_dropped() ? 1 : 0;
    return n;
  };
  v1::ServerMessage first;
  ASSERT_TRUE(first.ParseFromString(builder.build(*meadow, 2)->world(sim::WorldKind::colony).key_message));
  EXPECT_EQ(first.frame().world(), v1::WORLD_COLONY);
  EXPECT_EQ(first.frame().viewers(), 2U);
  EXPECT_FLOAT_EQ(first.frame().camera().width(), 1600.0F);
  EXPECT_FLOAT_EQ(first.frame().world_bounds().height(), 900.0F);
  EXPECT_FALSE(first.frame().has_light());
  EXPECT_EQ(first.frame().colony().flowers_size(), 1);
  EXPECT_EQ(count_drops(first.frame()), 1);
  meadow->step(serial);
  v1::ServerMessage second;
  ASSERT_TRUE(second.ParseFromString(builder.build(*meadow, 2)->world(sim::WorldKind::colony).key_message));
  EXPECT_EQ(count_drops(second.frame()), 0);  // already told
  EXPECT_EQ(second.frame().number(), first.frame().number() + 1);
  // 500 fireflies fit in a small message: a few bytes each.
  EXPECT_LT(second.ByteSizeLong(), 50U * 30U + 400U);
}

TEST(ColonyFrame, FlowersStagesSeedsAndTheBreezeAreOnTheWire) {
  sim::ColonyState state;
  state.flowers.push_back(sim::Flower{1, {700.0F, 300.0F}, 0, sim::FlowerStage::bud, 900, 10800, false});
  state.flowers.push_back(sim::Flower{2, {900.0F, 300.0F}, 40, sim::FlowerStage::wilting, 10000, 10800, true});
  state.seeds.push_back(sim::FallingSeed{5, {400.0F, 400.0F}, 45, 180});
  sim::ColonyFirefly carrier;
  carrier.id = 1;
  carrier.seed_steps = 100;
  state.fireflies.push_back(carrier);
  const sim::Colony colony(1, {0, 0, 1600, 900}, {}, state);
  v1::ColonyState out;
  fill_colony_state(colony, out);
  ASSERT_EQ(out.flowers_size(), 2);
  EXPECT_EQ(out.flowers(0).stage(), v1::FLOWER_STAGE_BUD);
  EXPECT_FLOAT_EQ(out.flowers(0).growth(), 0.5F);  // halfway through its 30 s sprout
  EXPECT_FALSE(out.flowers(0).dropped());
  EXPECT_EQ(out.flowers(1).stage(), v1::FLOWER_STAGE_WILTING);
  EXPECT_TRUE(out.flowers(1).dropped());
  EXPECT_EQ(out.flowers_in_bloom(), 1U);
  ASSERT_EQ(out.seeds_size(), 1);
  EXPECT_FLOAT_EQ(out.seeds(0).height(), 0.25F);
  EXPECT_TRUE(out.fireflies(0).seed());

  auto meadow = testing::meadow_with(5, std::make_unique<testing::FakeSwarm>());
  FrameBuilder builder(testing::standard_streams());
  const auto bundle = builder.build(*meadow, 1);
  for (const sim::WorldKind w : {sim::WorldKind::swarm, sim::WorldKind::colony}) {
    v1::ServerMessage m;
    ASSERT_TRUE(m.ParseFromString(bundle->world(w).key_message));
    ASSERT_TRUE(m.frame().has_breeze());
    EXPECT_FLOAT_EQ(m.frame().breeze().strength(), testing::colony_of(*meadow).colony().breeze().strength);
    EXPECT_FLOAT_EQ(m.frame().breeze().direction(), testing::colony_of(*meadow).colony().breeze().direction);
  }
}

// The frogs on the wire: where each is, its hop and gulp as shares, its reach, and
// the meadow's limit.
TEST(ColonyFrame, FrogsAreOnTheWire) {
  sim::ColonyState state;
  sim::Frog sitting;
  sitting.id = 4;
  sitting.at = {900.0F, 300.0F};
  sitting.heading = 1.0F;
  sitting.owner = 12;
  sitting.gulp_steps = 12;  // half its gulp left
  sim::Frog hopping;
  hopping.id = 5;
  hopping.at = {600.0F, 500.0F};
  hopping.hop_from = {580.0F, 500.0F};
  hopping.hop_to = {640.0F, 500.0F};
  hopping.hop_step = 15;  // halfway through its hop
  state.frogs = {sitting, hopping};
  const sim::Colony colony(1, {0, 0, 1600, 900}, {}, state);
  v1::ColonyState out;
  fill_colony_state(colony, out);
  ASSERT_EQ(out.frogs_size(), 2);
  EXPECT_EQ(out.frogs(0).id(), 4U);
  EXPECT_FLOAT_EQ(out.frogs(0).position().x(), 900.0F);
  EXPECT_FLOAT_EQ(out.frogs(0).heading(), 1.0F);
  EXPECT_EQ(out.frogs(0).hop(), 0.0F);
  EXPECT_FLOAT_EQ(out.frogs(0).gulp(), 0.5F);
  EXPECT_EQ(out.frogs(0).owner_session(), 12U);
  EXPECT_FLOAT_EQ(out.frogs(0).reach(), colony.params().frog_reach);
  EXPECT_FLOAT_EQ(out.frogs(1).hop(), 0.5F);
  EXPECT_EQ(out.max_frogs(), colony.params().max_frogs);

  v1::Event event;
  to_proto(sim::ColonyEvent{1, 7, sim::FrogCatchEvent{4, 33, {880.0F, 310.0F}}}, event);
  ASSERT_TRUE(event.has_frog_catch());
  EXPECT_EQ(event.frog_catch().firefly_id(), 33U);
  EXPECT_FLOAT_EQ(event.frog_catch().position().y(), 310.0F);
  to_proto(sim::ColonyEvent{2, 7, sim::FrogHopEvent{5, {580.0F, 500.0F}, {640.0F, 500.0F}}}, event);
  ASSERT_TRUE(event.has_frog_hop());
  EXPECT_FLOAT_EQ(event.frog_hop().to().x(), 640.0F);
}

TEST(ColonyFrame, AttractAndThePredatorAreTheSwarmsTools) {
  auto meadow = testing::meadow_with(5, std::make_unique<testing::FakeSwarm>());
  sim::Action attract{7, 0, sim::AttractTap{{900.0F, 300.0F}}, sim::WorldKind::colony};
  EXPECT_EQ(meadow->apply(attract).code, "tool_unavailable");
  sim::Action predator{7, 0, sim::PredatorPointer{sim::PointerPhase::down, {900.0F, 300.0F}}, sim::WorldKind::colony};
  EXPECT_EQ(meadow->apply(predator).code, "tool_unavailable");
  EXPECT_TRUE(testing::swarm_of(*meadow).tools().attract_marks().empty());
  EXPECT_TRUE(testing::swarm_of(*meadow).tools().predators().empty());
  // Rocks belong to the land: one placed from the colony is there for the swarm too.
  sim::Action rock{7, 0, sim::RockTap{{1000.0F, 600.0F}}, sim::WorldKind::colony};
  EXPECT_TRUE(meadow->apply(rock).accepted);
  EXPECT_EQ(meadow->land().rocks().size(), 1U);
}

}  // namespace
}  // namespace meadow::stream
