// Swarm step benchmarks (issue 2 "Measure and report", issue 3 "Performance"):
// swarm_step/<count>/threads:<n>, one iteration = one step of a swarm that has already flocked,
// at the spec's density (the world grown around the meadow to 6,000 fireflies per meadow).
// Run: meadow-bench --benchmark_filter=swarm_step
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <map>
#include <memory>
#include <string>

#include "app/worker_pool.hpp"
#include "sim/land.hpp"
#include "sim/swarm/cpu_swarm.hpp"

namespace {

using meadow::sim::CpuSwarm;
using meadow::sim::Land;
using meadow::sim::Rect;

// Fireflies per meadow before the world grows, CPU engine (SPEC §1).
constexpr double kFirefliesPerMeadow = 6000.0;
// Steps before timing (5 s of swarm time), so flocks have formed: a flocked swarm is denser
// locally and costs more than the even spread it starts from.
constexpr int kWarmupSteps = 300;

// The land at the spec's density: the meadow, grown evenly around it for larger swarms.
Land land_for(std::size_t count) {
  Land land;
  const double meadows = std::max(1.0, static_cast<double>(count) / kFirefliesPerMeadow);
  const Rect m = land.meadow();
  const auto scale = static_cast<float>(std::sqrt(meadows));
  const float w = m.width * scale;
  const float h = m.height * scale;
  land.set_world({m.center().x - 0.5F * w, m.center().y - 0.5F * h, w, h});
  return land;
}

// One warmed-up swarm per count, shared by the thread variants (warming up is the slow part).
const CpuSwarm& warmed(std::size_t count, const Land& land) {
  static std::map<std::size_t, std::unique_ptr<CpuSwarm>> cache;
  auto& slot = cache[count];
  if (!slot) {
    slot = std::make_unique<CpuSwarm>(1, count, land);
    meadow::app::WorkerPool pool(2);
    for (int s = 0; s < kWarmupSteps; ++s) slot->step(land, pool);
  }
  return *slot;
}

void swarm_step(benchmark::State& state, std::size_t count, std::size_t threads) {
  const Land land = land_for(count);
  CpuSwarm swarm = warmed(count, land);
  meadow::app::WorkerPool pool(threads);
  const auto start = std::chrono::steady_clock::now();
  for (auto _ : state) {
    swarm.step(land, pool);
    benchmark::ClobberMemory();
  }
  const std::chrono::duration<double, std::nano> took = std::chrono::steady_clock::now() - start;
  state.counters["ns_per_firefly"] =
      took.count() / (static_cast<double>(count) * static_cast<double>(state.iterations()));
  state.counters["fireflies"] = static_cast<double>(count);
}

[[maybe_unused]] const bool registered = [] {
  for (const std::size_t count : {5000U, 20000U, 50000U, 200000U}) {
    for (const std::size_t threads : {1U, 2U}) {
      const std::string name = "swarm_step/" + std::to_string(count) + "/threads:" + std::to_string(threads);
      benchmark::RegisterBenchmark(name.c_str(), swarm_step, count, threads)
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime()
          ->MinTime(1.0);
    }
  }
  return true;
}();

}  // namespace
