#pragma once
// The meadow's history in one SQLite database (STATE_DIR/meadow.db, WAL mode, synchronous FULL):
// snapshots of the whole meadow, the journal of every action applied since, and how far the
// meadow got. Anyone can look into it with the sqlite3 shell (docs/durability.md has the schema
// and queries).
//
// Timelines: the journal's ticks only grow within a timeline. Restoring an older snapshot (the
// operator's `meadowctl restore`) starts a new timeline, whose first snapshot is the restored
// meadow; recovery follows the newest snapshot's timeline.
//
// Not thread-safe: one thread (the store's writer, or recovery before it starts) uses it; a
// reader (below) is its own thread's.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "store/sqlite_db.hpp"

namespace meadow::store {

struct SnapshotInfo {
  std::int64_t id = 0;
  std::string name;  // empty: an automatic one
  std::int64_t timeline = 0;
  std::uint64_t tick = 0;
  std::int64_t saved_at_ms = 0;  // Unix time
  std::uint64_t size = 0;        // bytes of the snapshot
};

struct JournalRow {
  std::int64_t seq = 0;
  std::uint64_t tick = 0;
  std::string record;  // a serialised meadow.v1.JournalRecord
};

// Which snapshots and journal to keep: the newest `keep_latest` automatic snapshots, plus the
// first of each `span_minutes` for `keep_hours` hours (so that a rewind or a replay of the night
// finds a snapshot at most a span before any moment: docs/gallery.md); named ones until deleted.
// The journal is kept from the oldest snapshot kept on each timeline on.
struct Retention {
  std::size_t keep_latest = 10;
  std::int64_t keep_hours = 24;
  std::int64_t span_minutes = 10;
  // The most the database may grow to (bytes; 0: as far as the disk goes). Past it writes fail as
  // on a full disk, and the meadow goes on unsaved; before that, prune() sheds the oldest history
  // to keep it under three quarters of this.
  std::uint64_t max_bytes = 0;
};

class StateStore {
 public:
  // Opens STATE_DIR/meadow.db, making the folder and the database if they are missing. Throws
  // StoreError (a damaged file, a folder that cannot be written, …).
  explicit StateStore(const std::filesystem::path& dir, std::uint64_t max_bytes = 0);
  // Another connection to STATE_DIR/meadow.db for reading only, beside the writer's (WAL: readers
  // and the writer never block each other): a replay of the night reads on its own thread, at its
  // own priority. Nothing is checked or made; throws StoreError when there is no database.
  struct Reader {};
  StateStore(const std::filesystem::path& dir, Reader);

  [[nodiscard]] const std::filesystem::path& file() const { return file_; }

  // The seed of the meadow this store keeps (set by the first save), if any.
  [[nodiscard]] std::optional<std::uint64_t> seed();
  void set_seed(std::uint64_t seed);
  // Addresses the operator keeps out, until when (Unix ms): moderation outlives a restart. Those
  // whose time is over are dropped as one is added.
  struct KeptOut {
    std::string address;
    std::int64_t until_ms = 0;
  };
  [[nodiscard]] std::vector<KeptOut> kept_out();
  void keep_out(const std::string& address, std::int64_t until_ms, std::int64_t now_ms);
  // The timeline the journal now grows on (0 before the first).
  [[nodiscard]] std::int64_t timeline();
  // Starts a new timeline and returns it.
  std::int64_t new_timeline();

  // One group commit: journal records on `timeline`, how far the meadow got on it, and any
  // snapshots, in one transaction. Returns the snapshots' ids.
  struct NewSnapshot {
    std::string name;
    std::int64_t timeline = 0;
    std::uint64_t tick = 0;
    std::int64_t saved_at_ms = 0;
    std::string data;  // a serialised meadow.v1.SavedMeadow
  };
  struct NewRecord {
    std::int64_t timeline = 0;
    std::uint64_t tick = 0;
    std::string record;
  };
  std::vector<std::int64_t> commit(const std::vector<NewRecord>& records, std::optional<std::uint64_t> reached,
                                   std::int64_t reached_timeline, const std::vector<NewSnapshot>& snapshots);

  // Newest first.
  [[nodiscard]] std::vector<SnapshotInfo> snapshots();
  [[nodiscard]] std::optional<SnapshotInfo> snapshot_named(const std::string& name);
  // The serialised snapshot. Throws StoreError when it is not there.
  [[nodiscard]] std::string snapshot_data(std::int64_t id);
  // Journal rows of `timeline` from `from_tick` on, in the order applied.
  [[nodiscard]] std::vector<JournalRow> journal(std::int64_t timeline, std::uint64_t from_tick);
  // The last tick the meadow finished on `timeline`, as last committed.
  [[nodiscard]] std::optional<std::uint64_t> reached(std::int64_t timeline);

  // Drops what `retention` does not keep (now_ms: Unix time now), and then, while the database
  // holds more than three quarters of retention.max_bytes, the oldest automatic snapshots but the
  // newest, each with the journal only it could replay. Returns the snapshots dropped.
  std::size_t prune(const Retention& retention, std::int64_t now_ms);
  // The bytes the database's pages hold (its free pages aside: SQLite reuses them).
  [[nodiscard]] std::uint64_t used_bytes();

 private:
  // Drops each timeline's journal from before its oldest snapshot, and the journal of timelines
  // with no snapshot but the current one's. Inside the caller's transaction.
  void cut_journal();
  std::optional<std::string> meta(const std::string& key);
  void set_meta(const std::string& key, const std::string& value);

  std::filesystem::path file_;
  SqliteDb db_;
};

}  // namespace meadow::store
