#pragma once
// The swarm on the GPU (SPEC §2 "Neighbours, GPU", issue 6): the same rules as the CPU engine,
// run by the Vulkan kernels of swarm_kernels.hpp behind the same SwarmEngine interface. Held to
// the CPU engine by tolerances and statistics, not bit for bit (DESIGN.md "Determinism"): the
// order of fireflies within a cell depends on the atomics, and float sums on that order.
//
// The light is made on the GPU from the fireflies where they are (light(): gpu/light_kernels.hpp),
// so only the raster and the rocks' rim sums cross back for a frame; the leavers of a count
// change are chosen there too (gpu/leaver_kernels.hpp). For now the fireflies also
// live on the host: every step reads them back (view(): the crumbs the swarm eats are found on
// that copy, and a fallback starts from it), and count changes and transits (arrivals, leavers
// flying out) are settled on that copy by the CPU engine's own population code and written
// straight back. Throws GpuError on any Vulkan failure, in the constructor or a step; a failure
// in light() answers nullptr (the stream rasters view() that once) and is thrown by the next
// step, so the caller falls back to the CPU engine then.
#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "gpu/leaver_kernels.hpp"
#include "gpu/light_kernels.hpp"
#include "gpu/swarm_kernels.hpp"
#include "gpu/vk_context.hpp"
#include "sim/land.hpp"
#include "sim/swarm/cpu_swarm.hpp"
#include "sim/swarm/firefly_arrays.hpp"
#include "sim/swarm/swarm_engine.hpp"

namespace meadow::gpu {

class GpuSwarm final : public sim::SwarmEngine {
 public:
  // Sixteen million fireflies: about 1 GB of buffers on the device, and on the host some 300 MB
  // while the fireflies are still read back every step.
  static constexpr std::size_t kMaxCount = 16'000'000;

  // A new swarm, placed exactly as CpuSwarm(seed, count, land) places it.
  GpuSwarm(std::shared_ptr<VulkanContext> context, std::uint64_t seed, std::size_t count, const sim::Land& land);
  // Exactly these fireflies, in this order, ids 0, 1, 2, … (as CpuSwarm's constructor of the same).
  GpuSwarm(std::shared_ptr<VulkanContext> context, std::uint64_t seed, std::span<const sim::CpuSwarm::Firefly> fireflies);

  [[nodiscard]] std::string_view name() const override { return "gpu"; }
  [[nodiscard]] std::size_t count() const override { return f_.size(); }
  [[nodiscard]] sim::SwarmWeights weights() const override { return weights_; }
  void set_weights(sim::SwarmWeights weights) override;
  void resize(std::size_t count, const sim::Land& land) override;
  [[nodiscard]] std::size_t max_count() const override { return kMaxCount; }
  [[nodiscard]] std::size_t fireflies_per_meadow() const override { return sim::kGpuFirefliesPerMeadow; }
  using SwarmEngine::step;
  void step(const sim::Land& land, const sim::SwarmInputs& inputs, sim::ParallelFor& parallel) override;
  [[nodiscard]] sim::SwarmMeasures measures() const override { return measures_; }
  [[nodiscard]] sim::SwarmView view() const override { return {f_.x, f_.y, f_.vx, f_.vy}; }
  [[nodiscard]] std::uint64_t steps() const override { return steps_; }
  // The light on the GPU; nullptr while the device copy is behind the host's (a count change
  // since the last step), after a simulated loss, or when the light failed (kept for step()).
  [[nodiscard]] const sim::SwarmLightFrame* light(const sim::SwarmLightRequest& request) const override;

  [[nodiscard]] std::span<const std::uint32_t> ids() const { return f_.id; }
  [[nodiscard]] std::span<const std::uint8_t> flags() const { return f_.flags; }
  [[nodiscard]] std::uint64_t seed() const { return seed_; }
  [[nodiscard]] const VulkanContext& context() const { return *context_; }

  // For tests of the fallback: the next step throws GpuError as a lost device would, before it
  // touches anything (the fireflies stay those of the last step).
  void simulate_device_loss() { simulate_loss_ = true; }

 private:
  void upload();
  // Reads the state back; returns whether any firefly is in transit.
  bool download();

  std::shared_ptr<VulkanContext> context_;
  SwarmKernels kernels_;
  std::uint64_t seed_;
  std::uint64_t steps_ = 0;
  std::uint32_t next_id_ = 0;
  sim::SwarmWeights weights_;
  sim::SwarmMeasures measures_;
  sim::FireflyArrays f_;  // the host's copy, in the order of the last sort
  bool dirty_ = true;     // f_ changed on the host: write it to the GPU before the next step
  bool simulate_loss_ = false;
  std::unique_ptr<LeaverKernels> leavers_;  // made at the first count change that needs them
  // The light's kernels, made at the first frame asked of them; what a frame returns; the error
  // of a failed light(), rethrown by the next step. Mutable: making a frame's light changes no
  // firefly.
  mutable std::unique_ptr<LightKernels> light_;
  mutable sim::SwarmLightFrame light_frame_;
  mutable std::exception_ptr light_error_;
};

}  // namespace meadow::gpu
