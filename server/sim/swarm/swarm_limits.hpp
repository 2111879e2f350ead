#pragma once
// How far one viewer may grow the swarm, and how often it may change its count (docs/rules.md
// "The tools · Limits and locks"; its price: swarm_prices.cpp). docs/limits.md gives the worst a
// viewer costs under them.
#include <cstddef>
#include <cstdint>

namespace meadow::sim::swarm_limits {

// A viewer's count changes take effect at most once every this many ticks (0.5 s). One asked
// sooner waits for its turn, and a newer one replaces it: the viewer's last wish wins
// (sim::CountTurns). A count change flags leavers or adds newcomers over the whole swarm, so a
// flood of them would otherwise cost a pass over every firefly each time.
inline constexpr std::uint64_t kCountCooldownTicks = 30;
// Viewers may grow the swarm's world to this many meadows (two by two); the operator may go
// further. Their count's ceiling is this many meadows at the engine's density (CPU 6,000 a
// meadow: 24,000; GPU 48,000: 192,000), so that a tick at the ceiling still takes about half of
// its 1/60 s on two cores, whatever the viewers do (docs/limits.md has the measurements).
inline constexpr std::size_t kViewerMaxMeadows = 4;

}  // namespace meadow::sim::swarm_limits
