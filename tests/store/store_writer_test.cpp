// The journal's group commit, the snapshots' rows and the store's retention, on a real SQLite file.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "sim/parallel_for.hpp"
#include "store/recovery.hpp"
#include "store/state_store.hpp"
#include "store/store_fixture.hpp"
#include "store/store_writer.hpp"
#include "support/temp_path.hpp"

namespace meadow::testing {
namespace {

using namespace std::chrono_literals;


std::size_t journal_rows(const std::filesystem::path& dir) {
  // A second connection, as someone with the sqlite3 shell would look.
  store::SqliteDb db((dir / "meadow.db").string(), false);
  store::Statement q = db.prepare("SELECT count(*) FROM journal");
  q.step();
  const auto n = static_cast<std::size_t>(q.integer(0));
  q.reset();
  return n;
}

TEST(StoreWriter, CommitsTheJournalWithinAGroupIntervalWithoutBeingAsked) {
  StoreDir dir("store");
  sim::SerialFor serial;
  auto m = three_world_meadow(5);
  store::StoreWriter writer(dir.path, 5, snapshot_mappings(), {});
  ScriptDriver driver;
  driver.run(*m, 60, serial);
  const std::size_t entries = driver.journal.size();
  ASSERT_GT(entries, 5U);
  writer.record(driver.journal, m->tick());
  // No flush: the writer's own interval (50 ms) puts it on the disk well within 100 ms; the wait
  // is generous for a loaded machine, and the check is that it comes at all.
  const auto deadline = std::chrono::steady_clock::now() + 5s;
  while (journal_rows(dir.path) < entries && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(5ms);
  EXPECT_EQ(journal_rows(dir.path), entries);
  EXPECT_TRUE(writer.status().saving);
  EXPECT_LE(writer.status().last_commit_seconds, 1.0);
}

TEST(StoreWriter, JournalReadsBackAsWritten) {
  StoreDir dir("store");
  sim::SerialFor serial;
  auto m = three_world_meadow(5);
  ScriptDriver driver;
  {
    store::StoreWriter writer(dir.path, 5, snapshot_mappings(), {});
    writer.snapshot(m->save());
    for (std::uint64_t until = 50; until <= 300; until += 50) {
      driver.run(*m, until, serial);
      std::vector<stream::JournalEntry> batch = driver.journal;
      writer.record(batch, m->tick());
      driver.journal.clear();
    }
    writer.flush();
  }
  store::StateStore store(dir.path);
  const std::vector<store::SnapshotInfo> snapshots = store.snapshots();
  ASSERT_EQ(snapshots.size(), 1U);
  const store::JournalRead read = store::read_journal(store, snapshots[0].timeline, 0);
  EXPECT_FALSE(read.cut);
  EXPECT_EQ(read.until, 300U);
  // The same run again, written down in memory: the journal holds exactly its entries.
  auto again = three_world_meadow(5);
  ScriptDriver expected;
  expected.run(*again, 300, serial);
  ASSERT_EQ(read.entries.size(), expected.journal.size());
  for (std::size_t i = 0; i < read.entries.size(); ++i) {
    v1::JournalRecord a;
    v1::JournalRecord b;
    stream::to_proto(read.entries[i], a);
    stream::to_proto(expected.journal[i], b);
    ASSERT_EQ(a.SerializeAsString(), b.SerializeAsString()) << "entry " << i;
  }
}

TEST(StoreWriter, ATornTailIsCutAtItsTick) {
  StoreDir dir("store");
  sim::SerialFor serial;
  auto m = three_world_meadow(5);
  ScriptDriver driver;
  std::uint64_t bad_tick = 0;
  {
    store::StoreWriter writer(dir.path, 5, snapshot_mappings(), {});
    writer.snapshot(m->save());
    driver.run(*m, 200, serial);
    writer.record(driver.journal, m->tick());
    writer.flush();
  }
  {
    // The last record damaged on the disk, as a torn write would leave it.
    store::SqliteDb db((dir.path / "meadow.db").string(), false);
    store::Statement last = db.prepare("SELECT tick FROM journal ORDER BY seq DESC LIMIT 1");
    ASSERT_TRUE(last.step());
    bad_tick = static_cast<std::uint64_t>(last.integer(0));
    last.reset();
    db.exec("UPDATE journal SET record = x'0aff' WHERE seq = (SELECT max(seq) FROM journal)");
  }
  store::StateStore store(dir.path);
  const store::JournalRead read = store::read_journal(store, store.snapshots()[0].timeline, 0);
  EXPECT_TRUE(read.cut);
  EXPECT_NE(read.problem.find("does not read back"), std::string::npos) << read.problem;
  EXPECT_EQ(read.until, bad_tick);
  for (const auto& e : read.entries) EXPECT_LT(e.tick, bad_tick);
}

TEST(StoreWriter, NamedSnapshotsAndRetention) {
  StoreDir dir("store");
  auto m = three_world_meadow(5);
  store::Retention retention;
  retention.keep_latest = 3;
  retention.keep_hours = 0;
  store::StoreWriter writer(dir.path, 5, snapshot_mappings(), retention);
  store::SnapshotResult named;
  writer.snapshot(m->save(), "opening", [&](const store::SnapshotResult& r) { named = r; });
  for (int i = 0; i < 6; ++i) writer.snapshot(m->save());
  writer.flush();
  EXPECT_TRUE(named.ok) << named.error;
  EXPECT_EQ(named.info.name, "opening");
  EXPECT_GT(named.info.size, 0U);
  std::vector<store::SnapshotInfo> listed;
  writer.post([&](store::StateStore* s) { listed = s->snapshots(); });
  writer.flush();
  ASSERT_EQ(listed.size(), 4U);  // the three newest automatic ones and the named one
  EXPECT_EQ(listed.back().name, "opening");
}

// A rewind or a replay of the night runs at most a span of journal to reach any moment kept: of
// two hours of snapshots a minute, the first of each ten minutes stays, and the newest few.
TEST(StateStore, KeepsOneSnapshotASpanOverTheHoursKept) {
  StoreDir dir("store-spans");
  store::StateStore store(dir.path);
  const std::int64_t timeline = store.new_timeline();
  const std::int64_t minute = 60'000;
  const std::int64_t start = 1'800'000'000'000 - 1'800'000'000'000 % (10 * minute);  // on a span's start
  store::Retention retention;
  retention.keep_latest = 3;
  retention.keep_hours = 24;
  retention.span_minutes = 10;
  for (int m = 0; m < 120; ++m) {
    store::StateStore::NewSnapshot snapshot{"", timeline, static_cast<std::uint64_t>(m * 3600), start + m * minute, "s"};
    (void)store.commit({}, static_cast<std::uint64_t>(m * 3600), timeline, {snapshot});
    (void)store.prune(retention, start + m * minute);
  }
  const std::vector<store::SnapshotInfo> left = store.snapshots();  // newest first
  ASSERT_EQ(left.size(), 12U + 3U) << "twelve spans' firsts (minutes 0, 10, … 110), and the newest three";
  std::int64_t last = start + 120 * minute;
  for (const store::SnapshotInfo& s : left) {
    EXPECT_LE(last - s.saved_at_ms, 10 * minute) << "no gap wider than a span";
    last = s.saved_at_ms;
  }
  EXPECT_EQ(left.back().saved_at_ms, start);
}

TEST(StoreWriter, AFolderItCannotWriteLeavesTheMeadowGoingAndSaysSo) {
  StoreDir dir("store");
  std::filesystem::create_directories(dir.path);
  std::filesystem::permissions(dir.path, std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec);
  if (::geteuid() == 0) {
    // root writes anywhere: make the database path a folder instead, which SQLite cannot open.
    std::filesystem::permissions(dir.path, std::filesystem::perms::owner_all);
    std::filesystem::create_directories(dir.path / "meadow.db");
  }
  auto m = three_world_meadow(5);
  store::StoreWriter writer(dir.path, 5, snapshot_mappings(), {});
  store::SnapshotResult result;
  result.ok = true;
  writer.snapshot(m->save(), "x", [&](const store::SnapshotResult& r) { result = r; });
  std::vector<stream::JournalEntry> entries{{0, sim::Action{11, 0, sim::RockTap{{10, 10}}}}};
  writer.record(entries, 1);
  writer.flush();
  const store::StoreStatus status = writer.status();
  EXPECT_FALSE(status.saving);
  EXPECT_NE(status.problem.find("cannot open the store"), std::string::npos) << status.problem;
  EXPECT_FALSE(result.ok);
  EXPECT_NE(result.error.find("not being saved"), std::string::npos) << result.error;
  std::filesystem::permissions(dir.path, std::filesystem::perms::owner_all);
}

TEST(StoreWriter, ADamagedDatabaseIsRefusedClearly) {
  StoreDir dir("store");
  std::filesystem::create_directories(dir.path);
  {
    std::ofstream(dir.path / "meadow.db") << std::string(8192, 'x');
  }
  EXPECT_THROW(
      {
        try {
          store::StateStore store(dir.path);
        } catch (const store::StoreError& e) {
          EXPECT_NE(std::string(e.what()).find("meadow.db"), std::string::npos) << e.what();
          throw;
        }
      },
      store::StoreError);
}

}  // namespace
// Bounded by size: past three quarters of its ceiling the store sheds its oldest automatic
// snapshots (the hourly ones first) with the journal only they replay; the newest and the named
// ones stay. A flood of actions then costs history, not the saving.
TEST(StateStore, PastThreeQuartersOfItsCeilingTheOldestHistoryGoesFirst) {
  StoreDir dir("store-shed");
  constexpr std::uint64_t kCeiling = 4U << 20U;
  store::StateStore store(dir.path, kCeiling);
  const std::int64_t timeline = store.new_timeline();
  const std::int64_t hour = 3'600'000;
  const std::int64_t start = 1'800'000'000'000;
  store::Retention retention;
  retention.keep_latest = 20;
  retention.keep_hours = 24;
  retention.max_bytes = kCeiling;
  // Twelve hours of hourly snapshots of 400 kB (4.8 MB in all), a named one among them, and a
  // journal between; pruned after each, as the store's writer does.
  std::size_t dropped = 0;
  for (int h = 0; h < 12; ++h) {
    std::vector<store::StateStore::NewRecord> records;
    for (int r = 0; r < 50; ++r) records.push_back({timeline, static_cast<std::uint64_t>(h * 1000 + r), std::string(200, 'j')});
    store::StateStore::NewSnapshot snapshot{h == 3 ? "opening" : "", timeline, static_cast<std::uint64_t>(h * 1000),
                                            start + h * hour, std::string(400'000, static_cast<char>('a' + h))};
    (void)store.commit(records, static_cast<std::uint64_t>(h * 1000 + 60), timeline, {snapshot});
    dropped += store.prune(retention, start + h * hour);
    EXPECT_LE(store.used_bytes(), kCeiling / 4 * 3) << "after hour " << h;
  }
  EXPECT_GT(dropped, 0U) << "the test fills the store past its budget";
  const std::vector<store::SnapshotInfo> left = store.snapshots();  // newest first
  ASSERT_FALSE(left.empty());
  EXPECT_EQ(left.front().tick, 11'000U) << "the newest stays";
  EXPECT_TRUE(store.snapshot_named("opening").has_value()) << "a named one stays";
  std::uint64_t oldest_automatic = ~std::uint64_t{0};
  for (const store::SnapshotInfo& s : left) {
    if (s.name.empty()) oldest_automatic = std::min(oldest_automatic, s.tick);
  }
  EXPECT_GE(oldest_automatic, 4'000U) << "the oldest went first";
  // The journal before the oldest snapshot is gone with it; what the newest needs is there.
  const std::vector<store::JournalRow> journal = store.journal(timeline, 0);
  ASSERT_FALSE(journal.empty());
  EXPECT_GE(journal.front().tick, 3'000U) << "kept from the oldest snapshot left (the named one's) on";
  EXPECT_EQ(journal.back().tick, 11'049U);
}

}  // namespace meadow::testing
