#include "app/colony/colony_module.hpp"

#include "sim/colony/colony_world.hpp"
#include "stream/colony/colony_snapshot.hpp"
#include "stream/colony/colony_stream.hpp"

namespace meadow::app {

WorldRegistration colony_registration() {
  return {sim::WorldKind::colony,
          [](std::uint64_t seed, sim::Land& land) -> std::unique_ptr<sim::World> {
            return std::make_unique<sim::ColonyWorld>(seed, land);
          },
          [] { return std::make_unique<stream::ColonyStream>(); },
          stream::colony_snapshot_mapping()};
}

}  // namespace meadow::app
