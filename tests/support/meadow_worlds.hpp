#pragma once
// A test's meadow with the standard worlds: the swarm on the engine a test gives it, and the
// colony; and the two worlds back by their types.
#include <memory>
#include <utility>
#include <vector>

#include "sim/colony/colony_world.hpp"
#include "sim/meadow.hpp"
#include "sim/mold/cpu_mold.hpp"
#include "sim/mold/mold_world.hpp"
#include "sim/swarm/cpu_swarm.hpp"
#include "sim/swarm/swarm_world.hpp"
#include "sim/swarm/world_size.hpp"

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

// All three worlds on the CPU engines: a swarm of `fireflies` (on the world sized for them), the
// colony, and a mold of `mold_agents` on a `mold_width`-wide map (small ones keep tests fast).
inline std::unique_ptr<sim::Meadow> three_cpu_worlds(std::uint64_t seed, std::size_t fireflies, std::uint32_t mold_width,
                                                     std::uint32_t mold_agents) {
  return std::make_unique<sim::Meadow>(
      seed, std::vector<sim::WorldMaker>{
                [fireflies](std::uint64_t s, sim::Land& land) -> std::unique_ptr<sim::World> {
                  land.set_world(sim::world_for_count(fireflies, land.meadow()));
                  return std::make_unique<sim::SwarmWorld>(std::make_unique<sim::CpuSwarm>(s, fireflies, land), land);
                },
                [](std::uint64_t s, sim::Land& land) -> std::unique_ptr<sim::World> {
                  return std::make_unique<sim::ColonyWorld>(s, land);
                },
                [mold_width, mold_agents](std::uint64_t s, sim::Land& land) -> std::unique_ptr<sim::World> {
                  return std::make_unique<sim::MoldWorld>(
                      std::make_unique<sim::CpuMold>(s, sim::map_of_width(mold_width),
                                                     sim::default_mold_settings(mold_agents)),
                      land);
                },
            });
}

inline const sim::SwarmWorld& swarm_of(const sim::Meadow& m) { return m.get<sim::SwarmWorld>(); }
inline const sim::ColonyWorld& colony_of(const sim::Meadow& m) { return m.get<sim::ColonyWorld>(); }

}  // namespace meadow::testing
