#include "store/state_store.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>
#include <system_error>

namespace meadow::store {

namespace {

// Bumped when the tables change in a way an older server cannot read.
constexpr int kSchemaVersion = 1;
constexpr std::int64_t kMsPerHour = 3'600'000;
constexpr std::int64_t kMsPerMinute = 60'000;

std::filesystem::path database_in(const std::filesystem::path& dir) {
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error) throw StoreError("cannot make the state folder " + dir.string() + ": " + error.message(), 0);
  return dir / "meadow.db";
}

}  // namespace

StateStore::StateStore(const std::filesystem::path& dir, Reader) : file_(dir / "meadow.db"), db_(file_.string(), false) {}

StateStore::StateStore(const std::filesystem::path& dir, std::uint64_t max_bytes)
    : file_(database_in(dir)), db_(file_.string(), true) {
  // WAL: a commit is one append to the log, readers (sqlite3 by hand) never block the writer, and
  // a crash at any moment leaves the last committed transaction whole. FULL: each group commit
  // is on the disk before the next, so a power cut loses at most the commit under way.
  db_.exec("PRAGMA journal_mode=WAL");
  db_.exec("PRAGMA synchronous=FULL");
  if (max_bytes > 0) {
    Statement page = db_.prepare("PRAGMA page_size");
    page.step();
    const std::int64_t page_size = std::max<std::int64_t>(page.integer(0), 512);
    page.reset();
    db_.exec("PRAGMA max_page_count=" + std::to_string(std::max<std::uint64_t>(max_bytes / page_size, 16)));
  }
  {
    Statement check = db_.prepare("PRAGMA quick_check");
    if (check.step() && check.text(0) != "ok") {
      throw StoreError("the database " + file_.string() + " is damaged: " + check.text(0), 11 /* SQLITE_CORRUPT */);
    }
    check.reset();
  }
  db_.exec(R"sql(
    CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS snapshots(
      id INTEGER PRIMARY KEY,
      name TEXT,                    -- NULL: an automatic snapshot
      timeline INTEGER NOT NULL,
      tick INTEGER NOT NULL,        -- the next tick to run
      saved_at_ms INTEGER NOT NULL, -- Unix time
      size INTEGER NOT NULL,        -- bytes of data
      data BLOB NOT NULL            -- a meadow.v1.SavedMeadow
    );
    CREATE UNIQUE INDEX IF NOT EXISTS snapshots_by_name ON snapshots(name) WHERE name IS NOT NULL;
    CREATE TABLE IF NOT EXISTS journal(
      seq INTEGER PRIMARY KEY,      -- the order applied
      timeline INTEGER NOT NULL,
      tick INTEGER NOT NULL,
      record BLOB NOT NULL          -- a meadow.v1.JournalRecord
    );
    CREATE INDEX IF NOT EXISTS journal_by_tick ON journal(timeline, tick);
    CREATE TABLE IF NOT EXISTS reached(timeline INTEGER PRIMARY KEY, tick INTEGER NOT NULL);
  )sql");
  const std::optional<std::string> schema = meta("schema");
  if (!schema) {
    set_meta("schema", std::to_string(kSchemaVersion));
  } else if (*schema != std::to_string(kSchemaVersion)) {
    throw StoreError(file_.string() + " has schema " + *schema + "; this server reads schema " +
                         std::to_string(kSchemaVersion),
                     0);
  }
}

std::optional<std::string> StateStore::meta(const std::string& key) {
  Statement q = db_.prepare("SELECT value FROM meta WHERE key = ?");
  q.bind(1, key);
  if (!q.step()) return std::nullopt;
  std::string value = q.text(0);
  q.reset();
  return value;
}

void StateStore::set_meta(const std::string& key, const std::string& value) {
  db_.prepare("INSERT INTO meta(key, value) VALUES(?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value")
      .bind(1, key)
      .bind(2, value)
      .run();
}

std::optional<std::uint64_t> StateStore::seed() {
  const std::optional<std::string> value = meta("seed");
  if (!value) return std::nullopt;
  return std::stoull(*value);
}

void StateStore::set_seed(std::uint64_t seed) { set_meta("seed", std::to_string(seed)); }

// Kept in meta as lines "ADDRESS UNTIL_MS" (an address has no space).
std::vector<StateStore::KeptOut> StateStore::kept_out() {
  std::vector<KeptOut> out;
  std::istringstream lines(meta("kept_out").value_or(""));
  for (KeptOut k; lines >> k.address >> k.until_ms;) out.push_back(k);
  return out;
}

void StateStore::keep_out(const std::string& address, std::int64_t until_ms, std::int64_t now_ms) {
  std::string text;
  for (const KeptOut& k : kept_out()) {
    if (k.until_ms > now_ms && k.address != address) text += k.address + " " + std::to_string(k.until_ms) + "\n";
  }
  text += address + " " + std::to_string(until_ms) + "\n";
  set_meta("kept_out", text);
}

std::int64_t StateStore::timeline() {
  const std::optional<std::string> value = meta("timeline");
  return value ? std::stoll(*value) : 0;
}

std::int64_t StateStore::new_timeline() {
  const std::int64_t next = timeline() + 1;
  set_meta("timeline", std::to_string(next));
  return next;
}

std::vector<std::int64_t> StateStore::commit(const std::vector<NewRecord>& records, std::optional<std::uint64_t> reached,
                                             std::int64_t reached_timeline, const std::vector<NewSnapshot>& snapshots) {
  std::vector<std::int64_t> ids;
  Transaction transaction(db_);
  if (!records.empty()) {
    Statement insert = db_.prepare("INSERT INTO journal(timeline, tick, record) VALUES(?, ?, ?)");
    for (const NewRecord& r : records) {
      insert.bind(1, r.timeline).bind(2, static_cast<std::int64_t>(r.tick)).bind_blob(3, r.record).run();
    }
  }
  if (reached) {
    db_.prepare("INSERT INTO reached(timeline, tick) VALUES(?, ?) ON CONFLICT(timeline) DO UPDATE SET tick = excluded.tick")
        .bind(1, reached_timeline)
        .bind(2, static_cast<std::int64_t>(*reached))
        .run();
  }
  for (const NewSnapshot& s : snapshots) {
    Statement insert = db_.prepare(
        "INSERT INTO snapshots(name, timeline, tick, saved_at_ms, size, data) VALUES(?, ?, ?, ?, ?, ?)");
    if (s.name.empty()) {
      insert.bind_null(1);
    } else {
      // A name saved again moves to the new snapshot.
      db_.prepare("UPDATE snapshots SET name = NULL WHERE name = ?").bind(1, s.name).run();
      insert.bind(1, s.name);
    }
    insert.bind(2, s.timeline)
        .bind(3, static_cast<std::int64_t>(s.tick))
        .bind(4, s.saved_at_ms)
        .bind(5, static_cast<std::int64_t>(s.data.size()))
        .bind_blob(6, s.data)
        .run();
    ids.push_back(db_.last_insert_id());
  }
  transaction.commit();
  return ids;
}

namespace {
SnapshotInfo snapshot_row(const Statement& q) {
  return {q.integer(0), q.is_null(1) ? std::string() : q.text(1), q.integer(2), static_cast<std::uint64_t>(q.integer(3)),
          q.integer(4), static_cast<std::uint64_t>(q.integer(5))};
}
}  // namespace

std::vector<SnapshotInfo> StateStore::snapshots() {
  std::vector<SnapshotInfo> out;
  Statement q = db_.prepare("SELECT id, name, timeline, tick, saved_at_ms, size FROM snapshots ORDER BY id DESC");
  while (q.step()) out.push_back(snapshot_row(q));
  return out;
}

std::optional<SnapshotInfo> StateStore::snapshot_named(const std::string& name) {
  Statement q = db_.prepare("SELECT id, name, timeline, tick, saved_at_ms, size FROM snapshots WHERE name = ?");
  q.bind(1, name);
  if (!q.step()) return std::nullopt;
  SnapshotInfo info = snapshot_row(q);
  q.reset();
  return info;
}

std::string StateStore::snapshot_data(std::int64_t id) {
  Statement q = db_.prepare("SELECT data FROM snapshots WHERE id = ?");
  q.bind(1, id);
  if (!q.step()) throw StoreError("no snapshot " + std::to_string(id) + " in " + file_.string(), 0);
  std::string data = q.blob(0);
  q.reset();
  return data;
}

std::vector<JournalRow> StateStore::journal(std::int64_t timeline, std::uint64_t from_tick) {
  std::vector<JournalRow> out;
  Statement q = db_.prepare("SELECT seq, tick, record FROM journal WHERE timeline = ? AND tick >= ? ORDER BY seq");
  q.bind(1, timeline).bind(2, static_cast<std::int64_t>(from_tick));
  while (q.step()) out.push_back({q.integer(0), static_cast<std::uint64_t>(q.integer(1)), q.blob(2)});
  return out;
}

std::optional<std::uint64_t> StateStore::reached(std::int64_t timeline) {
  Statement q = db_.prepare("SELECT tick FROM reached WHERE timeline = ?");
  q.bind(1, timeline);
  if (!q.step()) return std::nullopt;
  const auto tick = static_cast<std::uint64_t>(q.integer(0));
  q.reset();
  return tick;
}

std::size_t StateStore::prune(const Retention& retention, std::int64_t now_ms) {
  const std::vector<SnapshotInfo> all = snapshots();  // newest first
  std::set<std::int64_t> keep;
  std::set<std::int64_t> spans_seen;
  std::size_t automatic = 0;
  const std::int64_t span_ms = std::max<std::int64_t>(retention.span_minutes, 1) * kMsPerMinute;
  for (auto it = all.rbegin(); it != all.rend(); ++it) {  // oldest first: the first of each span
    if (!it->name.empty()) continue;
    const std::int64_t span = it->saved_at_ms / span_ms;
    if (now_ms - it->saved_at_ms <= retention.keep_hours * kMsPerHour && spans_seen.insert(span).second) {
      keep.insert(it->id);
    }
  }
  for (const SnapshotInfo& s : all) {
    if (!s.name.empty()) {
      keep.insert(s.id);
    } else if (automatic++ < std::max<std::size_t>(retention.keep_latest, 1)) {
      keep.insert(s.id);
    }
  }
  std::size_t dropped = 0;
  {
    Transaction transaction(db_);
    Statement drop = db_.prepare("DELETE FROM snapshots WHERE id = ?");
    for (const SnapshotInfo& s : all) {
      if (keep.count(s.id) != 0) continue;
      drop.bind(1, s.id).run();
      ++dropped;
    }
    cut_journal();
    transaction.commit();
  }
  // Bounded by size too: while the database holds more than three quarters of what it may, the
  // oldest automatic snapshots go first (those kept one a span before the newest), with the journal only
  // they could replay; the newest snapshot and the named ones stay. A flood of actions then costs
  // history, not the saving.
  if (retention.max_bytes == 0) return dropped;
  const std::uint64_t budget = retention.max_bytes / 4 * 3;
  while (used_bytes() > budget) {
    const std::vector<SnapshotInfo> left = snapshots();  // newest first
    auto oldest = left.rend();
    for (auto it = left.rbegin(); it != left.rend(); ++it) {
      if (it->name.empty() && it->id != left.front().id) {
        oldest = it;
        break;
      }
    }
    if (oldest == left.rend()) break;  // only the newest and the named ones are left
    Transaction transaction(db_);
    db_.prepare("DELETE FROM snapshots WHERE id = ?").bind(1, oldest->id).run();
    cut_journal();
    transaction.commit();
    ++dropped;
  }
  return dropped;
}

void StateStore::cut_journal() {
  std::map<std::int64_t, std::uint64_t> oldest_kept;  // timeline → tick of its oldest snapshot kept
  for (const SnapshotInfo& s : snapshots()) {
    auto [it, fresh] = oldest_kept.emplace(s.timeline, s.tick);
    if (!fresh && s.tick < it->second) it->second = s.tick;
  }
  // A timeline's journal before its oldest snapshot kept can no longer be replayed from anything.
  const std::int64_t current = timeline();
  Statement cut = db_.prepare("DELETE FROM journal WHERE timeline = ? AND tick < ?");
  Statement timelines = db_.prepare("SELECT DISTINCT timeline FROM journal");
  std::vector<std::int64_t> with_journal;
  while (timelines.step()) with_journal.push_back(timelines.integer(0));
  for (const std::int64_t t : with_journal) {
    const auto kept = oldest_kept.find(t);
    if (kept != oldest_kept.end()) {
      cut.bind(1, t).bind(2, static_cast<std::int64_t>(kept->second)).run();
    } else if (t != current) {
      db_.prepare("DELETE FROM journal WHERE timeline = ?").bind(1, t).run();
    }
  }
}

std::uint64_t StateStore::used_bytes() {
  const auto pragma = [&](const char* name) {
    Statement s = db_.prepare(std::string("PRAGMA ") + name);
    return s.step() ? static_cast<std::uint64_t>(s.integer(0)) : std::uint64_t{0};
  };
  const std::uint64_t pages = pragma("page_count");
  const std::uint64_t free_pages = pragma("freelist_count");
  return (pages > free_pages ? pages - free_pages : 0) * pragma("page_size");
}

}  // namespace meadow::store
