#include "app/plate/plate_module.hpp"

#include "sim/plate/plate_world.hpp"
#include "stream/plate/plate_snapshot.hpp"
#include "stream/plate/plate_stream.hpp"

namespace meadow::app {

WorldRegistration plate_registration() {
  // The plate scatters from the source's own seed, not the meadow's: every plate starts alike.
  return {sim::WorldKind::plate,
          [](std::uint64_t /*seed*/, sim::Land& /*land*/) -> std::unique_ptr<sim::World> {
            return std::make_unique<sim::PlateWorld>();
          },
          [] { return std::make_unique<stream::PlateStream>(); },
          stream::plate_snapshot_mapping()};
}

}  // namespace meadow::app
