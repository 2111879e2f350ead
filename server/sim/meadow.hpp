#pragma once
// The whole meadow: the land and the worlds living on it. Pure and deterministic: it knows
// nothing of threads, clocks, networks or GPUs; the caller ticks it and hands it a ParallelFor.
#include <cstdint>
#include <memory>

#include "sim/actions.hpp"
#include "sim/land.hpp"
#include "sim/parallel_for.hpp"
#include "sim/swarm/swarm_engine.hpp"

namespace meadow::sim {

// Simulation ticks per second; one tick is 1/60 s (DESIGN.md).
inline constexpr double kTicksPerSecond = 60.0;

class Meadow {
 public:
  Meadow(std::uint64_t seed, std::unique_ptr<SwarmEngine> swarm);

  [[nodiscard]] std::uint64_t seed() const { return seed_; }
  [[nodiscard]] std::uint64_t tick() const { return tick_; }
  [[nodiscard]] const Land& land() const { return land_; }
  [[nodiscard]] const SwarmEngine& swarm() const { return *swarm_; }

  // Applies one action at the current tick (stamping it).
  ActionOutcome apply(Action& action);
  // Advances every world by one tick.
  void step(ParallelFor& parallel);

 private:
  std::uint64_t seed_;
  std::uint64_t tick_ = 0;
  Land land_;
  std::unique_ptr<SwarmEngine> swarm_;
};

}  // namespace meadow::sim
