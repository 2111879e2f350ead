// GPU swarm benchmarks (docs/gpu.md), at the GPU engine's density (the world grown
// around the meadow to 48,000 fireflies per meadow), one iteration = one step of a swarm that has
// flocked on the GPU for a while (MEADOW_GPU_BENCH_WARMUP steps, 120 by default):
//   gpu_kernels/<count>  the step's kernels alone (sort, sums, steering, move): one command
//                        buffer submitted and waited for, nothing read back
//   gpu_step/<count>     GpuSwarm::step as the server runs it, with the fireflies read back
//   gpu_light/<count>    the light of a frame on the GPU (gpu/swarm/light_kernels.hpp: splat, four
//                        blur passes, tone, the rims of 8 rocks), only the raster read back
//   gpu_gather/<count>   the live trails' read of a frame: the positions of 256
//                        fireflies chosen by id, gathered on the device (GpuSwarm::gather: a
//                        small kernel, 2 kB read back)
//   gpu_view_readback/<count>  the same 256 positions as the live trails found them before:
//                        view() and ids() (the whole swarm read back), then a pass over the ids
//                        looking each up in a bit set
//                        (both: after a step, which is waited for untimed; a fixed number of
//                        iterations, since each takes an untimed step too; CPU is the process's,
//                        llvmpipe's threads included, sim_thread_ms the calling thread's alone)
// ns_per_firefly = wall time per step ÷ count; the label names the Vulkan device. Runs on any
// Vulkan device, CPU-type ones (lavapipe) included, where it measures overhead, not speed; with
// no device each benchmark reports why and is skipped.
// Run: meadow-bench --benchmark_filter='gpu_' (on lavapipe: --benchmark_filter='gpu_.*/100000/')
#include <benchmark/benchmark.h>

#include <time.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "bench_land.hpp"
#include "gpu_bench.hpp"
#include "gpu/swarm/gpu_swarm.hpp"
#include "gpu/swarm/light_kernels.hpp"
#include "gpu/swarm/swarm_kernels.hpp"
#include "gpu/swarm/swarm_params.hpp"
#include "gpu/vk_context.hpp"
#include "sim/land.hpp"
#include "sim/parallel_for.hpp"
#include "sim/swarm/firefly_arrays.hpp"
#include "sim/swarm/swarm_population.hpp"
#include "stream/light_raster.hpp"
#include "stream/swarm/swarm_light.hpp"

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

// GpuSwarm as the server runs it, on `land`, after the warm-up (at least `least_steps` steps).
std::unique_ptr<gpu::GpuSwarm> warm_gpu_swarm(const std::shared_ptr<gpu::VulkanContext>& ctx, std::size_t count,
                                              const sim::Land& land, int least_steps = 0) {
  auto swarm = std::make_unique<gpu::GpuSwarm>(ctx, 1, count, land);
  sim::SerialFor serial;
  for (int s = 0; s < std::max(least_steps, bench::gpu_warmup_steps()); ++s) swarm->step(land, serial);
  return swarm;
}

void BM_GpuStep(benchmark::State& state) {
  const auto ctx = bench::gpu_context_or_skip(state);
  if (!ctx) return;
  const auto count = static_cast<std::size_t>(state.range(0));
  const sim::Land land = gpu_land_for(count);
  const auto swarm = warm_gpu_swarm(ctx, count, land);
  sim::SerialFor serial;
  for (auto _ : state) swarm->step(land, serial);
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
  const sim::SwarmLightRequest request = stream::swarm_light_request(stream::light_geometry(w), curve, land.rocks());
  for (auto _ : state) {
    light.prepare(request, count);
    light.record(ctx->begin(), swarm.kernels.state_buffer());
    ctx->submit_and_wait();
    benchmark::DoNotOptimize(light.raster().data());
  }
  report(state, *ctx, count);
}

double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// The live trails' fireflies: 256 ids spread evenly over the swarm's (ascending).
constexpr std::size_t kTrailFireflies = 256;
std::vector<std::uint32_t> trail_ids(const gpu::GpuSwarm& swarm) {
  std::vector<std::uint32_t> ids(swarm.ids().begin(), swarm.ids().end());
  std::ranges::sort(ids);
  std::vector<std::uint32_t> wanted;
  for (std::size_t k = 0; k < kTrailFireflies; ++k) wanted.push_back(ids[k * ids.size() / kTrailFireflies]);
  return wanted;
}

// One frame's read of the trails' positions after a step (the step and the wait for it untimed),
// by the gather kernel or through view() and ids().
enum class TrailRead : std::uint8_t { kGather, kView };
void trail_read_bench(benchmark::State& state, TrailRead read) {
  const auto ctx = bench::gpu_context_or_skip(state);
  if (!ctx) return;
  const auto count = static_cast<std::size_t>(state.range(0));
  const sim::Land land = gpu_land_for(count);
  const auto warm = warm_gpu_swarm(ctx, count, land, 1);  // a step at least: gather() needs one
  gpu::GpuSwarm& swarm = *warm;
  sim::SerialFor serial;
  const std::vector<std::uint32_t> wanted = trail_ids(swarm);
  std::vector<std::uint64_t> wanted_bits((std::ranges::max(wanted) >> 6U) + 1, 0);
  for (const std::uint32_t id : wanted) wanted_bits[id >> 6U] |= std::uint64_t{1} << (id & 63U);
  std::vector<sim::Vec2> at(wanted.size());
  double sim_thread_seconds = 0.0;  // what the calling thread spends of it (on lavapipe the
                                     // kernels run on llvmpipe's own threads)
  for (auto _ : state) {
    state.PauseTiming();
    swarm.step(land, serial);
    (void)swarm.crumbs_reached();  // waits for the step
    state.ResumeTiming();
    const double thread_start = thread_cpu_seconds();
    if (read == TrailRead::kGather) {
      if (!swarm.gather(wanted, at)) {
        state.SkipWithError("gather() declined");
        break;
      }
    } else {
      const sim::SwarmView v = swarm.view();
      const std::span<const std::uint32_t> ids = swarm.ids();
      for (std::size_t i = 0; i < ids.size(); ++i) {
        const std::uint32_t id = ids[i];
        if ((id >> 6U) >= wanted_bits.size() || (wanted_bits[id >> 6U] >> (id & 63U) & 1U) == 0) continue;
        const auto k = static_cast<std::size_t>(std::ranges::lower_bound(wanted, id) - wanted.begin());
        at[k] = {v.x[i], v.y[i]};
      }
    }
    benchmark::DoNotOptimize(at.data());
    benchmark::ClobberMemory();
    sim_thread_seconds += thread_cpu_seconds() - thread_start;
  }
  state.counters["sim_thread_ms"] = benchmark::Counter(sim_thread_seconds * 1e3, benchmark::Counter::kAvgIterations);
  state.SetLabel(ctx->device_name());
  state.counters["bytes_read_back"] =
      static_cast<double>(read == TrailRead::kGather ? wanted.size() * sizeof(sim::Vec2)
                                                     : count * (sizeof(gpu::GpuFirefly) + sizeof(gpu::GpuFireflyMeta)));
}
void BM_GpuGather(benchmark::State& state) { trail_read_bench(state, TrailRead::kGather); }
void BM_GpuViewReadback(benchmark::State& state) { trail_read_bench(state, TrailRead::kView); }

BENCHMARK(BM_GpuKernels)->Name("gpu_kernels")->Arg(100'000)->Arg(1'000'000)->Arg(4'000'000)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_GpuStep)->Name("gpu_step")->Arg(100'000)->Arg(1'000'000)->Arg(4'000'000)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_GpuLight)->Name("gpu_light")->Arg(100'000)->Arg(1'000'000)->Arg(4'000'000)->Unit(benchmark::kMillisecond)->UseRealTime();

BENCHMARK(BM_GpuGather)->Name("gpu_gather")->Arg(100'000)->Arg(1'000'000)->Iterations(30)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime()->UseRealTime();
BENCHMARK(BM_GpuViewReadback)->Name("gpu_view_readback")->Arg(100'000)->Arg(1'000'000)->Iterations(30)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime()->UseRealTime();

}  // namespace
