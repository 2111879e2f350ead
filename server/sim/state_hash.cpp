#include "sim/state_hash.hpp"

#include "sim/state_hasher.hpp"

namespace meadow::sim {

std::uint64_t meadow_state_hash(const Meadow& meadow) {
  StateHasher h;
  h.add(meadow.tick());
  for (const Rock& rock : meadow.land().rocks()) {
    h.add(rock.id);
    h.add(rock.center);
  }
  for (const World* w : meadow.worlds()) {
    if (const auto part = w->state_hash()) h.add(*part);
  }
  return h.value();
}

}  // namespace meadow::sim
