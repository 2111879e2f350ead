#include "gpu/swarm/fallback_swarm.hpp"

#include <exception>
#include <string>
#include <vector>

#include "gpu/swarm/gpu_swarm.hpp"
#include "gpu/vk_context.hpp"
#include "sim/swarm/swarm_population.hpp"
#include "sim/swarm/world_size.hpp"

namespace meadow::gpu {

FallbackSwarm::FallbackSwarm(const MakeGpu& make_gpu, std::uint64_t seed, std::size_t count,
                             const sim::Land& land, Notice notice)
    : gpu_(start_gpu(make_gpu, "swarm", notice)), asked_(count), notice_(std::move(notice)) {
  if (!gpu_) cpu_ = std::make_unique<sim::CpuSwarm>(seed, count, land);
}

FallbackSwarm::~FallbackSwarm() = default;

const sim::SwarmEngine& FallbackSwarm::active() const {
  return gpu_ ? static_cast<const sim::SwarmEngine&>(*gpu_) : *cpu_;
}

void FallbackSwarm::set_weights(sim::SwarmWeights weights) {
  if (gpu_) {
    gpu_->set_weights(weights);
  } else {
    cpu_->set_weights(weights);
  }
}

void FallbackSwarm::resize(std::size_t count, const sim::Land& land, std::optional<sim::Rect> grown_from) {
  asked_ = count;
  if (gpu_) {
    try {
      gpu_->resize(count, land, grown_from);  // the leavers are chosen on the device
    } catch (const std::exception& e) {
      // Resizes the CPU's swarm to the count just asked, newcomers into the same gained land.
      growing_from_ = grown_from;
      fall_back(gpu_failed("swarm", e), land);
      growing_from_.reset();
    }
    return;
  }
  cpu_->resize(count, land, grown_from);
}

void FallbackSwarm::step(const sim::Land& land, const sim::SwarmInputs& inputs, sim::ParallelFor& parallel) {
  if (gpu_) {
    try {
      gpu_->step(land, inputs, parallel);
      return;
    } catch (const std::exception& e) {
      fall_back(gpu_failed("swarm", e), land);
    }
  }
  cpu_->step(land, inputs, parallel);
}

void FallbackSwarm::save(sim::SwarmEngineState& out) const {
  active().save(out);
  out.steps += steps_before_cpu_;
}

void FallbackSwarm::restore(const sim::SwarmEngineState& state) {
  steps_before_cpu_ = 0;
  asked_ = state.fireflies.size() - sim::population::leaving(state.fireflies);
  if (gpu_) {
    try {
      gpu_->restore(state);
      return;
    } catch (const std::exception& e) {
      cpu_ = std::make_unique<sim::CpuSwarm>(gpu_->seed(), std::span<const sim::CpuSwarm::Firefly>{});
      gpu_.reset();
      ++handovers_;
      if (notice_) notice_(gpu_failed("swarm", e));
    }
  }
  cpu_->restore(state);
}

const sim::SwarmLightFrame* FallbackSwarm::light(const sim::SwarmLightRequest& request) const {
  return gpu_ ? gpu_->light(request) : nullptr;
}

void FallbackSwarm::fall_back(const std::string& why, const sim::Land& land) {
  // The GPU engine's host copy: its last step where the device can still be read, else the copy
  // as it was last read (at most GpuSwarm::kHostCopyEvery steps old, the same count).
  const sim::SwarmView v = gpu_->view();
  std::vector<sim::CpuSwarm::Firefly> fireflies(v.x.size());
  for (std::size_t i = 0; i < fireflies.size(); ++i) fireflies[i] = {{v.x[i], v.y[i]}, {v.vx[i], v.vy[i]}};
  auto cpu = std::make_unique<sim::CpuSwarm>(gpu_->seed(), fireflies);
  // Ids start again from 0 (they only key the nudge); the transits carry over, so leavers still
  // fly out and newcomers still fly in.
  const std::span<const std::uint8_t> flags = gpu_->flags();
  std::copy(flags.begin(), flags.end(), cpu->flags().begin());
  cpu->set_weights(gpu_->weights());
  // The copy's count is the GPU's, but after a loss in the middle of transits the copy itself
  // may be older (the leavers gone since were cut from its end, not picked out): who stays is
  // made the count asked again, by the CPU's own rules (nothing changes when it already is).
  cpu->resize(asked_, land, growing_from_);
  steps_before_cpu_ = gpu_->steps();
  cpu_ = std::move(cpu);
  gpu_.reset();
  ++handovers_;
  if (notice_) notice_(why);
}

namespace {

// `land` with the world `count` fireflies call for at `per_meadow` a meadow.
sim::Land sized_for(const sim::Land& land, std::size_t count, std::size_t per_meadow) {
  sim::Land sized = land;
  sized.set_world(sim::world_for_count(count, land.meadow(), per_meadow));
  return sized;
}

}  // namespace

std::unique_ptr<sim::SwarmEngine> make_swarm(EngineChoice choice, std::uint64_t seed, std::size_t count,
                                             const sim::Land& land, const FallbackSwarm::Notice& notice) {
  const sim::Land cpu_land = sized_for(land, count, sim::kCpuFirefliesPerMeadow);
  if (choice == EngineChoice::kCpu) return std::make_unique<sim::CpuSwarm>(seed, count, cpu_land);
  const ContextOptions options = engine_context_options(choice);
  const sim::Land gpu_land = sized_for(land, count, sim::kGpuFirefliesPerMeadow);
  return std::make_unique<FallbackSwarm>(
      [&] { return std::make_unique<GpuSwarm>(std::make_shared<VulkanContext>(options), seed, count, gpu_land); },
      seed, count, cpu_land, notice);
}

}  // namespace meadow::gpu
