// The plate's loop (docs/rules.md "The plate"), one iteration = one step of the published loop
// after the study's warm-up, at the source's defaults:
//   plate_step/<birds>/threads:<n>   200 (the default) and 420 (the most), through app::WorkerPool
//   plate_scatter/<birds>           a change of the birds: a fresh scatter (the settings' price)
// ns_per_pair = wall time per step ÷ birds² (the loop looks at every pair; at 420 birds a grid
// would not pay: the whole step is well under a millisecond).
// Run: meadow-bench --benchmark_filter='^plate_'
#include <benchmark/benchmark.h>

#include <cstdint>

#include "app/worker_pool.hpp"
#include "sim/plate/plate_flock.hpp"
#include "sim/plate/plate_rules.hpp"

namespace {

using namespace meadow::sim;

void plate_step(benchmark::State& state) {
  const auto birds_n = static_cast<std::uint32_t>(state.range(0));
  meadow::app::WorkerPool pool(static_cast<std::size_t>(state.range(1)));
  const PlateWeights weights{plate_rules::kDefaultSeparation, plate_rules::kDefaultAlignment,
                             plate_rules::kDefaultCohesion, plate_rules::kDefaultNeighbourhood};
  PlateBirds birds = scatter_birds(birds_n, plate_rules::kSeed);
  for (std::uint32_t s = 0; s < plate_rules::kWarmUpSteps; ++s) step_birds(birds, weights, pool);
  for (auto _ : state) {
    step_birds(birds, weights, pool);
    benchmark::DoNotOptimize(birds.x.data());
  }
  state.counters["ns_per_pair"] = benchmark::Counter(
      static_cast<double>(birds_n) * birds_n, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
BENCHMARK(plate_step)
    ->ArgNames({"", "threads"})
    ->Args({plate_rules::kDefaultBirds, 1})
    ->Args({plate_rules::kMaxBirds, 1})
    ->Args({plate_rules::kMaxBirds, 2})
    ->Unit(benchmark::kMicrosecond);

void plate_scatter(benchmark::State& state) {
  const auto birds_n = static_cast<std::uint32_t>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(scatter_birds(birds_n, plate_rules::kSeed));
}
BENCHMARK(plate_scatter)->Arg(plate_rules::kMaxBirds)->Unit(benchmark::kMicrosecond);

}  // namespace
