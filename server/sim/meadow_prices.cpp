// The meadow's own actions and their prices (sim/price.hpp): the land's rocks, which every world
// shares, a viewer leaving, and the operator's locks, pause and clearing.
#include "sim/land.hpp"
#include "sim/price.hpp"

namespace meadow::sim {

namespace {

constexpr Price kMeadowPrices[] = {
    {.message = "rock tap",
     .body = body_index<RockTap>(),
     .lock = &ViewerLocks::rock,
     .locked_what = "the rock tool",
     .cooldown = kTapCooldown,
     .per_viewer = static_cast<std::uint32_t>(kMaxRocksPerViewer),
     .per_visitor = static_cast<std::uint32_t>(kMaxRocksPerVisitor),
     .meadow_wide = static_cast<std::uint32_t>(kMaxRocks)},
    // Made by the server when a viewer's session ends, never from a viewer's message.
    {.message = "viewer left", .body = body_index<ViewerLeft>(), .who = Sender::server},
    {.message = "locks", .body = body_index<SetLocks>(), .who = Sender::operator_only},
    {.message = "pause", .body = body_index<SetPaused>(), .who = Sender::operator_only},
    {.message = "clear rocks", .body = body_index<ClearRocks>(), .who = Sender::operator_only},
    // Moderation's undo: what one visitor placed, from the land and from every world.
    {.message = "take away", .body = body_index<TakeAway>(), .who = Sender::operator_only},
};

}  // namespace

std::span<const Price> meadow_prices() { return kMeadowPrices; }

}  // namespace meadow::sim
