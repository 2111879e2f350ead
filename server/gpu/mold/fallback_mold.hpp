#pragma once
// The mold engine the server runs (docs/mold.md "Engines", docs/architecture.md "Engines"): the GPU
// engine while it works, the CPU engine from the first failure on. Any failure at start (no loader,
// no device, a pipeline that will not build), in a step or in a change of settings or walls (a lost
// device) moves the mold to the CPU engine with the same agents, map, walls and step count, without
// a restart; the step or change that failed is done again on the CPU, so none is lost. (After a
// real loss the agents and map are those the GPU engine last read back, at most a second old:
// GpuMold::kHostCopyEvery.) `notice` is called once, with why, when that happens (the server logs
// it). The engine in use is name(). Includes no Vulkan header, so the server's wiring (app/) stays
// free of them.
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "gpu/engine_choice.hpp"
#include "sim/mold/cpu_mold.hpp"
#include "sim/mold/mold_engine.hpp"
#include "sim/mold/mold_settings.hpp"
#include "sim/mold/trail_map.hpp"

namespace meadow::gpu {

class GpuMold;

class FallbackMold final : public sim::MoldEngine {
 public:
  using Notice = EngineNotice;
  using MakeGpu = std::function<std::unique_ptr<GpuMold>()>;

  // Starts on what make_gpu returns, or, if it throws, on a CpuMold(seed, size, settings) (for
  // a GPU engine made with the same, the same agents), after calling notice.
  FallbackMold(const MakeGpu& make_gpu, std::uint64_t seed, sim::MapSize size, const sim::MoldSettings& settings,
               Notice notice);
  ~FallbackMold() override;
  FallbackMold(const FallbackMold&) = delete;
  FallbackMold& operator=(const FallbackMold&) = delete;

  [[nodiscard]] std::string_view name() const override { return active().name(); }
  [[nodiscard]] sim::MapSize map_size() const override { return active().map_size(); }
  [[nodiscard]] const sim::MoldSettings& settings() const override { return active().settings(); }
  void set_settings(const sim::MoldSettings& settings) override;
  void set_walls(std::span<const sim::CellKind> kinds) override;
  void step(const sim::MoldInputs& inputs, sim::ParallelFor& parallel) override;
  [[nodiscard]] sim::TrailView trail() const override { return active().trail(); }
  [[nodiscard]] sim::MoldAgentsView agents() const override { return active().agents(); }
  [[nodiscard]] std::span<const std::uint32_t> feed_visits() const override { return active().feed_visits(); }
  [[nodiscard]] std::uint64_t steps() const override { return active().steps(); }
  // Into the engine in use; a GPU that fails to take it hands over to the CPU engine, which does.
  void restore(sim::MoldAgentsView agents, sim::TrailView trail, std::uint64_t steps, std::uint64_t placements) override;
  [[nodiscard]] std::uint64_t placements() const override { return active().placements(); }

  [[nodiscard]] bool on_gpu() const { return gpu_ != nullptr; }
  // The GPU engine while it runs (tests), else null.
  [[nodiscard]] GpuMold* gpu() { return gpu_.get(); }
  // The CPU engine once it runs (tests), else null.
  [[nodiscard]] const sim::CpuMold* cpu() const { return cpu_.get(); }

 private:
  [[nodiscard]] const sim::MoldEngine& active() const;
  // Moves the GPU engine's mold (as of its last good step) to a new CPU engine.
  void fall_back(const std::string& why);

  std::unique_ptr<GpuMold> gpu_;
  std::unique_ptr<sim::CpuMold> cpu_;
  Notice notice_;
};

// The map and agents an engine starts with (mold_rules: the two defaults).
struct MoldDefaults {
  sim::MapSize size;
  std::uint32_t agents = 0;
};
// The GPU engine's (kGpuMapWidth, kGpuAgents) or the CPU engine's (kCpuMapWidth, kCpuAgents).
[[nodiscard]] MoldDefaults mold_defaults(bool on_gpu);

// The server's mold for `choice`: a CpuMold for kCpu; otherwise a FallbackMold that tries a
// Vulkan context (CPU-type devices allowed only for kGpu) and the GPU engine on it; both on a
// `size` map with `settings`.
[[nodiscard]] std::unique_ptr<sim::MoldEngine> make_mold(EngineChoice choice, std::uint64_t seed, sim::MapSize size,
                                                         const sim::MoldSettings& settings,
                                                         const FallbackMold::Notice& notice);
// The same at the defaults of the engine that starts: the GPU's map, agents and default settings
// (sim::default_mold_settings) when the GPU engine starts, the CPU's when it does not (kCpu, or
// the GPU engine failed at start). A later fallback keeps the GPU's map and agents.
[[nodiscard]] std::unique_ptr<sim::MoldEngine> make_mold(EngineChoice choice, std::uint64_t seed,
                                                         const FallbackMold::Notice& notice);

}  // namespace meadow::gpu
