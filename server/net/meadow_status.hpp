#pragma once
// What the operator sees of the meadow: a snapshot the sim thread publishes with every frame
// (through the hub) and the operator service and /metrics read from their own threads. Plain
// data; every world's part is labelled by its world, never named per world.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sim/actions.hpp"
#include "sim/settings.hpp"
#include "sim/world_kind.hpp"

namespace meadow::net {

// One world as the operator sees it.
struct WorldStatus {
  sim::WorldKind kind = sim::kAllWorldKinds.front();
  std::string engine;          // "cpu", "gpu", …
  double step_seconds = 0.0;   // running mean of one step of its engine
  std::vector<std::pair<std::string, double>> figures;  // name (snake_case) → value
  std::vector<sim::SettingValue> settings;  // its settings now, in its schema's order
};

// Whether the meadow is being saved (docs/durability.md; set when the server has a state folder).
struct SaveStatus {
  bool saving = false;
  std::string problem;  // why not, for people
  std::uint64_t last_snapshot_tick = 0;
  std::int64_t last_snapshot_at_ms = 0;  // Unix time; 0: none yet
  std::uint64_t last_snapshot_bytes = 0;
  double last_snapshot_seconds = 0.0;    // off the sim thread: mapping, writing, committing
  std::uint64_t snapshots_written = 0;
  std::uint64_t records_written = 0;
  std::uint64_t records_dropped = 0;
};

struct MeadowStatus {
  std::uint64_t tick = 0;
  double ticks_per_second = 0.0;  // achieved over about the last second
  double frame_build_seconds = 0.0;  // running mean
  double tick_p99_seconds = 0.0;  // a whole tick's 99th percentile over about 10 s
  std::vector<WorldStatus> worlds;  // the worlds that run, in the order of their kinds
  std::uint32_t rocks = 0;
  sim::ViewerLocks locks;
  bool paused = false;
  std::optional<SaveStatus> save;  // nullopt: the server keeps no state
};

// One edge server of a sim (docs/edges.md), as the operator sees it.
struct EdgeSummary {
  std::string name;
  std::size_t viewers = 0;
};

// One viewer as the operator sees it.
struct SessionInfo {
  std::uint64_t id = 0;
  std::string address;
  sim::WorldKind world = sim::kAllWorldKinds.front();
  double connected_seconds = 0.0;
  std::uint64_t bytes_sent = 0;
  std::uint64_t frames_sent = 0;
  std::uint64_t frames_dropped = 0;
  std::string edge = {};  // the edge server it is on (docs/edges.md); empty: this server
};

}  // namespace meadow::net
