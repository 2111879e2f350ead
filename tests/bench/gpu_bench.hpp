#pragma once
// What the GPU benchmarks (tests/bench/gpu_*_bench.cpp) share: their Vulkan context, on any
// device, CPU-type ones included (lavapipe), without validation, made once for all of them; and
// their warm-up (the GPU tests have their own context, with validation: tests/gpu/gpu_fixture.hpp).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <string>

#include "gpu/gpu_error.hpp"
#include "gpu/vk_context.hpp"

namespace meadow::bench {

// How many steps a benchmark's swarm or mold runs before it is measured: MEADOW_GPU_BENCH_WARMUP,
// 120 by default.
inline int gpu_warmup_steps() {
  const char* v = std::getenv("MEADOW_GPU_BENCH_WARMUP");
  return v != nullptr ? std::max(0, std::atoi(v)) : 120;
}

// The shared context, or null after marking `state` skipped (and why) when there is no Vulkan
// device.
inline std::shared_ptr<gpu::VulkanContext> gpu_context_or_skip(benchmark::State& state) {
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

}  // namespace meadow::bench
