// The mold's CPU engine (docs/mold.md "Engines"), one iteration = one step of a mold that has grown
// for kMoldWarmupSteps from a uniform start, with the default preset's rules, nothing fed or
// repelled:
//   mold_step/<agents>/threads:<n>       with occupancy (the default), through app::WorkerPool
//   mold_step_free/<agents>/threads:<n>  the same without occupancy
// at the default (20,480 agents on 512 × 288), 65,536 on the same map (the GPU's default before
// the mold was made for the wall) and the viewers' largest (1,048,576 on 1024 × 576). Occupancy
// needs a free cell per agent and room to move: the engine holds at most half the cells, so with
// it the largest map runs 294,912 agents (the name says what runs; the label gives the map).
// Neither largest case draws a network there (294,912 agents with occupancy pack the map into one
// blob, 1,048,576 without it fill it evenly): they time the step.
// ns_per_agent = wall time per step ÷ agents, ns_per_cell = wall time per step ÷ cells. The network's
// figures have their own benchmark (mold_figures_bench.cpp).
// Run: meadow-bench --benchmark_filter='^mold_'
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <tuple>

#include "app/worker_pool.hpp"
#include "sim/mold/cpu_mold.hpp"
#include "sim/mold/mold_rules.hpp"
#include "sim/mold/mold_settings.hpp"
#include "sim/mold/trail_map.hpp"

namespace {

using meadow::sim::CpuMold;
using meadow::sim::MapSize;

// Steps before timing (over 3 s of meadow), so that what is timed is a grown mold, not the uniform
// start.
constexpr int kMoldWarmupSteps = 200;

struct MoldCase {
  std::uint32_t agents;  // asked for
  std::uint32_t width;   // map cells across
};
// The default (20,480 agents on 512 × 288, either engine's), the GPU's old default (65,536 on the
// same map: three times as dense) and the viewers' largest agent count.
constexpr MoldCase kMoldCases[] = {
    {meadow::sim::mold_rules::kCpuAgents, meadow::sim::mold_rules::kCpuMapWidth}, {65'536, 512}, {1'048'576, 1024}};

// The agents the engine holds: with occupancy at most half the cells (CpuMold's ceiling).
std::uint32_t agents_held(const MoldCase& c, bool occupancy) {
  return occupancy ? std::min(c.agents, meadow::sim::map_of_width(c.width).cells() / 2) : c.agents;
}

// One grown mold per case, shared by every variant (growing it is the slow part); each variant
// steps it on.
CpuMold& grown(std::uint32_t agents, std::uint32_t width, bool occupancy) {
  static std::map<std::tuple<std::uint32_t, std::uint32_t, bool>, std::unique_ptr<CpuMold>> cache;
  auto& slot = cache[{agents, width, occupancy}];
  if (!slot) {
    meadow::sim::MoldSettings settings = meadow::sim::default_mold_settings(agents);
    settings.occupancy = occupancy;
    slot = std::make_unique<CpuMold>(1, meadow::sim::map_of_width(width), settings);
    meadow::app::WorkerPool pool(2);
    for (int s = 0; s < kMoldWarmupSteps; ++s) slot->step({}, pool);
  }
  return *slot;
}

void per_step_counters(benchmark::State& state, double ns, std::uint32_t agents, MapSize map) {
  state.counters["ns_per_agent"] = ns / static_cast<double>(agents);
  state.counters["ns_per_cell"] = ns / static_cast<double>(map.cells());
  state.counters["agents"] = static_cast<double>(agents);
  state.SetLabel(std::to_string(map.width) + " x " + std::to_string(map.height));
}

void mold_step(benchmark::State& state, MoldCase c, bool occupancy, std::size_t threads) {
  CpuMold& mold = grown(c.agents, c.width, occupancy);
  const std::uint32_t agents = mold.settings().agents;
  if (agents != agents_held(c, occupancy)) {
    state.SkipWithError("the engine holds another number of agents than the name says");
    return;
  }
  meadow::app::WorkerPool pool(threads);
  mold.step({}, pool);  // untimed: the pool's threads started, the claims' arrays in cache
  const auto start = std::chrono::steady_clock::now();
  for (auto _ : state) {
    mold.step({}, pool);
    benchmark::ClobberMemory();
  }
  const std::chrono::duration<double, std::nano> took = std::chrono::steady_clock::now() - start;
  per_step_counters(state, took.count() / static_cast<double>(state.iterations()), agents, mold.map_size());
}

[[maybe_unused]] const bool mold_registered = [] {
  for (const bool occupancy : {true, false}) {
    for (const MoldCase& c : kMoldCases) {
      for (const std::size_t threads : {1U, 2U}) {
        const std::string name = std::string(occupancy ? "mold_step/" : "mold_step_free/") +
                                 std::to_string(agents_held(c, occupancy)) + "/threads:" + std::to_string(threads);
        benchmark::RegisterBenchmark(name.c_str(), mold_step, c, occupancy, threads)
            ->Unit(benchmark::kMillisecond)
            ->UseRealTime()
            ->MinTime(0.5);
      }
    }
  }
  // The CPU server's own map (mold_rules::kCpuMapWidth) without occupancy, where a viewer's agents
  // are held to mold_rules::kViewerMaxAgentsCpu: that ceiling, and the million viewers could ask
  // for before it (docs/limits.md: the mold flood).
  for (const std::uint32_t agents : {meadow::sim::mold_rules::kViewerMaxAgentsCpu, 1U << 20U}) {
    for (const std::size_t threads : {1U, 2U}) {
      const std::string name =
          "mold_step_free_server_map/" + std::to_string(agents) + "/threads:" + std::to_string(threads);
      benchmark::RegisterBenchmark(name.c_str(), mold_step, MoldCase{agents, meadow::sim::mold_rules::kCpuMapWidth},
                                   false, threads)
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime()
          ->MinTime(0.5);
    }
  }
  return true;
}();

}  // namespace
