// The pond's school (docs/rules.md "The pond"), one iteration = one step of the aquarium's loop in
// the meadow's pond after a warm-up:
//   pond_step/<fish>/crumbs:<c>/predators:<p>   5, 24 (the default) and 60 (the most) fish; the
//                                               most crumbs (48) and predators (8) the pond takes
//   pond_scatter/<fish>                         a change of the fish: a fresh school (the settings' price)
//   pond_frame/<fish>                           the pond's part of a frame, packed and serialised
// One thread: at 60 fish the whole step is about 40 µs, nothing a second thread would pay
// for (nor a GPU engine: a dispatch costs more than the step).
// Run: meadow-bench --benchmark_filter='^pond_'
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "sim/land.hpp"
#include "sim/pond/pond_random.hpp"
#include "sim/pond/pond_rules.hpp"
#include "sim/pond/pond_school.hpp"
#include "stream/pond/pond_stream.hpp"

namespace {

using namespace meadow::sim;

const Rect kBenchMeadow{0.0F, 0.0F, kMeadowWidth, kMeadowHeight};

void pond_step(benchmark::State& state) {
  const PondWater water(kBenchMeadow);
  const auto fish_n = static_cast<std::uint32_t>(state.range(0));
  const CounterRandom random(1, 0, pond_random::kScatter);
  PondFish fish = scatter_fish(fish_n, water, random);
  std::vector<Vec2> crumbs, predators;
  const CounterRandom places(2, 0, pond_random::kHandful);
  for (std::int64_t c = 0; c < state.range(1); ++c) crumbs.push_back(water.random_point(places, static_cast<std::uint64_t>(c)));
  for (std::int64_t p = 0; p < state.range(2); ++p) predators.push_back(water.random_point(places, 1000U + static_cast<std::uint64_t>(p)));
  const SchoolSettings settings{pond_rules::kDefaultCohesionPx, pond_rules::kDefaultMaxSpeedPx};
  for (int s = 0; s < 300; ++s) step_school(fish, settings, water, {}, {});
  for (auto _ : state) {
    step_school(fish, settings, water, crumbs, predators);
    benchmark::DoNotOptimize(fish.x.data());
  }
}
BENCHMARK(pond_step)
    ->ArgNames({"", "crumbs", "predators"})
    ->Args({pond_rules::kMinFish, 0, 0})
    ->Args({pond_rules::kDefaultFish, 0, 0})
    ->Args({pond_rules::kMaxFish, 0, 0})
    ->Args({pond_rules::kMaxFish, pond_rules::kMaxCrumbs, pond_rules::kMaxPredators})
    ->Unit(benchmark::kMicrosecond);

void pond_scatter(benchmark::State& state) {
  const PondWater water(kBenchMeadow);
  const auto fish_n = static_cast<std::uint32_t>(state.range(0));
  std::uint64_t school = 0;
  for (auto _ : state) benchmark::DoNotOptimize(scatter_fish(fish_n, water, CounterRandom(1, ++school, pond_random::kScatter)));
}
BENCHMARK(pond_scatter)->Arg(pond_rules::kMaxFish)->Unit(benchmark::kMicrosecond);

void pond_frame(benchmark::State& state) {
  const PondWater water(kBenchMeadow);
  const PondFish fish = scatter_fish(static_cast<std::uint32_t>(state.range(0)), water, CounterRandom(1, 0, pond_random::kScatter));
  std::size_t bytes = 0;
  for (auto _ : state) {
    const std::string packed = meadow::stream::packed_fish(fish, water.bounds());
    bytes = packed.size();
    benchmark::DoNotOptimize(packed.data());
  }
  state.counters["fish_bytes"] = static_cast<double>(bytes);
}
BENCHMARK(pond_frame)->Arg(pond_rules::kMaxFish)->Unit(benchmark::kMicrosecond);

}  // namespace
