// meadow-swarm-profile: the CPU swarm's step alone, for an instruction counter or a sampling
// profiler, on one thread (or <threads>, through the server's worker pool). Makes <count>
// fireflies in the world grown for them (the engine's density, as meadow-bench), steps
// <warmup> times so flocks form, then <steps> times inside measured_step(), the one function to
// count; prints a hash of every firefly's position and velocity, so that a change meant to keep
// the swarm bit for bit can be checked, and the fastest and the median step's time per firefly
// (the fastest is the figure to compare on a shared machine: other loads only ever add time).
// Instructions per firefly per step:
//   valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*measured_step*'
//            build/release/tests/bench/meadow-swarm-profile 20000 300 50
//   (on one line; the total callgrind prints ÷ (count × steps))
// Where two threads spend their time:
//   perf record -e cpu-clock build/release/tests/bench/meadow-swarm-profile 500000 100 100 2
// The large arrays are in huge pages, as in the server and meadow-bench.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "app/huge_pages.hpp"
#include "app/worker_pool.hpp"
#include "sim/land.hpp"
#include "sim/parallel_for.hpp"
#include "sim/state_hash.hpp"
#include "sim/swarm/swarm_state_hash.hpp"
#include "sim/swarm/cpu_swarm.hpp"
#include "sim/swarm/world_size.hpp"

namespace {

using meadow::sim::CpuSwarm;
using meadow::sim::Land;

// Kept out of line (and its effects visible), so callgrind can count exactly the measured steps.
[[gnu::noinline]] void measured_step(CpuSwarm& swarm, const Land& land, meadow::sim::ParallelFor& parallel) {
  swarm.step(land, parallel);
  asm volatile("" ::: "memory");
}


// A whole positive number from the command line, or `fallback` when it is not given.
long argument(int argc, char** argv, int at, long fallback) {
  if (argc <= at) return fallback;
  char* end = nullptr;
  const long value = std::strtol(argv[at], &end, 10);
  if (end == argv[at] || *end != '\0' || value <= 0) {
    std::fprintf(stderr, "meadow-swarm-profile: '%s' is not a positive whole number\n", argv[at]);
    std::exit(2);
  }
  return value;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && (std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h")) {
    std::printf("usage: meadow-swarm-profile [count=20000] [warmup=300] [steps=50] [threads=1]\n");
    return 0;
  }
  const auto count = static_cast<std::size_t>(argument(argc, argv, 1, 20000));
  const long warmup = argument(argc, argv, 2, 300);
  const long steps = argument(argc, argv, 3, 50);
  const auto threads = static_cast<std::size_t>(argument(argc, argv, 4, 1));
  meadow::app::use_huge_pages_for_large_arrays();
  Land land;
  land.set_world(meadow::sim::world_for_count(count, land.meadow(), meadow::sim::kCpuFirefliesPerMeadow));
  CpuSwarm swarm(1, count, land);
  meadow::app::WorkerPool pool(threads);
  for (long s = 0; s < warmup; ++s) swarm.step(land, pool);
  std::vector<double> ns_per_firefly;
  for (long s = 0; s < steps; ++s) {
    const auto start = std::chrono::steady_clock::now();
    measured_step(swarm, land, pool);
    const std::chrono::duration<double, std::nano> took = std::chrono::steady_clock::now() - start;
    ns_per_firefly.push_back(took.count() / static_cast<double>(swarm.count()));
  }
  std::sort(ns_per_firefly.begin(), ns_per_firefly.end());
  std::printf("fireflies %zu, threads %zu, steps measured %ld, hash %016llx\n", swarm.count(), threads, steps,
              static_cast<unsigned long long>(meadow::sim::swarm_state_hash(swarm.view())));
  std::printf("ns a firefly a step: fastest %.1f, median %.1f\n", ns_per_firefly.front(),
              ns_per_firefly[ns_per_firefly.size() / 2]);
  return 0;
}
