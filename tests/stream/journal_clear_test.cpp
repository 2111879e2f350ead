// The operator's clearing in the journal (server/stream/snapshot_mapping.cpp): a Clear goes through
// as it was, with its world; an older journal's clear_frogs reads as the frogs of no world named (the
// meadow finds the world that clears them); a
// clearing that names nothing is damage.
#include <gtest/gtest.h>

#include <stdexcept>

#include "stream/snapshot_mapping.hpp"

namespace meadow::stream {
namespace journal_clear_test {

TEST(JournalClear, AClearingGoesThroughWithItsWorld) {
  const sim::Action action{sim::kOperator, 12, sim::Clear{"crumbs"}, sim::WorldKind::pond};
  v1::JournalRecord record;
  to_proto(JournalEntry{12, action}, record);
  EXPECT_EQ(record.action().clear(), "crumbs");
  const auto back = std::get<sim::Action>(from_proto(record).entry);
  EXPECT_EQ(std::get<sim::Clear>(back.body), sim::Clear{"crumbs"});
  EXPECT_EQ(back.world, sim::WorldKind::pond);
}

TEST(JournalClear, AnOlderJournalsClearFrogsNamesTheFrogsAndNoWorld) {
  v1::JournalRecord record;
  record.set_tick(7);
  record.mutable_action()->set_world(v1::WORLD_SWARM);  // watched while the operator cleared
  record.mutable_action()->set_clear_frogs(true);
  const auto back = std::get<sim::Action>(from_proto(record).entry);
  EXPECT_EQ(std::get<sim::Clear>(back.body), sim::Clear{"frogs"});
  EXPECT_EQ(back.world, sim::WorldKind{}) << "not the world watched: the one that clears frogs";
}

TEST(JournalClear, AClearingOfNothingIsDamage) {
  v1::JournalRecord record;
  record.set_tick(7);
  record.mutable_action()->set_world(v1::WORLD_POND);
  record.mutable_action()->set_clear("");
  EXPECT_THROW((void)from_proto(record), std::invalid_argument);
}

TEST(JournalClear, ATakeAwayGoesThroughWithItsSessionsAndVisitor) {
  const sim::Action action{sim::kOperator, 12, sim::TakeAway{{7, 8}, 99}, sim::WorldKind::swarm};
  v1::JournalRecord record;
  to_proto(JournalEntry{12, action}, record);
  ASSERT_TRUE(record.action().has_take_away());
  const auto back = std::get<sim::Action>(from_proto(record).entry);
  EXPECT_EQ(std::get<sim::TakeAway>(back.body), (sim::TakeAway{{7, 8}, 99}));
}

}  // namespace journal_clear_test
}  // namespace meadow::stream
