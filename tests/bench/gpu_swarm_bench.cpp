// GPU swarm benchmarks (issue 6 "Performance"), at the GPU engine's density (the world grown
// around the meadow to 48,000 fireflies per meadow), one iteration = one step of a swarm that has
// flocked on the GPU for a while (MEADOW_GPU_BENCH_WARMUP steps, 120 by default):
//   gpu_kernels/<count>  the step's kernels alone (sort, sums, steering, move): one command
//                        buffer submitted and waited for, nothing read back
//   gpu_step/<count>     GpuSwarm::step as the server runs it, with the fireflies read back
//   gpu_light/<count>    the light of a frame on the GPU (gpu/light_kernels.hpp: splat, four
//                        blur passes, tone, the rims of 8 rocks), only the raster read back
// ns_per_firefly = wall time per step ÷ count; the label names the Vulkan device. Runs on any
// Vulkan device, CPU-type ones (lavapipe) included, where it measures overhead, not speed; with
// no device each benchmark reports why and is skipped.
// Run: meadow-bench --benchmark_filter='gpu_' (on lavapipe: --benchmark_filter='gpu_.*/100000/')
#include <benchmark/benchmark.h>

#include <memory>
#include <string>

#include "bench_land.hpp"
#include "gpu_bench.hpp"
#include "gpu/gpu_swarm.hpp"
#include "gpu/light_kernels.hpp"
#include "gpu/swarm_kernels.hpp"
#include "gpu/swarm_params.hpp"
#include "gpu/vk_context.hpp"
#include "sim/land.hpp"
#include "sim/parallel_for.hpp"
#include "sim/swarm/firefly_arrays.hpp"
#include "sim/swarm/swarm_population.hpp"
#include "stream/light_raster.hpp"
#include "stream/light_request.hpp"

namespace {

using namespace meadow;

// At the GPU engine's density.
sim::Land gpu_land_for(std::size_t count) { return bench::land_for(count, sim::kGpuFirefliesPerMeadow); }

// The device as the label, and ns per firefly per step (the inverse of fireflies stepped per ns).
void report(benchmark::State& state, const gpu::VulkanContext& ctx, std::size_t count) {
  state.SetLabel(ctx.device_name());
  state.counters["ns_per_firefly"] = benchmark::Counter(
      static_cast<double>(count) * 1e-9, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

// The step's kernels on `count` fireflies placed at random over `land`, one step at a time.
struct KernelSwarm {
  KernelSwarm(gpu::VulkanContext& ctx, std::size_t n, const sim::Land& l) : context(ctx), kernels(ctx), land(l), count(n) {
    sim::FireflyArrays f;
    std::uint32_t next_id = 0;
    sim::population::place_random(f, count, land, 1, next_id);
    kernels.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
      kernels.state()[i] = {f.x[i], f.y[i], f.vx[i], f.vy[i]};
      kernels.meta()[i] = {f.id[i], 0U};
    }
    kernels.upload(count);
  }
  void step() {
    kernels.prepare(gpu::make_params(land.world(), count, {}, 1, steps++, land.rocks(), {}, kernels.marks()));
    kernels.record_step(context.begin());
    context.submit_and_wait();
  }
  gpu::VulkanContext& context;
  gpu::SwarmKernels kernels;
  const sim::Land& land;
  std::size_t count;
  std::uint64_t steps = 0;
};

void BM_GpuKernels(benchmark::State& state) {
  const auto ctx = bench::gpu_context_or_skip(state);
  if (!ctx) return;
  const auto count = static_cast<std::size_t>(state.range(0));
  const sim::Land land = gpu_land_for(count);
  KernelSwarm swarm(*ctx, count, land);
  for (int s = 0; s < bench::gpu_warmup_steps(); ++s) swarm.step();
  for (auto _ : state) swarm.step();
  report(state, *ctx, count);
}

void BM_GpuStep(benchmark::State& state) {
  const auto ctx = bench::gpu_context_or_skip(state);
  if (!ctx) return;
  const auto count = static_cast<std::size_t>(state.range(0));
  const sim::Land land = gpu_land_for(count);
  gpu::GpuSwarm swarm(ctx, 1, count, land);
  sim::SerialFor serial;
  for (int s = 0; s < bench::gpu_warmup_steps(); ++s) swarm.step(land, serial);
  for (auto _ : state) swarm.step(land, serial);
  report(state, *ctx, count);
}

void BM_GpuLight(benchmark::State& state) {
  const auto ctx = bench::gpu_context_or_skip(state);
  if (!ctx) return;
  const auto count = static_cast<std::size_t>(state.range(0));
  sim::Land land = gpu_land_for(count);
  const sim::Rect w = land.world();
  for (int r = 0; r < 8; ++r) {
    (void)land.add_rock({w.x + w.width * (0.1F + 0.1F * static_cast<float>(r)), w.y + w.height * 0.5F});
  }
  KernelSwarm swarm(*ctx, count, land);
  for (int s = 0; s < bench::gpu_warmup_steps(); ++s) swarm.step();  // flocks, so the splat's atomics meet as they would
  gpu::LightKernels light(*ctx);
  const stream::ToneCurve curve;
  const sim::SwarmLightRequest request = stream::light_request(stream::light_geometry(w), curve, land.rocks());
  for (auto _ : state) {
    light.prepare(request, count);
    light.record(ctx->begin(), swarm.kernels.state_buffer());
    ctx->submit_and_wait();
    benchmark::DoNotOptimize(light.raster().data());
  }
  report(state, *ctx, count);
}

BENCHMARK(BM_GpuKernels)->Name("gpu_kernels")->Arg(100'000)->Arg(1'000'000)->Arg(4'000'000)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_GpuStep)->Name("gpu_step")->Arg(100'000)->Arg(1'000'000)->Arg(4'000'000)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_GpuLight)->Name("gpu_light")->Arg(100'000)->Arg(1'000'000)->Arg(4'000'000)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
