#pragma once
// A meadow of the plate alone, for the plate's stream and snapshot tests.
#include <memory>
#include <vector>

#include "sim/meadow.hpp"
#include "sim/plate/plate_world.hpp"

namespace meadow::testing {

inline std::unique_ptr<sim::Meadow> plate_meadow(std::uint64_t seed = 3) {
  return std::make_unique<sim::Meadow>(
      seed, std::vector<sim::WorldMaker>{[](std::uint64_t, sim::Land&) -> std::unique_ptr<sim::World> {
        return std::make_unique<sim::PlateWorld>();
      }});
}

}  // namespace meadow::testing
