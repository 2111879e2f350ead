// GPU mold benchmarks (issue 27 "Engines"), one iteration = one step of a mold that has grown on
// the GPU for a while (MEADOW_GPU_BENCH_WARMUP steps, 120 by default), with the default preset's
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

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

#include "gpu/gpu_error.hpp"
#include "gpu/gpu_mold.hpp"
#include "gpu/vk_context.hpp"
#include "sim/mold/mold_settings.hpp"
#include "sim/mold/trail_map.hpp"
#include "sim/parallel_for.hpp"

namespace {

using namespace meadow;

int mold_warmup_steps() {
  const char* v = std::getenv("MEADOW_GPU_BENCH_WARMUP");
  return v != nullptr ? std::max(0, std::atoi(v)) : 120;
}

// The map each size runs on.
sim::MapSize mold_map_for(std::uint32_t agents) {
  if (agents <= 65'536) return sim::map_of_width(512);
  if (agents <= 1'048'576) return sim::map_of_width(1024);
  return sim::map_of_width(4096);
}

// The context shared by every mold benchmark, or null after marking `state` skipped (and why)
// when there is no Vulkan device, or when `agents` is more than a CPU-type device steps in
// reasonable time.
std::shared_ptr<gpu::VulkanContext> mold_context_or_skip(benchmark::State& state, std::uint32_t agents) {
  static std::string failure;
  static const std::shared_ptr<gpu::VulkanContext> shared = []() -> std::shared_ptr<gpu::VulkanContext> {
    try {
      return std::make_shared<gpu::VulkanContext>(gpu::ContextOptions{.allow_cpu_device = true, .validation = false});
    } catch (const gpu::GpuError& e) {
      failure = e.what();
      return nullptr;
    }
  }();
  if (!shared) {
    state.SkipWithError(("no Vulkan device: " + failure).c_str());
    return nullptr;
  }
  constexpr std::uint32_t kMostOnCpuDevice = 1U << 20U;
  if (shared->device_kind() == gpu::DeviceKind::kCpu && agents > kMostOnCpuDevice) {
    state.SkipWithError(("too slow on " + shared->device_name() + ", a CPU-type device: run it on a GPU").c_str());
    return nullptr;
  }
  return shared;
}

// A mold of `agents` on its map, grown for the warm-up.
std::unique_ptr<gpu::GpuMold> grown_mold(const std::shared_ptr<gpu::VulkanContext>& ctx, std::uint32_t agents) {
  const sim::MapSize size = mold_map_for(agents);
  sim::MoldSettings settings = sim::default_mold_settings(agents);
  settings.occupancy = agents <= size.cells() / 2;
  auto mold = std::make_unique<gpu::GpuMold>(ctx, 1, size, settings);
  sim::SerialFor serial;
  for (int s = 0; s < mold_warmup_steps(); ++s) mold->step({}, serial);
  mold->finish();
  return mold;
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
  const auto agents = static_cast<std::uint32_t>(state.range(0));
  const auto ctx = mold_context_or_skip(state, agents);
  if (!ctx) return;
  const auto mold = grown_mold(ctx, agents);
  sim::SerialFor serial;
  for (auto _ : state) {
    mold->step({}, serial);
    mold->finish();
  }
  mold_report(state, *ctx, *mold);
}

void BM_GpuMoldTrail(benchmark::State& state) {
  const auto agents = static_cast<std::uint32_t>(state.range(0));
  const auto ctx = mold_context_or_skip(state, agents);
  if (!ctx) return;
  const auto mold = grown_mold(ctx, agents);
  sim::SerialFor serial;
  for (auto _ : state) {
    state.PauseTiming();
    mold->step({}, serial);
    mold->finish();
    state.ResumeTiming();
    benchmark::DoNotOptimize(mold->trail().cells.data());
  }
  state.SetLabel(ctx->device_name());
}

BENCHMARK(BM_GpuMoldStep)->Name("gpu_mold_step")->Arg(65'536)->Arg(1'048'576)->Arg(16'777'216)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_GpuMoldTrail)->Name("gpu_mold_trail")->Arg(65'536)->Arg(1'048'576)->Arg(16'777'216)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
