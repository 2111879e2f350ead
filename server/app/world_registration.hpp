#pragma once
// One world as a server runs it (docs/architecture.md "The worlds"): how it is made on the
// meadow's land, the stream that builds its part of a frame, and how its state maps to a
// snapshot. Each world's module (app/<world>/<world>_module.*) makes its own, with its flags.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

#include "gpu/engine_choice.hpp"
#include "sim/meadow.hpp"
#include "stream/world_snapshot.hpp"
#include "stream/world_stream.hpp"

namespace meadow::app {

struct WorldRegistration {
  sim::WorldKind kind{};
  sim::WorldMaker make;
  std::function<std::unique_ptr<stream::WorldStream>()> stream;
  // Its part of a snapshot (stream/<world>/<world>_snapshot.hpp); nullopt: not saved.
  std::optional<stream::WorldSnapshotMapping> snapshot;
};

// A world's engine flag ("auto", "gpu", "cpu") as the engines take it.
[[nodiscard]] gpu::EngineChoice engine_choice(const std::string& name);
// The --WORLD-engine flag every world with a GPU engine has, in its own group of flags.
void add_engine_flag(CLI::App& group, std::string& engine, std::string_view world);

}  // namespace meadow::app
