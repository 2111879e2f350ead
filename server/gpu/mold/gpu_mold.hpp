#pragma once
// The mold on the GPU (docs/mold.md "Engines"): the same rules as the CPU engine
// (sim/mold/cpu_mold.hpp), run by the Vulkan kernels of mold_kernels.hpp behind the same
// MoldEngine interface. Held to the CPU engine by statistics, not bit for bit
// (docs/architecture.md "Engines"): the kernels sense, turn, draw and diffuse with the CPU engine's
// numbers and operations, but when a deposit and a claim land depends on the device's order, and
// float rounding may differ where Vulkan allows it.
//
// The agents and the map live on the device. The host keeps a copy of each, read back only when
// asked for (trail(), agents(): at most once a step each), before a change made on the host (a
// count change, walls, a restore: sim/mold/mold_population.hpp decides who goes and where
// newcomers land, as it does for the CPU engine, on that copy, then written back), and once a
// second for a fallback. Throws GpuError on any Vulkan failure, in the constructor, a step or a
// change; a failure in trail(), agents() or feed_visits() (which cannot throw) answers the copy as
// last read and is thrown by the next step, so the caller falls back to the CPU engine then.
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "gpu/device_loss.hpp"
#include "gpu/mold/mold_kernels.hpp"
#include "gpu/mold/mold_params.hpp"
#include "gpu/vk_context.hpp"
#include "sim/mold/mold_engine.hpp"
#include "sim/mold/mold_population.hpp"
#include "sim/mold/mold_settings.hpp"
#include "sim/mold/trail_map.hpp"

namespace meadow::gpu {

class GpuMold final : public sim::MoldEngine {
 public:
  // While nobody asks for them, the host's copies of the agents and the map are brought up to
  // date once every this many steps (one second of mold time): what a fallback after a lost
  // device, when nothing can be read back, starts from.
  static constexpr std::uint64_t kHostCopyEvery = 60;  // steps

  // A new mold on a `size` map, its agents placed exactly as CpuMold(seed, size, settings) places
  // them; an empty map. Throws std::invalid_argument for a map CpuMold refuses too.
  GpuMold(std::shared_ptr<VulkanContext> context, std::uint64_t seed, sim::MapSize size,
          const sim::MoldSettings& settings);
  // Waits for a step still running on the device before its buffers go.
  ~GpuMold() override;
  GpuMold(const GpuMold&) = delete;
  GpuMold& operator=(const GpuMold&) = delete;

  // Takes over another engine's mold, as CpuMold::restore does: its agents, map and step count
  // (walls are set separately).
  void restore(sim::MoldAgentsView agents, sim::TrailView trail, std::uint64_t steps, std::uint64_t placements) override;
  [[nodiscard]] std::uint64_t placements() const override { return population_.placements(); }

  // MoldEngine
  [[nodiscard]] std::string_view name() const override { return "gpu"; }
  [[nodiscard]] sim::MapSize map_size() const override { return size_; }
  [[nodiscard]] const sim::MoldSettings& settings() const override { return settings_; }
  void set_settings(const sim::MoldSettings& settings) override;
  void set_walls(std::span<const sim::CellKind> kinds) override;
  void step(const sim::MoldInputs& inputs, sim::ParallelFor& parallel) override;
  // The map after the last step, read back (packed on the device to 16 bits a cell) the first
  // time it is asked for after a step.
  [[nodiscard]] sim::TrailView trail() const override;
  // The agents after the last step, read back the first time they are asked for after a step.
  [[nodiscard]] sim::MoldAgentsView agents() const override;
  // Waits for the last step when it had feed discs (a few counters cross back).
  [[nodiscard]] std::span<const std::uint32_t> feed_visits() const override;
  [[nodiscard]] std::uint64_t steps() const override { return steps_; }

  // Waits for the last step to finish on the device (benchmarks; what needs its results waits by
  // itself). Throws GpuError.
  void finish() const { finish_step(); }
  // The walls as last set (one kind a cell; all open at first).
  [[nodiscard]] std::span<const sim::CellKind> walls() const { return walls_; }
  [[nodiscard]] std::uint64_t seed() const { return seed_; }
  // How many times the map and the agents have been read back (tests, figures).
  [[nodiscard]] std::uint64_t trail_reads() const { return trail_reads_; }
  [[nodiscard]] std::uint64_t agent_reads() const { return agent_reads_; }
  [[nodiscard]] const VulkanContext& context() const { return *context_; }
  // For tests: the kernels and their buffers, as of the last step.
  [[nodiscard]] const MoldKernels& kernels() const { return kernels_; }

  // For tests of the fallback: the next step (or change of the agents, walls or map) throws
  // GpuError as a lost device would, before it touches anything. Readable: the map and agents of
  // the last step can still be read back; unreadable: as after a real loss, nothing more is read
  // and the host's copies stay as they were last read (at most kHostCopyEvery steps old).
  using AfterLoss = DeviceLoss::AfterLoss;
  void simulate_device_loss(AfterLoss after = AfterLoss::kReadable) { loss_.simulate(after); }

 private:
  // Host → device, before the next step: what the host changed.
  void upload();
  // Device → host. read_*() wait for the step in flight, read back and throw GpuError (and trust
  // the device no more); sync_*() do so when the copy is behind, keeping a failure for the next
  // step (for the getters, which cannot throw); pull_*() when the copy is behind, throwing (for
  // changes made on the host). See DeviceLoss.
  void read_trail() const;
  void read_agents() const;
  void sync_trail() const;
  void sync_agents() const;
  void pull_trail();
  void pull_agents();
  // Waits for the step in flight, if any, and takes its feed visits. Throws GpuError.
  void finish_step() const;

  std::shared_ptr<VulkanContext> context_;
  sim::MapSize size_;
  // The host's copy of the agents, placed, dropped and moved off walls by the population's rules
  // (the CPU engine's). Mutable: reading them back changes no agent. Before kernels_: it checks the
  // map first.
  mutable sim::MoldPopulation population_;
  MoldKernels kernels_;
  std::uint64_t seed_;
  sim::MoldSettings settings_;
  std::uint64_t steps_ = 0;

  // The host's copies of the map and the feed visits (mutable: reading them back changes nothing).
  mutable std::vector<std::uint16_t> trail_;
  mutable std::vector<std::uint32_t> visits_;
  std::vector<sim::CellKind> walls_;
  std::vector<GpuMoldDisc> discs_;      // the step's discs (kept to reuse the allocation)

  mutable bool agents_behind_ = false;  // the device's agents are newer than population_
  mutable bool trail_behind_ = false;   // the device's map is newer than trail_
  bool agents_dirty_ = true;            // the host changed the agents: write them before the next step
  bool trail_dirty_ = false;            // the host changed the map
  bool walls_dirty_ = false;            // the host changed the walls
  mutable bool step_in_flight_ = false;  // submitted, not yet waited for
  std::size_t step_feeds_ = 0;           // feed discs of the last step
  mutable std::uint64_t trail_reads_ = 0;
  mutable std::uint64_t agent_reads_ = 0;
  // A failed device, trusted no more, and a failure met where nothing can be thrown, rethrown by
  // the next step (mutable: the getters read back and keep failures).
  mutable DeviceLoss loss_;
};

}  // namespace meadow::gpu
