#include "gpu/swarm/gpu_swarm.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <limits>
#include <utility>

#include "gpu/gpu_error.hpp"
#include "gpu/swarm/swarm_params.hpp"
#include "sim/swarm/swarm_measures.hpp"
#include "sim/swarm/swarm_population.hpp"

namespace meadow::gpu {

GpuSwarm::GpuSwarm(std::shared_ptr<VulkanContext> context, std::uint64_t seed, std::size_t count,
                   const sim::Land& land)
    : context_(std::move(context)), kernels_(*context_), seed_(seed) {
  sim::population::place_random(f_, std::min(count, kMaxCount), land, seed_, next_id_);
}

GpuSwarm::GpuSwarm(std::shared_ptr<VulkanContext> context, std::uint64_t seed,
                   std::span<const sim::CpuSwarm::Firefly> fireflies)
    : context_(std::move(context)), kernels_(*context_), seed_(seed) {
  f_.reserve(fireflies.size());
  for (const sim::CpuSwarm::Firefly& ff : fireflies) {
    f_.push_back(ff.position.x, ff.position.y, ff.velocity.x, ff.velocity.y, next_id_++);
  }
}

GpuSwarm::~GpuSwarm() {
  try {
    context_->wait();
  } catch (const GpuError&) {
    // A lost device runs nothing any more: the buffers can go. (A destructor must not throw;
    // the loss itself was or will be reported by whoever holds the context.)
  }
}

void GpuSwarm::set_weights(sim::SwarmWeights weights) {
  weights_ = sim::clamped_weights(weights, weights_);
}

void GpuSwarm::resize(std::size_t count, const sim::Land& land, std::optional<sim::Rect> grown_from) {
  sync_host();  // resize works on the host copy, which must be the device's
  // The CPU engine's rules for who leaves and who arrives, on the host copy, but the leavers
  // chosen on the GPU (the same fireflies; the host sorts one bin of candidates, not the swarm).
  const auto mark_on_gpu = [this](sim::FireflyArrays& f, std::size_t leavers, const sim::Rect& world) {
    upload();  // the device gets the host's copy, with the flags resize has just set
    if (!leavers_) leavers_ = std::make_unique<LeaverKernels>(*context_);
    leavers_->mark(kernels_.state_buffer(), kernels_.meta_buffer(), f.size(), world, leavers);
    kernels_.download(f.size());
    const std::span<const GpuFireflyMeta> meta = kernels_.meta();
    for (std::size_t i = 0; i < f.size(); ++i) f.flags[i] = static_cast<std::uint8_t>(meta[i].flags);
  };
  // Who is in the swarm changes when newcomers come (new ids) or the count staying does (leavers
  // flagged or called back): then population() does.
  const std::size_t staying = f_.size() - sim::population::leaving(f_);
  const std::uint32_t next_id = next_id_;
  sim::population::resize(f_, std::clamp(count, kMinCount, kMaxCount), land.world(), {seed_, steps_, grown_from}, next_id_,
                          mark_on_gpu);
  if (next_id_ != next_id || f_.size() - sim::population::leaving(f_) != staying) ++population_;
  dirty_ = true;
  transits_ = sim::population::any_in_transit(f_.flags);
}

void GpuSwarm::save(sim::SwarmEngineState& out) const {
  if (host_behind_) {  // unlike view(), a save must not take an old copy: a failure throws
    finish_step();
    download();
    host_behind_ = false;
  }
  out.steps = steps_;
  out.next_id = next_id_;
  out.weights = weights_;
  out.measures = measures_;
  out.fireflies = f_;
}

void GpuSwarm::restore(const sim::SwarmEngineState& state) {
  if (step_in_flight_) finish_step();  // the step under way must not land on the new fireflies
  steps_ = state.steps;
  next_id_ = state.next_id;
  weights_ = state.weights;
  measures_ = state.measures;
  f_ = state.fireflies;
  ++population_;
  host_behind_ = false;
  dirty_ = true;
  transits_ = sim::population::any_in_transit(f_.flags);
}

void GpuSwarm::sync_host() const {
  // Asked from view(), which cannot fail: after a failure the copy as last read, and the next
  // step throws.
  loss_.sync(host_behind_, [this] { read_back(); });
}

void GpuSwarm::read_back() const {
  // On a failure the device is no longer trusted: the copy stays as last read.
  loss_.guard([this] {
    finish_step();
    download();
    host_behind_ = false;
  });
}

sim::SwarmView GpuSwarm::view() const {
  sync_host();
  return {f_.x, f_.y, f_.vx, f_.vy};
}

std::span<const std::uint32_t> GpuSwarm::ids() const {
  sync_host();
  return f_.id;
}

std::span<const std::uint8_t> GpuSwarm::flags() const {
  sync_host();
  return f_.flags;
}

void GpuSwarm::upload() {
  kernels_.reserve(f_.size());
  const std::span<GpuFirefly> state = kernels_.state();
  const std::span<GpuFireflyMeta> meta = kernels_.meta();
  for (std::size_t i = 0; i < f_.size(); ++i) {
    state[i] = {f_.x[i], f_.y[i], f_.vx[i], f_.vy[i]};
    meta[i] = {f_.id[i], f_.flags[i]};
  }
  kernels_.upload(f_.size());
  dirty_ = false;
}

void GpuSwarm::download() const {
  ++host_reads_;
  kernels_.download(f_.size());
  const std::span<const GpuFirefly> state = kernels_.state();
  const std::span<const GpuFireflyMeta> meta = kernels_.meta();
  for (std::size_t i = 0; i < f_.size(); ++i) {
    f_.x[i] = state[i].x;
    f_.y[i] = state[i].y;
    f_.vx[i] = state[i].vx;
    f_.vy[i] = state[i].vy;
    f_.id[i] = meta[i].id;
    f_.flags[i] = static_cast<std::uint8_t>(meta[i].flags);
  }
}

void GpuSwarm::step(const sim::Land& land, const sim::SwarmInputs& inputs, sim::ParallelFor& /*parallel*/) {
  loss_.throw_pending();
  finish_step();  // the last step, if it is still running: its measures
  if (f_.size() == 0) {
    measures_ = {};
    stepped_ = false;
    ++steps_;
    return;
  }
  // A count change since the last step wrote the host copy, having read it first.
  if (dirty_) upload();
  const sim::Rect world = land.world();
  const SwarmParams params =
      make_params(world, f_.size(), weights_, seed_, steps_, land.rocks(), inputs, kernels_.marks());
  const auto transits = transits_ ? SwarmKernels::Transits::kSettle : SwarmKernels::Transits::kNone;
  // On a failure the step may have half-written the state: the last copy read is kept.
  loss_.guard([&] {
    kernels_.prepare(params);
    VkCommandBuffer commands = context_->begin();
    kernels_.record_step(commands, transits);
    context_->submit();
  });
  // The step runs while the sim thread goes on (the other worlds, the frame); whatever needs its
  // results waits for it then (finish_step). The host copy is behind it from here.
  step_in_flight_ = true;
  stepped_ = true;
  host_behind_ = true;
  step_area_ = static_cast<double>(world.width) * static_cast<double>(world.height);

  if (transits_) {
    // Arrivals and leavers were settled on the device: the count after the step is needed now
    // (count(), the next step's size), so this step is waited for while transits last (about
    // 1.5 s after a count change). Only the two counts cross back, not the fireflies.
    finish_step();
    const GpuTransitCounts counts = kernels_.transit_counts();
    f_.resize(counts.kept);  // the copy's contents stay behind until something reads them
    transits_ = counts.in_transit > 0;
  }
  // For a fallback after a lost device, when nothing can be read back: a copy once a second.
  if ((steps_ + 1) % kHostCopyEvery == 0) read_back();
  // Counted once nothing of it can fail any more here, so that a fallback takes it again.
  ++steps_;
}

std::optional<std::uint64_t> GpuSwarm::crumbs_reached() const {
  if (loss_.pending()) return std::nullopt;
  if (!stepped_) return 0;  // an empty swarm reaches nothing
  try {
    finish_step();
  } catch (const GpuError&) {
    loss_.defer();  // the next step falls back
    return std::nullopt;
  }
  return kernels_.crumbs_reached();
}

void GpuSwarm::finish_step() const {
  if (!step_in_flight_) return;
  step_in_flight_ = false;
  loss_.guard([this] { context_->wait(); });
  const GpuMeasureTotal total = kernels_.measure_total();
  sim::MeasureSums sums;
  sums.fireflies = total.fireflies;
  sums.seen = std::uint64_t{total.seen_lo} | std::uint64_t{total.seen_hi} << 32U;
  sums.seeing = total.seeing;
  sums.alignment = static_cast<double>(total.alignment);
  sums.heading_x = static_cast<double>(total.heading_x);
  sums.heading_y = static_cast<double>(total.heading_y);
  measures_ = sums.finish(step_area_);
}

}  // namespace meadow::gpu

namespace meadow::gpu {

const sim::SwarmLightFrame* GpuSwarm::light(const sim::SwarmLightRequest& request) const {
  if (dirty_ || loss_.pending()) return nullptr;
  try {
    // A GpuError leaves the device no longer trusted; a request the kernels cannot make leaves
    // it fine.
    loss_.guard([&] {
      finish_step();
      if (!light_) light_ = std::make_unique<LightKernels>(*context_);
      light_->prepare(request, f_.size());
      light_->record(context_->begin(), kernels_.state_buffer());
      context_->submit_and_wait();
      light_frame_ = {light_->raster(), light_->rim_sums()};
    });
    return &light_frame_;
  } catch (const std::exception&) {
    // Either way this frame's light comes from view() (after a GpuError, the copy as last read),
    // and the next step throws the error, so the swarm falls back with its reason.
    loss_.defer();
    return nullptr;
  }
}

bool GpuSwarm::gather(std::span<const std::uint32_t> wanted, std::span<sim::Vec2> out) const {
  if (wanted.size() > kMostGathered || out.size() != wanted.size() || !std::ranges::is_sorted(wanted)) return false;
  if (loss_.pending() || loss_.frozen()) return false;  // the device is not to be trusted
  if (f_.size() == 0) {  // the count is always current: no firefly has any id
    std::ranges::fill(out, sim::Vec2{std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::quiet_NaN()});
    return true;
  }
  // The device holds no current swarm: the host's copy is newer (and current, so view() reads
  // nothing back).
  if (dirty_) return false;
  if (wanted.empty()) return true;
  try {
    // As light(): a GpuError leaves the device no longer trusted, and the next step throws it.
    loss_.guard([&] {
      finish_step();
      if (!gather_) gather_ = std::make_unique<GatherKernels>(*context_);
      gather_->gather(kernels_.state_buffer(), kernels_.meta_buffer(), f_.size(), wanted, out);
    });
    return true;
  } catch (const std::exception&) {
    loss_.defer();
    return false;
  }
}

}  // namespace meadow::gpu
