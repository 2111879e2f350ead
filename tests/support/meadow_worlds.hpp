#pragma once
// A test's meadow with the standard worlds: the swarm on the engine a test gives it, and the
// colony; and the two worlds back by their types.
#include <memory>
#include <utility>
#include <vector>

#include "sim/colony/colony_world.hpp"
#include "sim/meadow.hpp"
#include "sim/swarm/swarm_world.hpp"

namespace meadow::testing {

// The swarm (on `engine`, which sizes the land's world for its count) and the colony.
inline std::vector<sim::WorldMaker> swarm_and_colony(std::unique_ptr<sim::SwarmEngine> engine,
                                                     const sim::ColonyParams& colony = {}) {
  auto held = std::make_shared<std::unique_ptr<sim::SwarmEngine>>(std::move(engine));
  return {
      [held](std::uint64_t /*seed*/, sim::Land& land) -> std::unique_ptr<sim::World> {
        return std::make_unique<sim::SwarmWorld>(std::move(*held), land);
      },
      [colony](std::uint64_t seed, sim::Land& land) -> std::unique_ptr<sim::World> {
        return std::make_unique<sim::ColonyWorld>(seed, land, colony);
      },
  };
}

inline std::unique_ptr<sim::Meadow> meadow_with(std::uint64_t seed, std::unique_ptr<sim::SwarmEngine> engine,
                                                const sim::ColonyParams& colony = {}) {
  return std::make_unique<sim::Meadow>(seed, swarm_and_colony(std::move(engine), colony));
}

inline const sim::SwarmWorld& swarm_of(const sim::Meadow& m) { return m.get<sim::SwarmWorld>(); }
inline const sim::ColonyWorld& colony_of(const sim::Meadow& m) { return m.get<sim::ColonyWorld>(); }

}  // namespace meadow::testing
