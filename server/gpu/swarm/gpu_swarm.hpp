#pragma once
// The swarm on the GPU (docs/rules.md "The swarm · Neighbours on the GPU", docs/gpu.md): the same
// rules as the CPU engine, run by the Vulkan kernels of swarm_kernels.hpp behind the same
// SwarmEngine interface. Held to the CPU engine by tolerances and statistics, not bit for bit
// (docs/architecture.md "Engines"): the order of fireflies within a cell depends on the atomics,
// and float sums on that order.
//
// The fireflies live on the device. The light is made there (light(): gpu/swarm/light_kernels.hpp), so
// only the raster and the rocks' rim sums cross back for a frame; the leavers of a count change
// are chosen there too (gpu/swarm/leaver_kernels.hpp), the transits are settled there (arrivals in,
// leavers gone: SwarmKernels::record_settle, 8 bytes back a step while they last), and the
// steering marks the crumbs it reaches (crumbs_reached(): 8 bytes), and a few fireflies chosen by
// id are found there (gather(): 8 bytes each, gpu/swarm/gather_kernels.hpp). The host keeps a copy that
// is read back only when it is needed: view(), a count change (settled on that copy by the CPU
// engine's own population code and written back), and once a second for a fallback.
// Throws GpuError on any Vulkan failure, in the constructor, a step or a count change; a failure
// in light() answers nullptr (the stream rasters view() that once) and is thrown by the next
// step, so the caller falls back to the CPU engine then.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "gpu/device_loss.hpp"
#include "gpu/swarm/gather_kernels.hpp"
#include "gpu/swarm/leaver_kernels.hpp"
#include "gpu/swarm/light_kernels.hpp"
#include "gpu/swarm/swarm_kernels.hpp"
#include "gpu/vk_context.hpp"
#include "sim/land.hpp"
#include "sim/swarm/cpu_swarm.hpp"
#include "sim/swarm/firefly_arrays.hpp"
#include "sim/swarm/swarm_engine.hpp"

namespace meadow::gpu {

class GpuSwarm final : public sim::SwarmEngine {
 public:
  // Sixteen million fireflies: about 1 GB of buffers on the device, and on the host some 700 MB
  // (its copy of the fireflies, and the mapped staging buffers it is read through).
  static constexpr std::size_t kMaxCount = 16'000'000;
  // While nobody asks for view(), the host copy is brought up to date once every this many
  // steps (one second of swarm time): what a fallback after a lost device, when nothing can be
  // read back, starts from. Its count is always current (a count change reads the fireflies
  // back; a step with transits reads the count).
  static constexpr std::uint64_t kHostCopyEvery = 60;  // steps

  // A new swarm, placed exactly as CpuSwarm(seed, count, land) places it.
  GpuSwarm(std::shared_ptr<VulkanContext> context, std::uint64_t seed, std::size_t count, const sim::Land& land);
  // Exactly these fireflies, in this order, ids 0, 1, 2, … (as CpuSwarm's constructor of the same).
  GpuSwarm(std::shared_ptr<VulkanContext> context, std::uint64_t seed, std::span<const sim::CpuSwarm::Firefly> fireflies);
  // Waits for a step still running on the device before its buffers go.
  ~GpuSwarm() override;
  GpuSwarm(const GpuSwarm&) = delete;
  GpuSwarm& operator=(const GpuSwarm&) = delete;

  [[nodiscard]] std::string_view name() const override { return "gpu"; }
  [[nodiscard]] std::size_t count() const override { return f_.size(); }
  [[nodiscard]] sim::SwarmWeights weights() const override { return weights_; }
  void set_weights(sim::SwarmWeights weights) override;
  using sim::SwarmEngine::resize;
  void resize(std::size_t count, const sim::Land& land, std::optional<sim::Rect> grown_from) override;
  [[nodiscard]] std::size_t max_count() const override { return kMaxCount; }
  [[nodiscard]] std::size_t fireflies_per_meadow() const override { return sim::kGpuFirefliesPerMeadow; }
  using SwarmEngine::step;
  void step(const sim::Land& land, const sim::SwarmInputs& inputs, sim::ParallelFor& parallel) override;
  // The measures of the last step the device has finished (docs/rules.md "The swarm · Measures":
  // read back a frame or two later; the sim never waits for them): usually the step before the
  // last, the last one once something has waited for it (view(), light(), a transit).
  [[nodiscard]] sim::SwarmMeasures measures() const override { return measures_; }
  // The fireflies as of the last step, read back from the device if they have not been since.
  [[nodiscard]] sim::SwarmView view() const override;
  [[nodiscard]] std::uint64_t steps() const override { return steps_; }
  // Reads the fireflies back first. Throws GpuError (the fallback takes over).
  void save(sim::SwarmEngineState& out) const override;
  // Writes the fireflies to the device before the next step.
  void restore(const sim::SwarmEngineState& state) override;
  // The light on the GPU; nullptr while the device copy is behind the host's (a count change
  // since the last step), after a simulated loss, or when the light failed (kept for step()).
  [[nodiscard]] const sim::SwarmLightFrame* light(const sim::SwarmLightRequest& request) const override;
  // Marked by the last step's steering on the device (waits for that step); nullopt after a
  // failure (kept for step()) or a simulated loss.
  [[nodiscard]] std::optional<std::uint64_t> crumbs_reached() const override;
  // Changed by a resize that changes who stays or brings newcomers, and by restore(); the same
  // across steps (leavers that fly out of a count change just go missing from gather()).
  [[nodiscard]] std::uint64_t population() const override { return population_; }
  // The wanted fireflies' positions found on the device (waits for the last step): no more than
  // wanted.size() × 8 bytes are read back. false, so that the caller looks in view() and ids(),
  // while the device copy is behind the host's (before the first step, after a count change or
  // a restore, until the next step: view() is then the host copy, read back already), after a
  // simulated loss, on a failure (kept for step(), as light()'s), or when `wanted` is not
  // ascending, longer than kMostGathered or not as long as `out`. Between steps, on the sim's
  // thread, as view(). An empty swarm has none of the wanted: NaN for each, and true.
  [[nodiscard]] bool gather(std::span<const std::uint32_t> wanted, std::span<sim::Vec2> out) const override;

  // How many times the fireflies have been read back from the device (tests, figures).
  [[nodiscard]] std::uint64_t host_reads() const { return host_reads_; }
  // In the order of view(); read back as view() is.
  [[nodiscard]] std::span<const std::uint32_t> ids() const override;
  [[nodiscard]] std::span<const std::uint8_t> flags() const;
  [[nodiscard]] std::uint64_t seed() const { return seed_; }
  [[nodiscard]] const VulkanContext& context() const { return *context_; }

  // For tests of the fallback: the next step throws GpuError as a lost device would, before it
  // touches anything. Readable: the fireflies can still be read back, those of the last step (a
  // step that failed before it reached the device); unreadable: as after a real loss, nothing
  // more is read and the host copy stays as it was last read (at most kHostCopyEvery steps old).
  using AfterLoss = DeviceLoss::AfterLoss;
  void simulate_device_loss(AfterLoss after = AfterLoss::kReadable) { loss_.simulate(after); }

 private:
  void upload();
  // Reads the state back into the host copy (a copy from the device, waited for). Throws
  // GpuError.
  void download() const;
  // Reads the state back if the host copy is behind the device's; a failure is kept for the next
  // step (for view() and the like, which cannot throw).
  void sync_host() const;
  // Waits for the step in flight and reads the state back. Throws GpuError (and trusts the
  // device no more: DeviceLoss).
  void read_back() const;
  // Waits for the step in flight, if any, and takes its measures. Throws GpuError.
  void finish_step() const;

  std::shared_ptr<VulkanContext> context_;
  SwarmKernels kernels_;
  std::uint64_t seed_;
  std::uint64_t steps_ = 0;
  std::uint32_t next_id_ = 0;
  sim::SwarmWeights weights_;
  mutable sim::SwarmMeasures measures_;  // of the last step waited for
  // The host's copy, in the order of the last sort; behind the device's after a step without
  // transits until something reads it (mutable: reading it back changes no firefly).
  mutable sim::FireflyArrays f_;
  mutable bool host_behind_ = false;
  mutable std::uint64_t host_reads_ = 0;
  bool dirty_ = true;       // f_ changed on the host: write it to the GPU before the next step
  bool transits_ = false;   // some firefly is arriving or leaving: each step settles them
  bool stepped_ = false;    // the last step ran on the device (not an empty swarm's)
  std::unique_ptr<LeaverKernels> leavers_;  // made at the first count change that needs them
  // The light's kernels, made at the first frame asked of them, and what a frame returns.
  // Mutable: making a frame's light changes no firefly.
  mutable std::unique_ptr<LightKernels> light_;
  mutable sim::SwarmLightFrame light_frame_;
  // The gather's kernel, made at the first gather (mutable as the light's).
  mutable std::unique_ptr<GatherKernels> gather_;
  std::uint64_t population_ = 0;  // population()
  // A failed device, trusted no more (the host copy is never read again), and a failure met
  // where nothing can be thrown (light(), view()), rethrown by the next step.
  mutable DeviceLoss loss_;
  // The last step was submitted and not yet waited for; the world's area its measures need.
  mutable bool step_in_flight_ = false;
  double step_area_ = 0.0;
};

}  // namespace meadow::gpu
