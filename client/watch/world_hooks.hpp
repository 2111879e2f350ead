#pragma once
// What meadow-watch knows of a world beyond the wire's shared messages: its figures on the live
// line (read from its own part of a frame) and what the load's people do in it. Each world's
// hooks live in its folder (client/watch/<world>/) and register as the program starts, so the
// shared code names no world; a world without hooks shows no figures of its own and gets the
// people's every tool. The live line shows every registered world's figures, in the wire's order
// of worlds, whichever world is watched (another world's part of a frame is absent: it reads 0).
#include <functional>
#include <string>

#include "meadow/v1/viewer.pb.h"

namespace meadow::client {

struct WorldHooks {
  v1::World world = v1::WORLD_UNSPECIFIED;
  // Its part of the text line, two spaces first ("  NAME 400"), and of the JSON object, a comma
  // and a space after it ("\"key\": 400, "), read from `frame` (an empty one before any came).
  std::function<std::string(const v1::Frame& frame)> text;
  std::function<std::string(const v1::Frame& frame)> json;
  // The load's people hold a predator down and drag it here (else they only place rocks).
  bool people_hold_predators = true;
};

// Adds a world's hooks (one set a world: a second for the same world replaces the first).
// Returns true, for a registration at namespace scope.
bool register_world_hooks(WorldHooks hooks);

// Every registered world's part of the live line, in the order of their World numbers.
[[nodiscard]] std::string frame_figures_text(const v1::Frame& frame);
[[nodiscard]] std::string frame_figures_json(const v1::Frame& frame);
// Whether the load's people hold predators in `world` (yes where it registered nothing).
[[nodiscard]] bool people_hold_predators(v1::World world);

}  // namespace meadow::client
