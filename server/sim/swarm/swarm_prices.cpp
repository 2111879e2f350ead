// What each action the swarm takes costs (sim/price.hpp), beside the rules that keep it:
// tool_rules.hpp (marks, crumbs, predators), viewer_limits.hpp (the count's turns and ceiling).
#include "sim/swarm/swarm_world.hpp"
#include "sim/swarm/tool_rules.hpp"
#include "sim/swarm/swarm_limits.hpp"
#include "sim/swarm/world_size.hpp"

namespace meadow::sim {

namespace {

constexpr auto u32 = [](std::size_t n) { return static_cast<std::uint32_t>(n); };

constexpr Price kSwarmPrices[] = {
    // Count and rule weights. A count waits for its viewer's turn (CountTurns) and is held to
    // four meadows' worth at the engine's density; a tick settles one resize for every viewer.
    {.message = "swarm settings",
     .body = body_index<SettingsChange>(),
     .lock = &ViewerLocks::settings,
     .locked_what = "the swarm's count and rules",
     .cooldown = {swarm_limits::kCountCooldownTicks, "swarm count", CooldownWait::defer, {}},
     .ceiling = CostCeiling{"fireflies", swarm_limits::kViewerMaxMeadows * kCpuFirefliesPerMeadow,
                            swarm_limits::kViewerMaxMeadows * kGpuFirefliesPerMeadow}},
    {.message = "attract tap (swarm)",
     .body = body_index<AttractTap>(),
     .lock = &ViewerLocks::attract,
     .locked_what = "the attract tool",
     .per_viewer = u32(tool_rules::kMaxAttractPerViewer),
     .per_visitor = u32(tool_rules::kMaxAttractPerViewer),
     .meadow_wide = u32(tool_rules::kMaxAttract)},
    {.message = "flower tap (swarm: food crumb)",
     .body = body_index<FlowerTap>(),
     .lock = &ViewerLocks::flower,
     .locked_what = "the flower tool",
     .cooldown = kTapCooldown,
     .per_viewer = u32(tool_rules::kMaxCrumbsPerViewer),
     .per_visitor = u32(tool_rules::kMaxCrumbsPerViewer),
     .meadow_wide = u32(tool_rules::kMaxCrumbs)},
    {.message = "predator (swarm)",
     .body = body_index<PredatorPointer>(),
     .lock = &ViewerLocks::predator,
     .locked_what = "the predator",
     .per_viewer = 1,
     .meadow_wide = u32(tool_rules::kMaxPredators)},
};

}  // namespace

std::span<const Price> SwarmWorld::prices() const { return kSwarmPrices; }

}  // namespace meadow::sim
