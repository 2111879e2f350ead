#pragma once
// The swarm engine the server runs (docs/architecture.md "Engines"): the GPU engine while
// it works, the CPU engine from the first failure on. Any failure at start (no loader, no
// device, a pipeline that will not build), in a step or a count change (a lost device) moves the
// swarm to the CPU engine with the same fireflies, their velocities and their transits, without
// a restart; the step or count change that failed is done again on the CPU, so none is lost.
// (After a real loss the fireflies are those the GPU engine last read back, at most a second
// old: GpuSwarm::kHostCopyEvery.) `notice` is called once, with why, when that happens (the
// server logs it). The engine in use is name(). Includes no Vulkan header, so the server's
// wiring (app/) stays free of them.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "gpu/engine_choice.hpp"
#include "sim/land.hpp"
#include "sim/swarm/cpu_swarm.hpp"
#include "sim/swarm/swarm_engine.hpp"

namespace meadow::gpu {

class GpuSwarm;

class FallbackSwarm final : public sim::SwarmEngine {
 public:
  using Notice = EngineNotice;
  using MakeGpu = std::function<std::unique_ptr<GpuSwarm>()>;

  // Starts on what make_gpu returns, or, if it throws, on a CpuSwarm(seed, count, land) (the
  // same fireflies the GPU engine would have placed), after calling notice.
  FallbackSwarm(const MakeGpu& make_gpu, std::uint64_t seed, std::size_t count, const sim::Land& land, Notice notice);
  ~FallbackSwarm() override;
  FallbackSwarm(const FallbackSwarm&) = delete;
  FallbackSwarm& operator=(const FallbackSwarm&) = delete;

  [[nodiscard]] std::string_view name() const override { return active().name(); }
  [[nodiscard]] std::size_t count() const override { return active().count(); }
  [[nodiscard]] sim::SwarmWeights weights() const override { return active().weights(); }
  void set_weights(sim::SwarmWeights weights) override;
  using sim::SwarmEngine::resize;
  void resize(std::size_t count, const sim::Land& land, std::optional<sim::Rect> grown_from) override;
  [[nodiscard]] std::size_t max_count() const override { return active().max_count(); }
  [[nodiscard]] std::size_t fireflies_per_meadow() const override { return active().fireflies_per_meadow(); }
  using SwarmEngine::step;
  void step(const sim::Land& land, const sim::SwarmInputs& inputs, sim::ParallelFor& parallel) override;
  [[nodiscard]] sim::SwarmMeasures measures() const override { return active().measures(); }
  [[nodiscard]] sim::SwarmView view() const override { return active().view(); }
  [[nodiscard]] std::span<const std::uint32_t> ids() const override { return active().ids(); }
  // Continues across a fallback (the CPU engine counts from 0 again; its nudges then repeat
  // earlier steps' draws for other ids, which no rule can tell).
  [[nodiscard]] std::uint64_t steps() const override { return steps_before_cpu_ + active().steps(); }
  // The engine in use's state (steps as steps() counts them). A GPU failure while reading the
  // fireflies back throws (the next step falls back).
  void save(sim::SwarmEngineState& out) const override;
  // Into the engine in use; a GPU that fails to take it hands over to the CPU engine, which does.
  void restore(const sim::SwarmEngineState& state) override;

  // The GPU's light while it runs (nullptr on the CPU: the stream rasters view()).
  [[nodiscard]] const sim::SwarmLightFrame* light(const sim::SwarmLightRequest& request) const override;
  // The GPU's answer while it runs (nullopt on the CPU: the meadow looks in view()).
  [[nodiscard]] std::optional<std::uint64_t> crumbs_reached() const override { return active().crumbs_reached(); }
  // The engine in use's, changed also when the CPU engine takes over (its ids start again from 0):
  // the handovers count in the top bits.
  [[nodiscard]] std::uint64_t population() const override {
    return active().population() + (handovers_ << kHandoverShift);
  }
  // The engine in use's gather (the GPU's kernel; false on the CPU: the caller looks in view()).
  [[nodiscard]] bool gather(std::span<const std::uint32_t> wanted, std::span<sim::Vec2> out) const override {
    return active().gather(wanted, out);
  }

  [[nodiscard]] bool on_gpu() const { return gpu_ != nullptr; }
  // The GPU engine while it runs (tests), else null.
  [[nodiscard]] GpuSwarm* gpu() { return gpu_.get(); }
  // The CPU engine once it runs (tests), else null.
  [[nodiscard]] const sim::CpuSwarm* cpu() const { return cpu_.get(); }

 private:
  [[nodiscard]] const sim::SwarmEngine& active() const;
  // Moves the GPU engine's fireflies (as of its last good step) to a new CPU engine, and makes
  // the count asked the count staying again on `land` (a no-op when the copy was current; after
  // a loss during transits the copy may be older than the count, see GpuSwarm::kHostCopyEvery).
  void fall_back(const std::string& why, const sim::Land& land);

  // Where population() counts the handovers: far above any engine's own count.
  static constexpr unsigned kHandoverShift = 48;

  std::unique_ptr<GpuSwarm> gpu_;
  std::unique_ptr<sim::CpuSwarm> cpu_;
  std::uint64_t handovers_ = 0;  // from the GPU engine to the CPU one (at most one so far)
  std::uint64_t steps_before_cpu_ = 0;
  std::size_t asked_ = 0;  // the count last asked for (at the start, or by resize)
  std::optional<sim::Rect> growing_from_;  // during a resize that fell back: where newcomers go
  Notice notice_;
};

// The server's swarm for `choice`: a CpuSwarm for kCpu; otherwise a FallbackSwarm that tries a
// Vulkan context (CPU-type devices allowed only for kGpu) and the GPU engine on it. The fireflies
// are placed over the world `count` calls for at the density of the engine that starts
// (docs/rules.md "The land · Growing and shrinking": 48,000 a meadow on the GPU, 6,000 on the CPU),
// on `land`'s meadow and rocks, as the meadow will size it.
[[nodiscard]] std::unique_ptr<sim::SwarmEngine> make_swarm(EngineChoice choice, std::uint64_t seed,
                                                           std::size_t count, const sim::Land& land,
                                                           const FallbackSwarm::Notice& notice);

}  // namespace meadow::gpu
