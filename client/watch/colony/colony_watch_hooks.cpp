// The colony's hooks in meadow-watch (watch/world_hooks.hpp): its size on the live line; the
// load's people only place rocks in it (the colony takes no predator).
#include <string>

#include "watch/world_hooks.hpp"

namespace meadow::client {
namespace {

std::string colony_text(const v1::Frame& frame) { return "  colony " + std::to_string(frame.colony().size()); }

std::string colony_json(const v1::Frame& frame) { return "\"colony\": " + std::to_string(frame.colony().size()) + ", "; }

[[maybe_unused]] const bool kColonyHooksRegistered =
    register_world_hooks({v1::WORLD_COLONY, colony_text, colony_json, /*people_hold_predators=*/false});

}  // namespace
}  // namespace meadow::client
