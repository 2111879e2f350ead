#include "sim/mold/mold_state_hash.hpp"

#include "sim/state_hasher.hpp"

namespace meadow::sim {

std::uint64_t mold_state_hash(const MoldAgentsView& agents, const TrailView& trail) {
  StateHasher h;
  h.add(agents.x.size());
  for (std::size_t i = 0; i < agents.x.size(); ++i) {
    h.add(agents.x[i]);
    h.add(agents.y[i]);
    h.add(agents.heading[i]);
  }
  h.add(trail.size.width);
  h.add(trail.size.height);
  for (const std::uint16_t c : trail.cells) h.add(c);
  return h.value();
}

}  // namespace meadow::sim
