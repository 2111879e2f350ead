// The colony's step (the aim: a colony of 500 steps in well under a millisecond).
// colony_step/<fireflies>: one iteration = one step of a colony that has been living for 20 s
// with 3 flowers being foraged (flowers that do not run dry, so foraging, recruitment and
// group flashing go on all through the timing), on one thread.
#include <benchmark/benchmark.h>

#include "sim/colony/colony.hpp"
#include "sim/land.hpp"

namespace {

using namespace meadow::sim;

void colony_step(benchmark::State& state) {
  ColonyParams params;
  params.start_fireflies = static_cast<std::uint32_t>(state.range(0));
  params.max_fireflies = params.start_fireflies;
  params.start_spread = 500.0F;
  params.sips_per_flower = 1'000'000;
  Land land;
  (void)land.add_rock({700.0F, 450.0F});
  Colony colony(9, land.meadow(), params);
  (void)colony.drop_flower({500.0F, 500.0F}, land, 0);
  (void)colony.drop_flower({900.0F, 300.0F}, land, 0);
  (void)colony.drop_flower({1300.0F, 600.0F}, land, 0);
  std::uint64_t tick = 0;
  for (int s = 0; s < 1200; ++s) colony.step(land, tick++);  // 20 s: groups formed
  for (auto _ : state) {
    colony.step(land, tick++);
    benchmark::DoNotOptimize(colony.state().store);
  }
  state.counters["fireflies"] = static_cast<double>(colony.size());
  state.counters["foragers"] = static_cast<double>(colony.foragers(1) + colony.foragers(2) + colony.foragers(3));
}
BENCHMARK(colony_step)->Arg(50)->Arg(500)->Unit(benchmark::kMicrosecond);

}  // namespace
