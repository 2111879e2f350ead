#include "app/swarm/swarm_module.hpp"

#include "gpu/swarm/fallback_swarm.hpp"
#include "sim/swarm/cpu_swarm.hpp"
#include "sim/swarm/swarm_world.hpp"
#include "stream/swarm/swarm_snapshot.hpp"
#include "stream/swarm/swarm_stream.hpp"

namespace meadow::app {

void add_swarm_flags(CLI::App& group, SwarmOptions& options) {
  group
      .add_option("--swarm-count", options.count,
                  "Fireflies in the swarm at start; past 6,000 the world starts larger than one meadow "
                  "(viewers change the count later)")
      ->envname("MEADOW_SWARM_COUNT")
      ->check(CLI::Range(static_cast<std::uint32_t>(sim::SwarmEngine::kMinCount),
                         static_cast<std::uint32_t>(sim::CpuSwarm::kMaxCount)))
      ->capture_default_str();
  add_engine_flag(group, options.engine, "swarm");
  group
      .add_option("--viewer-max-count", options.viewer_max_count,
                  "The most fireflies a viewer may ask for; 0: four meadows' worth at the engine's density "
                  "(CPU 24,000, GPU 192,000). The operator may set more")
      ->envname("MEADOW_VIEWER_MAX_COUNT")
      ->capture_default_str();
}

WorldRegistration swarm_registration(const SwarmOptions& options, const gpu::EngineNotice& warning) {
  const gpu::EngineChoice engine = engine_choice(options.engine);
  return {sim::WorldKind::swarm,
          [=](std::uint64_t seed, sim::Land& land) -> std::unique_ptr<sim::World> {
            // The engine is placed on the world its count calls for at its density
            // (docs/rules.md "The land · Growing and shrinking"), as the swarm world then sizes the land.
            auto world = std::make_unique<sim::SwarmWorld>(gpu::make_swarm(engine, seed, options.count, land, warning),
                                                           land);
            world->set_viewer_max_count(options.viewer_max_count);
            return world;
          },
          [] { return std::make_unique<stream::SwarmStream>(); },
          stream::swarm_snapshot_mapping()};
}

}  // namespace meadow::app
