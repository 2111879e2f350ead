// The meadow as the sim thread runs it, through its public face (the world shape,
// docs/architecture.md "The worlds", must not slow it): meadow_tick/<fireflies> is one Meadow::step
// (every world, the swarm on one thread), frame_build/<fireflies> one FrameBuilder::build (the
// swarm's light rastered and encoded as key and delta, the colony's state, every world's message
// serialized once).
#include <benchmark/benchmark.h>

#include <memory>

#include "bench_land.hpp"
#include "sim/meadow.hpp"
#include "sim/swarm/cpu_swarm.hpp"
#include "stream/frame_builder.hpp"
#include "support/meadow_streams.hpp"
#include "support/meadow_worlds.hpp"

namespace {

using namespace meadow;

std::unique_ptr<sim::Meadow> warmed_meadow(std::size_t count) {
  const sim::Land land = bench::land_for(count, sim::kCpuFirefliesPerMeadow);
  auto m = testing::meadow_with(5, std::make_unique<sim::CpuSwarm>(5, count, land));
  sim::SerialFor serial;
  for (int i = 0; i < 120; ++i) m->step(serial);
  return m;
}

void meadow_tick(benchmark::State& state) {
  auto m = warmed_meadow(static_cast<std::size_t>(state.range(0)));
  sim::SerialFor serial;
  for (auto _ : state) m->step(serial);
}
BENCHMARK(meadow_tick)->Arg(5000)->Arg(100000)->Unit(benchmark::kMillisecond);

void frame_build(benchmark::State& state) {
  auto m = warmed_meadow(static_cast<std::size_t>(state.range(0)));
  stream::FrameBuilder builder(testing::standard_streams());
  (void)builder.build(*m, 1);  // the first frame has no delta
  for (auto _ : state) benchmark::DoNotOptimize(builder.build(*m, 1));
}
BENCHMARK(frame_build)->Arg(5000)->Arg(100000)->Unit(benchmark::kMillisecond);

}  // namespace
