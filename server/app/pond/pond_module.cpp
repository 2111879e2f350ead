#include "app/pond/pond_module.hpp"

#include "sim/pond/pond_world.hpp"
#include "stream/pond/pond_snapshot.hpp"
#include "stream/pond/pond_stream.hpp"

namespace meadow::app {

WorldRegistration pond_registration() {
  return {sim::WorldKind::pond,
          [](std::uint64_t seed, sim::Land& land) -> std::unique_ptr<sim::World> {
            return std::make_unique<sim::PondWorld>(seed, land.meadow());
          },
          [] { return std::make_unique<stream::PondStream>(); },
          stream::pond_snapshot_mapping()};
}

}  // namespace meadow::app
