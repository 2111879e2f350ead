#include "sim/swarm/swarm_state_hash.hpp"

#include "sim/state_hasher.hpp"

namespace meadow::sim {

std::uint64_t swarm_state_hash(const SwarmView& v) {
  StateHasher h;
  for (std::size_t i = 0; i < v.x.size(); ++i) {
    h.add(v.x[i]);
    h.add(v.y[i]);
    h.add(v.vx[i]);
    h.add(v.vy[i]);
  }
  return h.value();
}

}  // namespace meadow::sim
