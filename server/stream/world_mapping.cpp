#include "stream/world_mapping.hpp"

#include <array>

namespace meadow::stream {

namespace {
// Indexed by sim::WorldKind.
constexpr std::array<v1::World, sim::kWorldKinds> kWire = {v1::WORLD_SWARM, v1::WORLD_COLONY, v1::WORLD_MOLD,
                                                          v1::WORLD_TEST};
}  // namespace

v1::World to_proto(sim::WorldKind world) { return kWire[sim::index_of(world)]; }

bool world_from_proto(int value, sim::WorldKind& out) {
  for (const sim::WorldKind k : sim::kAllWorldKinds) {
    if (kWire[sim::index_of(k)] == value) {
      out = k;
      return true;
    }
  }
  return false;
}

}  // namespace meadow::stream
