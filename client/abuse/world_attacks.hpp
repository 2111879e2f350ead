#pragma once
// The attacks that are one world's own (its settings as older clients send them, say): each in
// its world's folder (abuse/<world>/), registered as the program starts, so that meadow-abuse's
// run, its turns and its --help name no world. A world's attack joins one of the shared turns of a
// full run (kSharedTurns), ahead of the shared attacks there; a shared turn left empty with no
// world's attack in it is no turn.
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "abuse/attacks.hpp"
#include "meadow/v1/viewer.pb.h"

namespace meadow::client::abuse {

struct WorldAttack {
  v1::World world = v1::WORLD_UNSPECIFIED;  // whose (the order of a turn's world attacks)
  std::string name;                         // as --attacks names it: "NAME-flood"
  std::string summary;                      // for --help: "a NAME flood"
  std::size_t turn = 0;                     // the shared turn it joins (kSharedTurns' index)
  std::function<AttackOutcome(const AttackContext&)> run;
};

// Adds a world's attack; returns true, for a registration at namespace scope.
bool register_world_attack(WorldAttack attack);

// Every world's attack, by world and then by name.
[[nodiscard]] std::vector<WorldAttack> world_attacks();
// The world's attack called `name`, or null.
[[nodiscard]] const WorldAttack* world_attack(const std::string& name);

}  // namespace meadow::client::abuse
