#include "app/worlds.hpp"

#include "gpu/fallback_swarm.hpp"
#include "sim/colony/colony_world.hpp"
#include "sim/swarm/swarm_world.hpp"
#include "stream/colony/colony_stream.hpp"
#include "stream/swarm/swarm_stream.hpp"

namespace meadow::app {

std::vector<WorldRegistration> standard_worlds(const WorldOptions& options) {
  const gpu::EngineChoice engine = options.swarm_engine == "cpu"   ? gpu::EngineChoice::kCpu
                                   : options.swarm_engine == "gpu" ? gpu::EngineChoice::kGpu
                                                                   : gpu::EngineChoice::kAuto;
  return {
      {sim::WorldKind::swarm,
       [=](std::uint64_t seed, sim::Land& land) -> std::unique_ptr<sim::World> {
         // The engine is placed on the world its count calls for at its density (SPEC §1), as the
         // swarm world then sizes the land.
         auto world = std::make_unique<sim::SwarmWorld>(
             gpu::make_swarm(engine, seed, options.swarm_count, land, options.gpu_warning), land);
         world->set_viewer_max_count(options.viewer_max_count);
         return world;
       },
       [] { return std::make_unique<stream::SwarmStream>(); }},
      {sim::WorldKind::colony,
       [](std::uint64_t seed, sim::Land& land) -> std::unique_ptr<sim::World> {
         return std::make_unique<sim::ColonyWorld>(seed, land);
       },
       [] { return std::make_unique<stream::ColonyStream>(); }},
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

}  // namespace meadow::app
