#pragma once
// The worlds this server runs, one registration each (docs/architecture.md "The worlds"): each
// world's module (app/<world>/) brings its flags, shown in --help under its name, and its
// registration (world_registration.hpp). A new world adds its module's options here and one entry
// to standard_worlds() (and one to the viewer's registry); docs/architecture.md, "How to add a
// world", lists every file it touches.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "app/colony/colony_module.hpp"
#include "app/mold/mold_module.hpp"
#include "app/swarm/swarm_module.hpp"
#include "app/world_registration.hpp"

namespace meadow::app {

// What the worlds are made with: each world's flags.
struct WorldOptions {
  SwarmOptions swarm;
  MoldOptions mold;
  // Told once when a world's GPU engine cannot start or fails later (from the sim thread then).
  gpu::EngineNotice gpu_warning;
  // Every world on its CPU engine (replays and tables: bit for bit, no device).
  void use_cpu_engines();
};

// Each world's flags, in a group of its own named after it.
void add_world_flags(CLI::App& app, WorldOptions& options);

// Every world a server runs, in registration order.
[[nodiscard]] std::vector<WorldRegistration> standard_worlds(const WorldOptions& options);
// The worlds this binary runs: standard_worlds() for meadow-server (server_worlds.cpp); the tests'
// server adds a test-only world (tests/support/test_server_worlds.cpp).
[[nodiscard]] std::vector<WorldRegistration> server_worlds(const WorldOptions& options);
// The options a recording (a saved meadow's bytes) is played with: `options`, with what its worlds
// were saved on (the mold's map and agents).
[[nodiscard]] WorldOptions recording_options(const std::string& snapshot, WorldOptions options);

// The makers and the streams of `worlds`, as the meadow and the frame builder take them.
[[nodiscard]] std::vector<sim::WorldMaker> makers_of(const std::vector<WorldRegistration>& worlds);
[[nodiscard]] std::vector<std::unique_ptr<stream::WorldStream>> streams_of(const std::vector<WorldRegistration>& worlds);
// The snapshot mappings of the worlds that have one.
[[nodiscard]] std::vector<stream::WorldSnapshotMapping> snapshot_mappings_of(const std::vector<WorldRegistration>& worlds);

}  // namespace meadow::app
