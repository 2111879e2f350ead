// Recovery: the newest snapshot that reads back, its journal replayed to the tick last reached;
// the meadow that comes back is the meadow that was, bit for bit (CPU engines).
#include <gtest/gtest.h>

#include <filesystem>

#include "sim/parallel_for.hpp"
#include "store/recovery.hpp"
#include "store/replay.hpp"
#include "store/state_store.hpp"
#include "store/store_fixture.hpp"
#include "store/store_writer.hpp"
#include "support/temp_path.hpp"

namespace meadow::testing {
namespace {


// Runs a meadow of `seed` to `until`, journaling each 50 ticks and snapshotting at `snapshots`,
// as the server does; returns the meadow's hash at the end.
std::uint64_t record_run(const std::filesystem::path& dir, std::uint64_t seed, std::uint64_t until,
                         const std::vector<std::uint64_t>& snapshots) {
  sim::SerialFor serial;
  auto m = three_world_meadow(seed);
  store::StoreWriter writer(dir, seed, snapshot_mappings(), {});
  ScriptDriver driver;
  for (std::uint64_t tick = 0; tick < until; tick += 10) {
    if (std::find(snapshots.begin(), snapshots.end(), tick) != snapshots.end()) {
      writer.snapshot(m->save());
      driver.forget_budgets();  // the sim loop journals every budget again after a snapshot
    }
    driver.run(*m, tick + 10, serial);
    writer.record(driver.journal, m->tick());
  }
  writer.flush();
  return meadow_hash(*m);
}

TEST(Recovery, TheMeadowComesBackAsItWasAtTheLastTickReached) {
  StoreDir dir("recovery");
  const std::uint64_t expected = record_run(dir.path, 9, 470, {0, 200});
  sim::SerialFor serial;
  auto back = three_world_meadow(9);
  store::StateStore store(dir.path);
  const store::Recovery r = store::recover(store, *back, serial, snapshot_mappings());
  EXPECT_TRUE(r.restored);
  EXPECT_EQ(r.snapshot.tick, 200U);
  EXPECT_EQ(r.reached_tick, 470U);
  EXPECT_GT(r.actions_replayed, 0U);
  EXPECT_TRUE(r.problems.empty()) << r.problems.front();
  EXPECT_EQ(meadow_hash(*back), expected);
}

TEST(Recovery, ADamagedSnapshotFallsBackToTheOneBefore) {
  StoreDir dir("recovery");
  const std::uint64_t expected = record_run(dir.path, 9, 470, {0, 200});
  {
    store::SqliteDb db((dir.path / "meadow.db").string(), false);
    db.exec("UPDATE snapshots SET data = x'08ffffffff0f' WHERE id = (SELECT max(id) FROM snapshots)");
  }
  sim::SerialFor serial;
  auto back = three_world_meadow(9);
  store::StateStore store(dir.path);
  const store::Recovery r = store::recover(store, *back, serial, snapshot_mappings());
  EXPECT_TRUE(r.restored);
  EXPECT_EQ(r.snapshot.tick, 0U);
  EXPECT_EQ(r.snapshots_skipped, 1U);
  ASSERT_FALSE(r.problems.empty());
  EXPECT_NE(r.problems.front().find("trying the one before"), std::string::npos) << r.problems.front();
  EXPECT_EQ(r.reached_tick, 470U);
  EXPECT_EQ(meadow_hash(*back), expected);  // the longer replay arrives at the same meadow
}

TEST(Recovery, AnEmptyStoreLeavesTheMeadowAsMade) {
  StoreDir dir("recovery");
  sim::SerialFor serial;
  auto fresh = three_world_meadow(9);
  const std::uint64_t before = meadow_hash(*fresh);
  store::StateStore store(dir.path);
  const store::Recovery r = store::recover(store, *fresh, serial, snapshot_mappings());
  EXPECT_FALSE(r.restored);
  EXPECT_EQ(meadow_hash(*fresh), before);
}

TEST(Replay, ReplayingToAnyTickMatchesTheRunAtThatTick) {
  // A recording is a snapshot and its journal: replayed headless to a chosen tick, the meadow is
  // the recorded meadow at that tick.
  StoreDir dir("recovery");
  record_run(dir.path, 4, 600, {0});
  sim::SerialFor serial;
  auto live = three_world_meadow(4);
  ScriptDriver driver;
  driver.run(*live, 333, serial);

  store::StateStore store(dir.path);
  const store::SnapshotInfo first = store.snapshots().back();
  auto replayed = three_world_meadow(4);
  ASSERT_TRUE(replayed->restore(store::read_snapshot(store.snapshot_data(first.id), snapshot_mappings())).empty());
  const store::JournalRead journal = store::read_journal(store, first.timeline, first.tick);
  store::Replayer replayer(*replayed, serial, journal.entries);
  replayer.run(333);
  EXPECT_EQ(meadow_hash(*replayed), meadow_hash(*live));
}

}  // namespace
}  // namespace meadow::testing
