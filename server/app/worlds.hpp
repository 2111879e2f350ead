#pragma once
// The worlds this server runs, one registration each (docs/architecture.md "The worlds"): how the
// world is made on the meadow's land, the stream that builds its part of a frame, and how its state
// maps to a snapshot. A new world adds one entry to standard_worlds() (and one to the viewer's
// registry); docs/architecture.md, "How to add a world", lists every file it touches.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sim/meadow.hpp"
#include "stream/world_snapshot.hpp"
#include "stream/world_stream.hpp"

namespace meadow::app {

struct WorldRegistration {
  sim::WorldKind kind = sim::WorldKind::swarm;
  sim::WorldMaker make;
  std::function<std::unique_ptr<stream::WorldStream>()> stream;
  // Its part of a snapshot (stream/<world>/<world>_snapshot.hpp); nullopt: not saved.
  std::optional<stream::WorldSnapshotMapping> snapshot;
};

// What the worlds are made with (from the server's flags).
struct WorldOptions {
  std::string swarm_engine = "auto";  // "auto", "gpu", "cpu"
  std::uint32_t swarm_count = 5000;
  std::uint32_t viewer_max_count = 0;  // 0: the swarm's default ceiling
  std::string mold_engine = "auto";    // "auto", "gpu", "cpu"
  std::uint32_t mold_map_width = 0;    // cells; 0: the engine's default
  std::uint32_t mold_agents = 0;       // 0: the engine's default
  // Told once when the swarm's GPU engine cannot start or fails later (from the sim thread then).
  std::function<void(const std::string&)> gpu_warning;
};

// Every world a server runs, in registration order.
[[nodiscard]] std::vector<WorldRegistration> standard_worlds(const WorldOptions& options);
// The worlds this binary runs: standard_worlds() for meadow-server (server_worlds.cpp); the tests'
// server adds a test-only world (tests/support/test_server_worlds.cpp).
[[nodiscard]] std::vector<WorldRegistration> server_worlds(const WorldOptions& options);

// The makers and the streams of `worlds`, as the meadow and the frame builder take them.
[[nodiscard]] std::vector<sim::WorldMaker> makers_of(const std::vector<WorldRegistration>& worlds);
[[nodiscard]] std::vector<std::unique_ptr<stream::WorldStream>> streams_of(const std::vector<WorldRegistration>& worlds);
// The snapshot mappings of the worlds that have one.
[[nodiscard]] std::vector<stream::WorldSnapshotMapping> snapshot_mappings_of(const std::vector<WorldRegistration>& worlds);

}  // namespace meadow::app
