// What each action the mold takes costs (sim/price.hpp), beside the rules that keep it:
// mold_rules.hpp (flakes, held pointers, agents), mold_settings.hpp (the settings' ranges).
#include "sim/mold/mold_rules.hpp"
#include "sim/mold/mold_world.hpp"

namespace meadow::sim {

namespace {

constexpr Price kMoldPrices[] = {
    // Every setting; the agents (the one that scales a step's cost) wait for their viewer's turn
    // and are held to the engine's viewers' ceiling, and a tick settles one resize for all.
    {.message = "mold settings",
     .body = body_index<SettingsChange>(),
     .lock = &ViewerLocks::settings,
     .locked_what = "the mold's settings",
     .cooldown = {mold_rules::kAgentsCooldownTicks, "mold agents", CooldownWait::defer, {}},
     .ceiling = CostCeiling{"agents", mold_rules::kViewerMaxAgentsCpu, mold_rules::kViewerMaxAgentsGpu}},
    {.message = "flower tap (mold: oat flake)",
     .body = body_index<FlowerTap>(),
     .lock = &ViewerLocks::flower,
     .locked_what = "the flower tool",
     .cooldown = kTapCooldown,
     .per_viewer = mold_rules::kMaxFoodPerViewer,
     .per_visitor = mold_rules::kMaxFoodPerViewer,
     .meadow_wide = mold_rules::kMaxFood},
    {.message = "attract held (mold)",
     .body = body_index<AttractPointer>(),
     .lock = &ViewerLocks::attract,
     .locked_what = "the attract tool",
     .per_viewer = 1,
     .meadow_wide = mold_rules::kMaxHeldPointers},
    {.message = "attract tap (mold)",
     .body = body_index<AttractTap>(),
     .lock = &ViewerLocks::attract,
     .locked_what = "the attract tool",
     .per_viewer = 1,
     .meadow_wide = mold_rules::kMaxHeldPointers},
    {.message = "clear (mold: food)", .body = body_index<Clear>(), .who = Sender::operator_only},
    {.message = "predator (mold)",
     .body = body_index<PredatorPointer>(),
     .lock = &ViewerLocks::predator,
     .locked_what = "the predator",
     .per_viewer = 1,
     .meadow_wide = mold_rules::kMaxHeldPointers},
};

}  // namespace

std::span<const Price> MoldWorld::prices() const { return kMoldPrices; }

}  // namespace meadow::sim
