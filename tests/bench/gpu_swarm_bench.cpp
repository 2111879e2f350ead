// GPU swarm benchmarks (issue 6 "Performance"), at the GPU engine's density (the world grown
// around the meadow to 48,000 fireflies per meadow), one iteration = one step of a swarm that has
// flocked on the GPU for a while (MEADOW_GPU_BENCH_WARMUP steps, 120 by default):
//   gpu_kernels/<count>  the step's kernels alone (sort, sums, steering, move): one command
//                        buffer submitted and waited for, nothing read back
//   gpu_step/<count>     GpuSwarm::step as the server runs it, with the fireflies read back
// ns_per_firefly = wall time per step ÷ count; the label names the Vulkan device. Runs on any
// Vulkan device, CPU-type ones (lavapipe) included, where it measures overhead, not speed; with
// no device each benchmark reports why and is skipped.
// Run: meadow-bench --benchmark_filter='gpu_' (on lavapipe: --benchmark_filter='gpu_.*/100000$')
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <string>

#include "bench_land.hpp"
#include "gpu/gpu_error.hpp"
#include "gpu/gpu_swarm.hpp"
#include "gpu/swarm_kernels.hpp"
#include "gpu/swarm_params.hpp"
#include "gpu/vk_context.hpp"
#include "sim/land.hpp"
#include "sim/parallel_for.hpp"
#include "sim/swarm/firefly_arrays.hpp"
#include "sim/swarm/swarm_population.hpp"

namespace {

using namespace meadow;

int warmup_steps() {
  const char* v = std::getenv("MEADOW_GPU_BENCH_WARMUP");
  return v != nullptr ? std::max(0, std::atoi(v)) : 120;
}

// At the GPU engine's density.
sim::Land gpu_land_for(std::size_t count) { return bench::land_for(count, sim::kGpuFirefliesPerMeadow); }

// The context shared by every benchmark, or null after marking `state` skipped (and why) when
// there is no Vulkan device.
std::shared_ptr<gpu::VulkanContext> context_or_skip(benchmark::State& state) {
  static std::string failure;
  static const std::shared_ptr<gpu::VulkanContext> shared = []() -> std::shared_ptr<gpu::VulkanContext> {
    try {
      return std::make_shared<gpu::VulkanContext>(gpu::ContextOptions{.allow_cpu_device = true, .validation = false});
    } catch (const gpu::GpuError& e) {
      failure = e.what();
      return nullptr;
    }
  }();
  if (!shared) state.SkipWithError(("no Vulkan device: " + failure).c_str());
  return shared;
}

// The device as the label, and ns per firefly per step (the inverse of fireflies stepped per ns).
void report(benchmark::State& state, const gpu::VulkanContext& ctx, std::size_t count) {
  state.SetLabel(ctx.device_name());
  state.counters["ns_per_firefly"] = benchmark::Counter(
      static_cast<double>(count) * 1e-9, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void BM_GpuKernels(benchmark::State& state) {
  const auto ctx = context_or_skip(state);
  if (!ctx) return;
  const auto count = static_cast<std::size_t>(state.range(0));
  const sim::Land land = gpu_land_for(count);
  sim::FireflyArrays f;
  std::uint32_t next_id = 0;
  sim::population::place_random(f, count, land, 1, next_id);
  gpu::SwarmKernels kernels(*ctx);
  kernels.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    kernels.state()[i] = {f.x[i], f.y[i], f.vx[i], f.vy[i]};
    kernels.meta()[i] = {f.id[i], 0U};
  }
  std::uint64_t step = 0;
  const auto one_step = [&] {
    kernels.prepare(gpu::make_params(land.world(), count, {}, 1, step++, land.rocks(), {}, kernels.marks()));
    kernels.record_step(ctx->begin());
    ctx->submit_and_wait();
  };
  for (int s = 0; s < warmup_steps(); ++s) one_step();
  for (auto _ : state) one_step();
  report(state, *ctx, count);
}

void BM_GpuStep(benchmark::State& state) {
  const auto ctx = context_or_skip(state);
  if (!ctx) return;
  const auto count = static_cast<std::size_t>(state.range(0));
  const sim::Land land = gpu_land_for(count);
  gpu::GpuSwarm swarm(ctx, 1, count, land);
  sim::SerialFor serial;
  for (int s = 0; s < warmup_steps(); ++s) swarm.step(land, serial);
  for (auto _ : state) swarm.step(land, serial);
  report(state, *ctx, count);
}

BENCHMARK(BM_GpuKernels)->Name("gpu_kernels")->Arg(100'000)->Arg(1'000'000)->Arg(4'000'000)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_GpuStep)->Name("gpu_step")->Arg(100'000)->Arg(1'000'000)->Arg(4'000'000)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
