#pragma once
// What the operator's Save, Restore and ListSnapshots calls ask of the server (docs/durability.md),
// without net/ knowing the store: the wiring (app/snapshot_control.*) runs them on the sim thread
// and the store's thread. Every answer comes through a callback, from whichever thread finished the
// work.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace meadow::net {

struct SnapshotRow {
  std::int64_t id = 0;
  std::string name;
  std::uint64_t tick = 0;
  std::int64_t saved_at_ms = 0;
  std::uint64_t size = 0;
  std::int64_t timeline = 0;
};

struct SnapshotAnswer {
  bool ok = false;
  std::string reason;  // for people, when not ok
  SnapshotRow snapshot;
  std::uint64_t tick = 0;  // the meadow's tick after a restore
  std::string said;        // what every viewer was told (a rewind's "the meadow went back to 21:40")
};

class SnapshotControl {
 public:
  virtual ~SnapshotControl() = default;
  // Saves the meadow as it is at the next tick boundary (name may be empty).
  virtual void save(std::string name, std::function<void(const SnapshotAnswer&)> done) = 0;
  // Restores the snapshot of that name, or of id N given as "#N".
  virtual void restore(std::string name, std::function<void(const SnapshotAnswer&)> done) = 0;
  // Moderation: the meadow goes back to Unix milliseconds `to_ms` (docs/gallery.md "Moderation"),
  // made off the sim thread and restored between two ticks; every viewer is told.
  virtual void rewind(std::int64_t to_ms, std::function<void(const SnapshotAnswer&)> done) = 0;
  virtual void list(std::function<void(const std::vector<SnapshotRow>&, const std::string& error)> done) = 0;
};

}  // namespace meadow::net
