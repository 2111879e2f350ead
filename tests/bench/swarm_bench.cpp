// Swarm step benchmarks (docs/perf/swarm-cpu.md), at the engine's density (the world grown around
// the meadow to 6,000 fireflies per meadow), one iteration = one step of a swarm that has
// already flocked:
//   swarm_step/<count>/threads:<n>  the CPU engine (sums over squares), 1 and 2 threads
//   naive_step/<count>              the naive reference engine (linked-list grid, every
//                                   neighbour within 28 units one by one), 2 threads
//   speedup/<count>                 naive ÷ engine, both on 2 threads, from the same flocked
//                                   swarm (counter "naive_over_engine")
//   cell_sort/<count>/<way>         the step's counting sort by cell alone, one thread, on the
//                                   flocked swarm's positions as the step meets them: "follows"
//                                   the last sort (the usual way), or "scratch" (one firefly two
//                                   rows off, so the sort by row runs the general way)
// ns_per_firefly = wall time per step ÷ count.
// Run: meadow-bench --benchmark_filter='swarm_step|naive_step|speedup|cell_sort'
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstddef>
#include <map>
#include <memory>
#include <string>

#include "app/worker_pool.hpp"
#include "bench_land.hpp"
#include "sim/land.hpp"
#include "sim/large_array.hpp"
#include "sim/parallel_for.hpp"
#include "sim/swarm/cell_grid.hpp"
#include "sim/swarm/cpu_swarm.hpp"
#include "sim/swarm/naive_swarm.hpp"
#include "sim/swarm/swarm_rules.hpp"

namespace {

using meadow::sim::CpuSwarm;
using meadow::sim::Land;
using meadow::sim::NaiveSwarm;
using meadow::sim::Rect;
using meadow::sim::SwarmEngine;

// Steps before timing (5 s of swarm time), so flocks have formed: a flocked swarm is denser
// locally and costs more than the even spread it starts from.
constexpr int kWarmupSteps = 300;

Land land_for(std::size_t count) { return meadow::bench::land_for(count, meadow::sim::kCpuFirefliesPerMeadow); }

// One warmed-up swarm per count, shared by every variant (warming up is the slow part).
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

// A fresh engine (a copy of the warmed swarm) allocates its working arrays in its first step: the
// sort's, the squares', the next velocities. Page faults and zeroed pages (2 MiB ones) that a
// running server pays once made that step 2-6 times a later one (500,000 fireflies, two threads,
// the process's first copy: 158 ms against 25; a later copy, in memory freed by the one before:
// 32 against 24; 100,000: 11-15 ms against 5.5), and it was timed: `speedup` timed five steps of a
// fresh copy, and every run of `swarm_step` one first step among its 20-100. One step untimed first.
void first_step_untimed(SwarmEngine& engine, const Land& land, meadow::app::WorkerPool& pool) {
  engine.step(land, pool);
  benchmark::ClobberMemory();
}

// Wall time of one step of `engine`, over the benchmark's iterations (ns).
double time_steps(benchmark::State& state, SwarmEngine& engine, const Land& land, meadow::app::WorkerPool& pool) {
  first_step_untimed(engine, land, pool);
  const auto start = std::chrono::steady_clock::now();
  for (auto _ : state) {
    engine.step(land, pool);
    benchmark::ClobberMemory();
  }
  const std::chrono::duration<double, std::nano> took = std::chrono::steady_clock::now() - start;
  return took.count() / static_cast<double>(state.iterations());
}

void report(benchmark::State& state, double ns_per_step, std::size_t count) {
  state.counters["ns_per_firefly"] = ns_per_step / static_cast<double>(count);
  state.counters["fireflies"] = static_cast<double>(count);
}

void swarm_step(benchmark::State& state, std::size_t count, std::size_t threads) {
  const Land land = land_for(count);
  CpuSwarm swarm = warmed(count, land);
  meadow::app::WorkerPool pool(threads);
  report(state, time_steps(state, swarm, land, pool), count);
}

void naive_step(benchmark::State& state, std::size_t count) {
  const Land land = land_for(count);
  NaiveSwarm naive(1, warmed(count, land).view());
  meadow::app::WorkerPool pool(2);
  report(state, time_steps(state, naive, land, pool), count);
}

// Both engines from the same flocked swarm, a few steps each (after an untimed first), one after
// the other.
void speedup(benchmark::State& state, std::size_t count) {
  const Land land = land_for(count);
  meadow::app::WorkerPool pool(2);
  constexpr int kSteps = 5;
  double naive_ns = 0.0;
  double engine_ns = 0.0;
  for (auto _ : state) {
    CpuSwarm swarm = warmed(count, land);
    NaiveSwarm naive(1, swarm.view());
    // Each one step on from the same swarm, untimed, so both have their arrays.
    first_step_untimed(swarm, land, pool);
    first_step_untimed(naive, land, pool);
    const auto t0 = std::chrono::steady_clock::now();
    for (int s = 0; s < kSteps; ++s) swarm.step(land, pool);
    const auto t1 = std::chrono::steady_clock::now();
    for (int s = 0; s < kSteps; ++s) naive.step(land, pool);
    const auto t2 = std::chrono::steady_clock::now();
    engine_ns += std::chrono::duration<double, std::nano>(t1 - t0).count();
    naive_ns += std::chrono::duration<double, std::nano>(t2 - t1).count();
  }
  const double steps = static_cast<double>(state.iterations()) * kSteps;
  state.counters["engine_ns_per_firefly"] = engine_ns / steps / static_cast<double>(count);
  state.counters["naive_ns_per_firefly"] = naive_ns / steps / static_cast<double>(count);
  state.counters["naive_over_engine"] = naive_ns / engine_ns;
}

void cell_sort(benchmark::State& state, std::size_t count, bool follows) {
  using meadow::sim::LargeVector;
  const Land land = land_for(count);
  const meadow::sim::SwarmView v = warmed(count, land).view();
  // The positions in the swarm's order: sorted by the cells they were in a step ago, then moved.
  // Those of a step ago (the move added the velocity) are what the last sort saw.
  const LargeVector<float> x(v.x.begin(), v.x.end());
  LargeVector<float> y(v.y.begin(), v.y.end());
  LargeVector<float> x_before = x;
  LargeVector<float> y_before = y;
  for (std::size_t i = 0; i < count; ++i) {
    x_before[i] -= v.vx[i];
    y_before[i] -= v.vy[i];
  }
  if (!follows) y[count / 2] += 2.5F * meadow::sim::swarm_rules::kCellSize;
  meadow::sim::CellGrid grid;
  grid.configure(land.world(), meadow::sim::swarm_rules::kCellSize);
  meadow::sim::SerialFor serial;
  LargeVector<std::uint32_t> order;
  double ns = 0.0;
  for (auto _ : state) {
    // Untimed: the last sort the timed one follows (and, the first time, the grid's arrays made).
    grid.sort(x_before, y_before, order, serial);
    const auto start = std::chrono::steady_clock::now();
    grid.sort(x, y, order, serial);
    benchmark::ClobberMemory();
    const std::chrono::duration<double, std::nano> took = std::chrono::steady_clock::now() - start;
    state.SetIterationTime(took.count() * 1e-9);
    ns += took.count();
  }
  report(state, ns / static_cast<double>(state.iterations()), count);
  state.counters["followed"] = grid.followed_last_sort() ? 1.0 : 0.0;
}

[[maybe_unused]] const bool registered = [] {
  // 5,000 … 50,000: the first figures reported; up to 500,000: the goal (docs/perf/swarm-cpu.md).
  for (const std::size_t count : {5000U, 20000U, 50000U, 100000U, 200000U, 500000U}) {
    for (const std::size_t threads : {1U, 2U}) {
      const std::string name = "swarm_step/" + std::to_string(count) + "/threads:" + std::to_string(threads);
      benchmark::RegisterBenchmark(name.c_str(), swarm_step, count, threads)
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime()
          ->MinTime(0.5);
    }
  }
  for (const std::size_t count : {20000U, 100000U}) {
    benchmark::RegisterBenchmark(("naive_step/" + std::to_string(count)).c_str(), naive_step, count)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime()
        ->MinTime(0.5);
    benchmark::RegisterBenchmark(("speedup/" + std::to_string(count)).c_str(), speedup, count)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime()
        ->Iterations(2);
  }
  for (const std::size_t count : {100000U, 500000U}) {
    for (const bool follows : {true, false}) {
      const std::string name = "cell_sort/" + std::to_string(count) + (follows ? "/follows" : "/scratch");
      benchmark::RegisterBenchmark(name.c_str(), cell_sort, count, follows)
          ->Unit(benchmark::kMillisecond)
          ->UseManualTime()
          ->MinTime(0.5);
    }
  }
  return true;
}();

}  // namespace
