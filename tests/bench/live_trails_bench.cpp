// The live trails layer's cost per frame on the CPU engine (docs/perf/live-trails.md), one
// iteration = one frame's TrailPoints for a swarm of <count> that has taken a step (its fireflies
// sorted by cell):
//   live_trails_kept/<count>    the choice kept from the frame before: one pass over the ids,
//                               each looked up in a bit set (LiveTrails as the server runs it)
//   live_trails_drawn/<count>   the choice drawn anew, as every frame did before: a hash of
//                               every firefly's id, then the gather
// The GPU engine's gather is gpu_swarm_bench.cpp's.
// Run: meadow-bench --benchmark_filter='live_trails'
#include <benchmark/benchmark.h>

#include <cstddef>
#include <map>
#include <memory>

#include "app/worker_pool.hpp"
#include "bench_land.hpp"
#include "sim/swarm/cpu_swarm.hpp"
#include "stream/swarm/live_trails.hpp"

namespace {

using meadow::sim::CpuSwarm;
using meadow::stream::LiveTrails;

struct Stepped {
  meadow::sim::Land land;
  std::unique_ptr<CpuSwarm> swarm;
};

const Stepped& stepped(std::size_t count) {
  static std::map<std::size_t, Stepped> cache;
  Stepped& s = cache[count];
  if (!s.swarm) {
    s.land = meadow::bench::land_for(count, meadow::sim::kCpuFirefliesPerMeadow);
    s.swarm = std::make_unique<CpuSwarm>(1, count, s.land);
    meadow::app::WorkerPool pool(2);
    s.swarm->step(s.land, pool);
  }
  return s;
}

void BM_LiveTrailsKept(benchmark::State& state) {
  const Stepped& s = stepped(static_cast<std::size_t>(state.range(0)));
  LiveTrails trails;
  std::uint64_t frame = 0;
  for (auto _ : state) {
    meadow::v1::TrailPoints points;
    ++frame;
    trails.fill(*s.swarm, 7, s.land.world(), frame, frame, points);
    benchmark::DoNotOptimize(points.xy_size());
  }
  state.counters["choices"] = static_cast<double>(trails.choices());
}

void BM_LiveTrailsDrawn(benchmark::State& state) {
  const Stepped& s = stepped(static_cast<std::size_t>(state.range(0)));
  std::uint64_t frame = 0;
  for (auto _ : state) {
    LiveTrails trails;  // nothing kept
    meadow::v1::TrailPoints points;
    ++frame;
    trails.fill(*s.swarm, 7, s.land.world(), frame, frame, points);
    benchmark::DoNotOptimize(points.xy_size());
  }
}

}  // namespace

BENCHMARK(BM_LiveTrailsKept)->Name("live_trails_kept")->Arg(20'000)->Arg(500'000)->Arg(2'000'000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LiveTrailsDrawn)->Name("live_trails_drawn")->Arg(20'000)->Arg(500'000)->Arg(2'000'000)->Unit(benchmark::kMillisecond);
