#pragma once
// A meadow of the pond alone, for the pond's stream and snapshot tests.
#include <memory>
#include <vector>

#include "sim/meadow.hpp"
#include "sim/pond/pond_world.hpp"

namespace meadow::testing {

inline std::unique_ptr<sim::Meadow> pond_meadow(std::uint64_t seed = 3) {
  return std::make_unique<sim::Meadow>(
      seed, std::vector<sim::WorldMaker>{[](std::uint64_t s, sim::Land& land) -> std::unique_ptr<sim::World> {
        return std::make_unique<sim::PondWorld>(s, land.meadow());
      }});
}

// An action of viewer `origin` aimed at the pond.
inline sim::Action pond_action(std::uint64_t origin, sim::ActionBody body) {
  sim::Action a{origin, 0, std::move(body)};
  a.world = sim::WorldKind::pond;
  return a;
}

}  // namespace meadow::testing
