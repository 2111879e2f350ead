#include "watch/world_hooks.hpp"

#include <map>
#include <utility>

namespace meadow::client {
namespace {

// By World number: the live line's order. A function's static, so that registrations made while
// the program starts (files in any order) find it made.
std::map<int, WorldHooks>& registered() {
  static std::map<int, WorldHooks> hooks;
  return hooks;
}

}  // namespace

bool register_world_hooks(WorldHooks hooks) {
  const int world = hooks.world;
  registered().insert_or_assign(world, std::move(hooks));
  return true;
}

std::string frame_figures_text(const v1::Frame& frame) {
  std::string line;
  for (const auto& [world, hooks] : registered()) {
    if (hooks.text) line += hooks.text(frame);
  }
  return line;
}

std::string frame_figures_json(const v1::Frame& frame) {
  std::string object;
  for (const auto& [world, hooks] : registered()) {
    if (hooks.json) object += hooks.json(frame);
  }
  return object;
}

bool people_hold_predators(v1::World world) {
  const auto it = registered().find(world);
  return it == registered().end() || it->second.people_hold_predators;
}

}  // namespace meadow::client
