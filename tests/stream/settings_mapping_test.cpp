// Every world's settings on the wire and in the journal: one mapping, and the swarm's and the
// mold's own messages (older clients, older journals) read as the same change.
#include "stream/settings_mapping.hpp"

#include <gtest/gtest.h>

#include "sim/mold/mold_settings.hpp"
#include "sim/swarm/swarm_settings.hpp"
#include "stream/snapshot_mapping.hpp"

namespace meadow::stream {
namespace {

// A journal record of `body`, written and read back.
sim::Action through_the_journal(const v1::SavedAction& saved) {
  v1::JournalRecord record;
  record.set_tick(40);
  *record.mutable_action() = saved;
  const JournalEntry entry = from_proto(record);
  return std::get<sim::Action>(entry.entry);
}

TEST(SettingsMapping, AChangeGoesThroughTheJournalAsItWas) {
  sim::Action action{11, 40, sim::SettingsChange{sim::WorldKind::mold, {{"decay", 0.25}, {"agents", 4096}}, "web"},
                     sim::WorldKind::colony, 99};
  v1::JournalRecord record;
  to_proto(JournalEntry{40, action}, record);
  ASSERT_TRUE(record.action().has_settings());
  const auto back = std::get<sim::Action>(from_proto(record).entry);
  EXPECT_EQ(std::get<sim::SettingsChange>(back.body), std::get<sim::SettingsChange>(action.body));
  EXPECT_EQ(back.world, sim::WorldKind::colony) << "the world watched stays apart from the one changed";
  EXPECT_EQ(back.visitor, 99U);
}

TEST(SettingsMapping, OlderJournalsSwarmAndMoldRecordsReadAsTheSameChange) {
  v1::SavedAction swarm;
  swarm.set_origin(3);
  swarm.set_world(v1::WORLD_SWARM);
  swarm.mutable_swarm_settings()->set_count(9000);
  swarm.mutable_swarm_settings()->set_speed(1.5F);
  sim::SwarmSettingsChange expected_swarm;
  expected_swarm.count = 9000;
  expected_swarm.speed = 1.5F;
  EXPECT_EQ(std::get<sim::SettingsChange>(through_the_journal(swarm).body), sim::as_settings(expected_swarm));

  v1::SavedAction mold;
  mold.set_world(v1::WORLD_MOLD);
  mold.mutable_mold_settings()->set_preset("veins");
  mold.mutable_mold_settings()->set_occupancy(false);
  sim::MoldSettingsChange expected_mold;
  expected_mold.preset = "veins";
  expected_mold.occupancy = false;
  EXPECT_EQ(std::get<sim::SettingsChange>(through_the_journal(mold).body), sim::as_settings(expected_mold));
}

TEST(SettingsMapping, AChangeOfAWorldTheWireDoesNotKnowIsDamage) {
  v1::SavedAction saved;
  saved.set_world(v1::WORLD_SWARM);
  saved.mutable_settings()->set_world(static_cast<v1::World>(99));
  EXPECT_THROW((void)through_the_journal(saved), std::invalid_argument);
}

TEST(SettingsMapping, ASchemaCrossesTheWireWhole) {
  for (const sim::SettingsSchema& schema : {sim::swarm_settings_schema(2'000'000), sim::mold_settings_schema()}) {
    v1::SettingsSchema wire;
    to_proto(schema, wire);
    const auto back = from_proto(wire);
    ASSERT_TRUE(back);
    EXPECT_EQ(*back, schema);
  }
  v1::SettingsSchema unknown_kind;
  unknown_kind.set_world(v1::WORLD_MOLD);
  unknown_kind.add_settings()->set_name("x");  // KIND_UNSPECIFIED
  EXPECT_FALSE(from_proto(unknown_kind));
}

}  // namespace
}  // namespace meadow::stream
