// A copy of the meadow in the past (app/replay/past_meadow.hpp): run on from a snapshot through
// the journal, every world or the one a viewer watches, as the recorded meadow was.
#include "app/replay/past_meadow.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "../../store/store_fixture.hpp"
#include "meadow/v1/snapshot.pb.h"

namespace meadow::past_meadow_test {
namespace {

using testing::ScriptDriver;

struct Recorded {
  std::string snapshot;  // at tick 0
  std::vector<stream::JournalEntry> journal;
  std::unique_ptr<sim::Meadow> live;  // at the end
};

Recorded record(std::uint64_t until) {
  Recorded r;
  r.live = testing::three_world_meadow(9);
  v1::SavedMeadow saved;
  stream::to_proto(r.live->save(), testing::snapshot_mappings(), saved);
  r.snapshot = saved.SerializeAsString();
  sim::SerialFor serial;
  ScriptDriver driver;
  driver.run(*r.live, until, serial);
  r.journal = driver.journal;
  return r;
}

std::uint64_t world_hash(const sim::Meadow& m, sim::WorldKind kind) {
  const sim::World* w = m.world(kind);
  return w != nullptr ? w->state_hash().value_or(0) : 0;
}

constexpr std::array kRecorded{sim::WorldKind::swarm, sim::WorldKind::colony, sim::WorldKind::mold};

TEST(PastMeadow, EveryWorldRunOnIsTheRecordedMeadow) {
  const Recorded r = record(330);
  app::PastMeadow past(9, r.snapshot, r.journal, std::nullopt);
  EXPECT_EQ(past.start_tick(), 0U);
  EXPECT_EQ(past.run_to(330), 330U);
  for (const sim::WorldKind kind : kRecorded) {
    EXPECT_NE(world_hash(*r.live, kind), 0U);
    EXPECT_EQ(world_hash(past.meadow(), kind), world_hash(*r.live, kind)) << sim::world_name(kind);
  }
  EXPECT_EQ(past.meadow().land().rocks().size(), r.live->land().rocks().size());
}

TEST(PastMeadow, OneWorldRunAloneIsThatWorldAsRecorded) {
  const Recorded r = record(330);
  for (const sim::WorldKind kind : kRecorded) {
    app::PastMeadow past(9, r.snapshot, r.journal, kind);
    (void)past.run_to(330);
    EXPECT_EQ(world_hash(past.meadow(), kind), world_hash(*r.live, kind)) << sim::world_name(kind) << " alone";
  }
}

TEST(PastMeadow, TheJournalReadFurtherOnGoesOnWithTheBudgetsInForce) {
  const Recorded r = record(330);
  // The journal as read at tick 200 (the store had committed that far), then read again.
  std::vector<stream::JournalEntry> first;
  for (const auto& e : r.journal) {
    if (e.tick < 200) first.push_back(e);
  }
  app::PastMeadow past(9, r.snapshot, first, std::nullopt);
  EXPECT_EQ(past.run_to(200), 200U);
  std::vector<stream::JournalEntry> rest;
  for (const auto& e : r.journal) {
    if (e.tick >= 150) rest.push_back(e);  // read again from a little before: those run are passed over
  }
  past.continue_with(rest);
  EXPECT_EQ(past.run_to(330), 330U);
  for (const sim::WorldKind kind : kRecorded) {
    EXPECT_EQ(world_hash(past.meadow(), kind), world_hash(*r.live, kind)) << sim::world_name(kind);
  }
}

TEST(PastMeadow, StopsWhenInterrupted) {
  const Recorded r = record(100);
  app::PastMeadow past(9, r.snapshot, r.journal, sim::WorldKind::colony);
  int asked = 0;
  const std::uint64_t reached = past.run_to(100, [&] { return ++asked == 2; });
  EXPECT_LT(reached, 100U);
  EXPECT_GT(reached, 0U);
}

TEST(PastMeadow, ASnapshotThatDoesNotReadBackIsSaidSo) {
  EXPECT_THROW(app::PastMeadow(9, "not a snapshot", {}, std::nullopt), std::runtime_error);
}

}  // namespace
}  // namespace meadow::past_meadow_test
