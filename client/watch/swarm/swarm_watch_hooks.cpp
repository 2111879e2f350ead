// The swarm's hooks in meadow-watch (watch/world_hooks.hpp): its fireflies and their order on the
// live line; the load's people hold predators in it.
#include <cstdio>
#include <string>

#include "watch/world_hooks.hpp"

namespace meadow::client {
namespace {

std::string swarm_text(const v1::Frame& frame) {
  char part[64];
  std::snprintf(part, sizeof part, "  swarm %u (order %.2f)", frame.swarm().count(), frame.swarm().order());
  return part;
}

std::string swarm_json(const v1::Frame& frame) {
  char part[64];
  std::snprintf(part, sizeof part, "\"fireflies\": %u, \"order\": %.3f, ", frame.swarm().count(), frame.swarm().order());
  return part;
}

[[maybe_unused]] const bool kSwarmHooksRegistered = register_world_hooks({v1::WORLD_SWARM, swarm_text, swarm_json});

}  // namespace
}  // namespace meadow::client
