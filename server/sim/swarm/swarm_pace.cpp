#include "sim/swarm/swarm_pace.hpp"

#include <algorithm>
#include <cmath>

namespace meadow::sim {

double SwarmPace::target_steps_per_second(double meadows_wide) {
  return kBaseStepsPerSecond * std::sqrt(std::max(1.0, meadows_wide));
}

std::uint32_t SwarmPace::steps_this_tick(double steps_per_tick, std::uint32_t budget) {
  s_.carry += std::max(0.0, steps_per_tick);
  const double whole = std::floor(s_.carry);
  s_.carry -= whole;
  auto steps = static_cast<std::uint32_t>(whole);
  const bool dropped = steps > budget;
  if (dropped) steps = budget;  // the rest is not owed: slower, not a burst later
  const std::size_t slot = s_.ticks % kWindowTicks;
  s_.taken[slot] = steps;
  s_.dropped[slot] = dropped;
  ++s_.ticks;
  return steps;
}

double SwarmPace::achieved_steps_per_second(double ticks_per_second) const {
  const std::size_t window = s_.ticks < kWindowTicks ? static_cast<std::size_t>(s_.ticks) : kWindowTicks;
  if (window == 0) return 0.0;
  std::uint64_t total = 0;
  for (std::size_t k = 0; k < window; ++k) total += s_.taken[k];
  return static_cast<double>(total) / static_cast<double>(window) * ticks_per_second;
}

bool SwarmPace::slowed() const {
  return std::any_of(s_.dropped.begin(), s_.dropped.end(), [](bool d) { return d; });
}

}  // namespace meadow::sim
