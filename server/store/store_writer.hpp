#pragma once
// The store's own thread (docs/durability.md "Who does what"): the sim thread hands it the actions
// it applied, each tick, and copies of the meadow made at tick boundaries; this thread maps and
// serialises them and commits them to the StateStore in groups, every kCommitInterval at the
// latest. The sim thread never waits on the disk: handing over is a move under a mutex this thread
// holds only to swap a vector.
//
// When the disk fails (full, read-only, a damaged file) the meadow goes on: this thread logs what
// is wrong once, says so in status() (not saving), keeps what it could not write up to a bound,
// and tries again; once it writes again it asks for a fresh snapshot (snapshot_wanted()), so that
// recovery never needs the records it had to drop.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include "sim/meadow_state.hpp"
#include "store/state_store.hpp"
#include "stream/snapshot_mapping.hpp"
#include "stream/world_snapshot.hpp"

namespace meadow::store {

// A group commit at least this often: an action acknowledged this long before a kill -9 is on
// the disk (docs/durability.md: committed in groups, at least every 100 ms).
inline constexpr std::chrono::milliseconds kCommitInterval{50};
// Journal records kept in memory while the disk refuses them; past this the oldest go (and a
// fresh snapshot is asked for once the disk takes writes again).
inline constexpr std::size_t kMaxBacklog = 200'000;

struct StoreStatus {
  bool saving = false;   // the last commit (or opening) worked
  std::string problem;   // why not, for people; empty while saving
  std::uint64_t records_written = 0;
  std::uint64_t records_dropped = 0;
  std::uint64_t snapshots_written = 0;
  std::uint64_t last_snapshot_tick = 0;
  std::int64_t last_snapshot_at_ms = 0;  // Unix time; 0: none yet
  std::uint64_t last_snapshot_bytes = 0;
  double last_snapshot_seconds = 0.0;    // mapping, serialising and committing it
  double last_commit_seconds = 0.0;
  std::uint64_t commits = 0;
};

struct SnapshotResult {
  bool ok = false;
  std::string error;  // for people, when not ok
  SnapshotInfo info;
};

class StoreWriter {
 public:
  using Clock = std::chrono::system_clock;

  // Opens the store in `dir` (a failure is logged and reported in status(); the writer tries
  // again every few seconds). `seed`: the meadow's, recorded in the store.
  StoreWriter(std::filesystem::path dir, std::uint64_t seed, std::vector<stream::WorldSnapshotMapping> worlds,
              Retention retention);
  // Takes a store already open (recovery opened it).
  StoreWriter(std::unique_ptr<StateStore> store, std::filesystem::path dir, std::uint64_t seed,
              std::vector<stream::WorldSnapshotMapping> worlds, Retention retention);
  ~StoreWriter();  // commits what is queued, then stops
  StoreWriter(const StoreWriter&) = delete;
  StoreWriter& operator=(const StoreWriter&) = delete;

  // --- from the sim thread ---
  // The entries applied in a tick (taken: `entries` is left empty), and that every tick before
  // `reached` has run.
  void record(std::vector<stream::JournalEntry>& entries, std::uint64_t reached);
  // A copy of the meadow at a tick boundary: mapped, serialised and committed on this thread.
  // `name` empty: an automatic one. `done` (may be empty) is called on this thread.
  void snapshot(sim::MeadowState state, std::string name = {},
                std::function<void(const SnapshotResult&)> done = {});
  // The meadow was restored to an older state: a new timeline starts with it as its first
  // snapshot; records handed in after this belong to it.
  void restored(sim::MeadowState state);
  // Asked for by this thread after it had to drop records: the sim thread should hand in a
  // snapshot soon (it clears the flag by doing so).
  [[nodiscard]] bool snapshot_wanted() const { return snapshot_wanted_.load(std::memory_order_relaxed); }

  // --- from anywhere ---
  // Runs `task` on this thread with the store (nullptr while it cannot be opened), in order with
  // the commits before it.
  void post(std::function<void(StateStore*)> task);
  [[nodiscard]] StoreStatus status() const;
  // Waits until everything handed in so far is committed (or failed).
  void flush();

 private:
  struct Records {
    std::vector<stream::JournalEntry> entries;
  };
  struct Snapshot {
    sim::MeadowState state;
    std::string name;
    std::function<void(const SnapshotResult&)> done;
    bool new_timeline = false;
  };
  using Item = std::variant<Records, Snapshot, std::function<void(StateStore*)>>;

  void run(const std::stop_token& stop);
  void handle(std::vector<Item>& items);
  void open_store();
  void failed(const std::string& what);
  void commit_pending();

  std::filesystem::path dir_;
  std::uint64_t seed_;
  std::vector<stream::WorldSnapshotMapping> worlds_;
  Retention retention_;
  std::unique_ptr<StateStore> store_;  // this thread's only (and the constructor's)
  std::int64_t timeline_ = 0;
  std::chrono::steady_clock::time_point next_open_try_{};

  // What this thread has taken and not yet committed.
  std::vector<StateStore::NewRecord> pending_records_;
  std::vector<StateStore::NewSnapshot> pending_snapshots_;
  std::vector<std::function<void(const SnapshotResult&)>> pending_done_;
  std::vector<double> pending_snapshot_seconds_;
  std::optional<std::uint64_t> pending_reached_;
  bool prune_due_ = false;
  bool gap_ = false;  // records were lost, or the store was (re)opened: a new timeline next

  mutable std::mutex mutex_;
  std::condition_variable_any wake_;
  std::condition_variable flushed_;
  std::vector<Item> queue_;
  std::uint64_t queued_ = 0;   // items handed in, ever
  std::uint64_t handled_ = 0;  // items this thread has finished with
  std::optional<std::uint64_t> reached_;
  bool flush_asked_ = false;
  StoreStatus status_;
  std::atomic<bool> snapshot_wanted_{false};
  std::jthread thread_;
};

}  // namespace meadow::store
