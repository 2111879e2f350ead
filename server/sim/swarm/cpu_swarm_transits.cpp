// Fireflies in transit (docs/rules.md "The swarm · Count"): after each move, an arriving firefly
// that is inside the world loses its flag and a leaver that is out is removed. Owned by the count
// changes (swarm_population.*); the engine only calls it once per step, after move().
#include "sim/swarm/cpu_swarm.hpp"
#include "sim/swarm/swarm_population.hpp"

namespace meadow::sim {

void CpuSwarm::settle_transits(const Land& land) {
  // Serial and in array order, so removals keep the rest in order whatever the thread count;
  // one pass over a byte array (the positions only for fireflies in transit) per step.
  population::settle(f_, land.world());
}

}  // namespace meadow::sim
