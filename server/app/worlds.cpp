#include "app/worlds.hpp"

#include "gpu/fallback_swarm.hpp"
#include "sim/colony/colony_world.hpp"
#include "gpu/fallback_mold.hpp"
#include "sim/mold/mold_world.hpp"
#include "sim/swarm/swarm_world.hpp"
#include "stream/colony/colony_snapshot.hpp"
#include "stream/colony/colony_stream.hpp"
#include "stream/mold/mold_snapshot.hpp"
#include "stream/mold/mold_stream.hpp"
#include "stream/swarm/swarm_snapshot.hpp"
#include "stream/swarm/swarm_stream.hpp"

namespace meadow::app {

namespace {

// --swarm-engine and --mold-engine: "cpu", "gpu" or "auto".
gpu::EngineChoice engine_choice(const std::string& name) {
  if (name == "cpu") return gpu::EngineChoice::kCpu;
  if (name == "gpu") return gpu::EngineChoice::kGpu;
  return gpu::EngineChoice::kAuto;
}

// The mold on the engine asked for: at that engine's defaults (map and agents), unless the flags
// name them (a missing one then from the CPU's defaults).
std::unique_ptr<sim::MoldEngine> make_mold_engine(const WorldOptions& options, std::uint64_t seed) {
  const gpu::EngineChoice choice = engine_choice(options.mold_engine);
  if (options.mold_map_width == 0 && options.mold_agents == 0) return gpu::make_mold(choice, seed, options.gpu_warning);
  const gpu::MoldDefaults cpu = gpu::mold_defaults(false);
  const sim::MapSize size = options.mold_map_width != 0 ? sim::map_of_width(options.mold_map_width) : cpu.size;
  const std::uint32_t agents = options.mold_agents != 0 ? options.mold_agents : cpu.agents;
  return gpu::make_mold(choice, seed, size, sim::default_mold_settings(agents), options.gpu_warning);
}

}  // namespace

std::vector<WorldRegistration> standard_worlds(const WorldOptions& options) {
  const gpu::EngineChoice engine = engine_choice(options.swarm_engine);
  return {
      {sim::WorldKind::swarm,
       [=](std::uint64_t seed, sim::Land& land) -> std::unique_ptr<sim::World> {
         // The engine is placed on the world its count calls for at its density
         // (docs/rules.md "The land · Growing and shrinking"), as the swarm world then sizes the
         // land.
         auto world = std::make_unique<sim::SwarmWorld>(
             gpu::make_swarm(engine, seed, options.swarm_count, land, options.gpu_warning), land);
         world->set_viewer_max_count(options.viewer_max_count);
         return world;
       },
       [] { return std::make_unique<stream::SwarmStream>(); },
       stream::swarm_snapshot_mapping()},
      {sim::WorldKind::colony,
       [](std::uint64_t seed, sim::Land& land) -> std::unique_ptr<sim::World> {
         return std::make_unique<sim::ColonyWorld>(seed, land);
       },
       [] { return std::make_unique<stream::ColonyStream>(); },
       stream::colony_snapshot_mapping()},
      {sim::WorldKind::mold,
       [=](std::uint64_t seed, sim::Land& land) -> std::unique_ptr<sim::World> {
         return std::make_unique<sim::MoldWorld>(make_mold_engine(options, seed), land);
       },
       [] { return std::make_unique<stream::MoldStream>(); },
       stream::mold_snapshot_mapping()},
  };
}

std::vector<sim::WorldMaker> makers_of(const std::vector<WorldRegistration>& worlds) {
  std::vector<sim::WorldMaker> out;
  for (const WorldRegistration& w : worlds) out.push_back(w.make);
  return out;
}

std::vector<std::unique_ptr<stream::WorldStream>> streams_of(const std::vector<WorldRegistration>& worlds) {
  std::vector<std::unique_ptr<stream::WorldStream>> out;
  for (const WorldRegistration& w : worlds) {
    if (w.stream) out.push_back(w.stream());
  }
  return out;
}

std::vector<stream::WorldSnapshotMapping> snapshot_mappings_of(const std::vector<WorldRegistration>& worlds) {
  std::vector<stream::WorldSnapshotMapping> out;
  for (const WorldRegistration& w : worlds) {
    if (w.snapshot) out.push_back(*w.snapshot);
  }
  return out;
}

}  // namespace meadow::app
