#include "app/mold/mold_module.hpp"

#include <algorithm>

#include "gpu/mold/fallback_mold.hpp"
#include "sim/mold/mold_rules.hpp"
#include "sim/mold/mold_world.hpp"
#include "stream/mold/mold_snapshot.hpp"
#include "stream/mold/mold_stream.hpp"

namespace meadow::app {

namespace {

// The mold on the engine asked for: at that engine's defaults (map and agents), unless the flags
// name them (a missing one then from the CPU's defaults).
std::unique_ptr<sim::MoldEngine> make_mold_engine(const MoldOptions& options, std::uint64_t seed,
                                                  const gpu::EngineNotice& warning) {
  const gpu::EngineChoice choice = engine_choice(options.engine);
  if (options.map_width == 0 && options.agents == 0) return gpu::make_mold(choice, seed, warning);
  const gpu::MoldDefaults cpu = gpu::mold_defaults(false);
  const sim::MapSize size = options.map_width != 0 ? sim::map_of_width(options.map_width) : cpu.size;
  const std::uint32_t agents = options.agents != 0 ? options.agents : cpu.agents;
  return gpu::make_mold(choice, seed, size, sim::default_mold_settings(agents), warning);
}

}  // namespace

void add_mold_flags(CLI::App& group, MoldOptions& options) {
  add_engine_flag(group, options.engine, "mold");
  group
      .add_option("--mold-map-width", options.map_width,
                  "Cells across the mold's trail map (16:9); 0: the default, 512")
      ->envname("MEADOW_MOLD_MAP_WIDTH")
      ->check(CLI::Range(0U, sim::mold_rules::kMaxMapWidth))
      ->capture_default_str();
  group.add_option("--mold-agents", options.agents, "Mold agents at start; 0: the default, 20,480")
      ->envname("MEADOW_MOLD_AGENTS")
      ->check(CLI::Range(0U, sim::mold_rules::kMaxAgents))
      ->capture_default_str();
}

WorldRegistration mold_registration(const MoldOptions& options, const gpu::EngineNotice& warning) {
  return {sim::WorldKind::mold,
          [=](std::uint64_t seed, sim::Land& land) -> std::unique_ptr<sim::World> {
            return std::make_unique<sim::MoldWorld>(make_mold_engine(options, seed, warning), land);
          },
          [] { return std::make_unique<stream::MoldStream>(); },
          stream::mold_snapshot_mapping()};
}

void follow_recording(const v1::SavedMold& saved, MoldOptions& options) {
  options.map_width = saved.map_width();
  options.agents = static_cast<std::uint32_t>(std::max(1, saved.agent_x_size()));
}

}  // namespace meadow::app
