#include "stream/world_mapping.hpp"

namespace meadow::stream {

// A kind's number is its wire number (sim/world_kind.hpp).
v1::World to_proto(sim::WorldKind world) { return static_cast<v1::World>(static_cast<int>(world)); }

bool world_from_proto(int value, sim::WorldKind& out) {
  for (const sim::WorldKind k : sim::kAllWorldKinds) {
    if (static_cast<int>(k) == value) {
      out = k;
      return true;
    }
  }
  return false;
}

}  // namespace meadow::stream
