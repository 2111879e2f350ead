// GPU mold benchmarks (docs/mold.md "Engines"), one iteration = one step of a mold that has grown
// on the GPU for a while (MEADOW_GPU_BENCH_WARMUP steps, 120 by default), with the default preset's
// rules:
//   gpu_mold_step/<agents>   GpuMold::step as the server runs it, waited for, nothing read back
//   gpu_mold_trail/<agents>  the map read back for a frame (packed to 16 bits on the device)
// on the maps the sizes are meant for: 65,536 agents on 512 × 288 (the GPU default), 1,048,576
// on 1024 × 576 and 16,777,216 on 4096 × 2304 (the H200 goal). Occupancy needs a free cell per
// agent and room to move (at most half the cells), so the two larger run without it.
// steps_per_s and ns_per_agent (wall time per step ÷ agents) are reported; the label names the
// Vulkan device. A CPU-type device (lavapipe) measures overhead, not speed, and skips the largest
// size (minutes a step); with no device each benchmark reports why and is skipped.
// Run: meadow-bench --benchmark_filter='gpu_mold'
#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>
#include <string>

#include "gpu_bench.hpp"
#include "gpu/mold/gpu_mold.hpp"
#include "gpu/vk_context.hpp"
#include "sim/mold/mold_settings.hpp"
#include "sim/mold/trail_map.hpp"
#include "sim/parallel_for.hpp"

namespace {

using namespace meadow;

// The map each size runs on.
sim::MapSize mold_map_for(std::uint32_t agents) {
  if (agents <= 65'536) return sim::map_of_width(512);
  if (agents <= 1'048'576) return sim::map_of_width(1024);
  return sim::map_of_width(4096);
}

// The context shared by every GPU benchmark, or null after marking `state` skipped (and why)
// when there is no Vulkan device, or when `agents` is more than a CPU-type device steps in
// reasonable time.
std::shared_ptr<gpu::VulkanContext> mold_context_or_skip(benchmark::State& state, std::uint32_t agents) {
  std::shared_ptr<gpu::VulkanContext> shared = bench::gpu_context_or_skip(state);
  if (!shared) return nullptr;
  constexpr std::uint32_t kMostOnCpuDevice = 1U << 20U;
  if (shared->device_kind() == gpu::DeviceKind::kCpu && agents > kMostOnCpuDevice) {
    state.SkipWithError(("too slow on " + shared->device_name() + ", a CPU-type device: run it on a GPU").c_str());
    return nullptr;
  }
  return shared;
}

// The benchmark's mold (state.range(0) agents) on its map, grown for the warm-up, and the context
// it runs on; both null after marking `state` skipped.
struct GrownMold {
  std::shared_ptr<gpu::VulkanContext> ctx;
  std::unique_ptr<gpu::GpuMold> mold;
  sim::SerialFor serial;

  // One step, waited for.
  void step() {
    mold->step({}, serial);
    mold->finish();
  }
};
GrownMold grown_mold_or_skip(benchmark::State& state) {
  const auto agents = static_cast<std::uint32_t>(state.range(0));
  GrownMold grown{mold_context_or_skip(state, agents), nullptr, {}};
  if (!grown.ctx) return grown;
  const sim::MapSize size = mold_map_for(agents);
  sim::MoldSettings settings = sim::default_mold_settings(agents);
  settings.occupancy = agents <= size.cells() / 2;
  grown.mold = std::make_unique<gpu::GpuMold>(grown.ctx, 1, size, settings);
  for (int s = 0; s < bench::gpu_warmup_steps(); ++s) grown.mold->step({}, grown.serial);
  grown.mold->finish();
  return grown;
}

void mold_report(benchmark::State& state, const gpu::VulkanContext& ctx, const gpu::GpuMold& mold) {
  const sim::MapSize size = mold.map_size();
  state.SetLabel(ctx.device_name() + ", " + std::to_string(size.width) + " x " + std::to_string(size.height) +
                 (mold.settings().occupancy ? ", occupancy" : ", no occupancy"));
  state.counters["steps_per_s"] = benchmark::Counter(1.0, benchmark::Counter::kIsIterationInvariantRate);
  state.counters["ns_per_agent"] =
      benchmark::Counter(static_cast<double>(mold.agents().x.size()) * 1e-9,
                         benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void BM_GpuMoldStep(benchmark::State& state) {
  GrownMold grown = grown_mold_or_skip(state);
  if (!grown.mold) return;
  for (auto _ : state) grown.step();
  mold_report(state, *grown.ctx, *grown.mold);
}

void BM_GpuMoldTrail(benchmark::State& state) {
  GrownMold grown = grown_mold_or_skip(state);
  if (!grown.mold) return;
  for (auto _ : state) {
    state.PauseTiming();
    grown.step();
    state.ResumeTiming();
    benchmark::DoNotOptimize(grown.mold->trail().cells.data());
  }
  state.SetLabel(grown.ctx->device_name());
}

BENCHMARK(BM_GpuMoldStep)->Name("gpu_mold_step")->Arg(65'536)->Arg(1'048'576)->Arg(16'777'216)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_GpuMoldTrail)->Name("gpu_mold_trail")->Arg(65'536)->Arg(1'048'576)->Arg(16'777'216)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
