#pragma once
// A recording replayed headless (docs/durability.md, `meadow-sim replay`): a state folder's
// snapshot and the journal after it re-run as the server ran them, on the CPU engines, printing the
// meadow's state hash at chosen ticks. On the CPU the hashes are those the recorded server had at
// the same ticks (it logs its hash when it stops).
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "app/worlds.hpp"
#include "store/recovery.hpp"
#include "store/state_store.hpp"

namespace meadow::app {

// A recording read from a state folder: the snapshot it starts from and the journal after it.
struct Recording {
  std::uint64_t seed = 0;
  store::SnapshotInfo start;
  std::string snapshot;  // the serialised SavedMeadow
  store::JournalRead journal;
};

// Reads the recording in `dir` from snapshot `from` (nullopt: the oldest on the newest snapshot's
// timeline). Throws std::runtime_error with a message for people.
[[nodiscard]] Recording load_recording(const std::filesystem::path& dir, std::optional<std::int64_t> from);

// The worlds to replay a recording on: `options`' engines, with what each world was saved on as
// recorded (recording_options: a state restores only onto a world of its size).
[[nodiscard]] std::vector<WorldRegistration> recording_worlds(const std::string& snapshot, const WorldOptions& options);

struct ReplayOptions {
  std::filesystem::path state_dir;
  // The snapshot to start from; nullopt: the oldest one on the newest snapshot's timeline (the
  // start of the recording as far as it is kept).
  std::optional<std::int64_t> from_snapshot;
  // Run to this tick; nullopt: the last tick the recording reached.
  std::optional<std::uint64_t> to_tick;
  // Also report the hash every so many ticks (0: only at the end).
  std::uint64_t every = 0;
  unsigned threads = 1;
};

struct ReplayResult {
  std::int64_t snapshot_id = 0;
  std::uint64_t from_tick = 0;
  std::uint64_t to_tick = 0;
  std::uint64_t hash = 0;
  std::size_t actions = 0;
  bool journal_cut = false;  // a record did not read back: the replay stopped at its tick
  double seconds = 0.0;
};

// Throws std::runtime_error with a message for people (no such folder, no snapshot, …).
// `report(tick, hash)` is called at every `every` ticks and at the end.
ReplayResult replay_recording(const ReplayOptions& options,
                              const std::function<void(std::uint64_t tick, std::uint64_t hash)>& report);

}  // namespace meadow::app
