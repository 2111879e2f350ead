#include "abuse/world_attacks.hpp"

#include <algorithm>
#include <map>
#include <utility>

namespace meadow::client::abuse {
namespace {

// By name. A function's static, so that registrations made while the program starts (files in
// any order) find it made.
std::map<std::string, WorldAttack>& registered() {
  static std::map<std::string, WorldAttack> attacks;
  return attacks;
}

}  // namespace

bool register_world_attack(WorldAttack attack) {
  std::string name = attack.name;
  registered().insert_or_assign(std::move(name), std::move(attack));
  return true;
}

std::vector<WorldAttack> world_attacks() {
  std::vector<WorldAttack> out;
  for (const auto& [name, attack] : registered()) out.push_back(attack);
  std::stable_sort(out.begin(), out.end(), [](const WorldAttack& a, const WorldAttack& b) { return a.world < b.world; });
  return out;
}

const WorldAttack* world_attack(const std::string& name) {
  const auto it = registered().find(name);
  return it == registered().end() ? nullptr : &it->second;
}

}  // namespace meadow::client::abuse
