#pragma once
// What the operator sees of the meadow: a snapshot the sim thread publishes with every frame
// (through the hub) and the operator service and /metrics read from their own threads. Plain
// data; every world's part is labelled by its world, never named per world.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "sim/actions.hpp"
#include "sim/world_kind.hpp"

namespace meadow::net {

// One world as the operator sees it.
struct WorldStatus {
  sim::WorldKind kind = sim::WorldKind::swarm;
  std::string engine;          // "cpu", "gpu", …
  double step_seconds = 0.0;   // running mean of one step of its engine
  std::vector<std::pair<std::string, double>> figures;  // name (snake_case) → value
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
};

// One viewer as the operator sees it.
struct SessionInfo {
  std::uint64_t id = 0;
  std::string address;
  sim::WorldKind world = sim::WorldKind::swarm;
  double connected_seconds = 0.0;
  std::uint64_t bytes_sent = 0;
  std::uint64_t frames_sent = 0;
  std::uint64_t frames_dropped = 0;
};

}  // namespace meadow::net
