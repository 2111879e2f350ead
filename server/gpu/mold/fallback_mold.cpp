#include "gpu/mold/fallback_mold.hpp"

#include <exception>
#include <stdexcept>
#include <string>
#include <utility>

#include "gpu/mold/gpu_mold.hpp"
#include "gpu/vk_context.hpp"
#include "sim/mold/mold_rules.hpp"

namespace meadow::gpu {

FallbackMold::FallbackMold(const MakeGpu& make_gpu, std::uint64_t seed, sim::MapSize size,
                           const sim::MoldSettings& settings, Notice notice)
    : gpu_(start_gpu(make_gpu, "mold", notice)), notice_(std::move(notice)) {
  if (!gpu_) cpu_ = std::make_unique<sim::CpuMold>(seed, size, settings);
}

FallbackMold::~FallbackMold() = default;

const sim::MoldEngine& FallbackMold::active() const {
  return gpu_ ? static_cast<const sim::MoldEngine&>(*gpu_) : *cpu_;
}

void FallbackMold::set_settings(const sim::MoldSettings& settings) {
  if (gpu_) {
    try {
      gpu_->set_settings(settings);
      return;
    } catch (const std::exception& e) {
      fall_back(gpu_failed("mold", e));
    }
  }
  cpu_->set_settings(settings);
}

void FallbackMold::set_walls(std::span<const sim::CellKind> kinds) {
  if (gpu_) {
    try {
      gpu_->set_walls(kinds);
      return;
    } catch (const std::invalid_argument&) {
      throw;  // walls of another map: the caller's mistake, not the device's
    } catch (const std::exception& e) {
      fall_back(gpu_failed("mold", e));
    }
  }
  cpu_->set_walls(kinds);
}

void FallbackMold::step(const sim::MoldInputs& inputs, sim::ParallelFor& parallel) {
  if (gpu_) {
    try {
      gpu_->step(inputs, parallel);
      return;
    } catch (const std::exception& e) {
      fall_back(gpu_failed("mold", e));
    }
  }
  cpu_->step(inputs, parallel);
}

void FallbackMold::restore(sim::MoldAgentsView agents, sim::TrailView trail, std::uint64_t steps,
                           std::uint64_t placements) {
  if (gpu_) {
    try {
      gpu_->restore(agents, trail, steps, placements);
      return;
    } catch (const std::invalid_argument&) {
      throw;  // not the device's failure: the state is of another map
    } catch (const std::exception& e) {
      fall_back(gpu_failed("mold", e));
    }
  }
  cpu_->restore(agents, trail, steps, placements);
}

void FallbackMold::fall_back(const std::string& why) {
  // The GPU engine's host copies: its last step where the device can still be read, else the
  // copies as last read (at most GpuMold::kHostCopyEvery steps old).
  const sim::MoldAgentsView agents = gpu_->agents();
  const sim::TrailView trail = gpu_->trail();
  // A CPU engine of the same map and settings, with no agents of its own: it takes the GPU's.
  sim::MoldSettings settings = gpu_->settings();
  settings.agents = 0;
  auto cpu = std::make_unique<sim::CpuMold>(gpu_->seed(), gpu_->map_size(), settings);
  cpu->set_walls(gpu_->walls());
  cpu->restore(agents, trail, gpu_->steps(), gpu_->placements());
  cpu_ = std::move(cpu);
  gpu_.reset();
  if (notice_) notice_(why);
}

MoldDefaults mold_defaults(bool on_gpu) {
  namespace mr = sim::mold_rules;
  return on_gpu ? MoldDefaults{sim::map_of_width(mr::kGpuMapWidth), mr::kGpuAgents}
                : MoldDefaults{sim::map_of_width(mr::kCpuMapWidth), mr::kCpuAgents};
}

std::unique_ptr<sim::MoldEngine> make_mold(EngineChoice choice, std::uint64_t seed, sim::MapSize size,
                                           const sim::MoldSettings& settings, const FallbackMold::Notice& notice) {
  if (choice == EngineChoice::kCpu) return std::make_unique<sim::CpuMold>(seed, size, settings);
  const ContextOptions options = engine_context_options(choice);
  return std::make_unique<FallbackMold>(
      [&] { return std::make_unique<GpuMold>(std::make_shared<VulkanContext>(options), seed, size, settings); }, seed,
      size, settings, notice);
}

std::unique_ptr<sim::MoldEngine> make_mold(EngineChoice choice, std::uint64_t seed,
                                           const FallbackMold::Notice& notice) {
  const MoldDefaults cpu = mold_defaults(false);
  const sim::MoldSettings cpu_settings = sim::default_mold_settings(cpu.agents);
  if (choice == EngineChoice::kCpu) return std::make_unique<sim::CpuMold>(seed, cpu.size, cpu_settings);
  const MoldDefaults gpu = mold_defaults(true);
  const ContextOptions options = engine_context_options(choice);
  return std::make_unique<FallbackMold>(
      [&] {
        return std::make_unique<GpuMold>(std::make_shared<VulkanContext>(options), seed, gpu.size,
                                         sim::default_mold_settings(gpu.agents));
      },
      seed, cpu.size, cpu_settings, notice);
}

}  // namespace meadow::gpu
