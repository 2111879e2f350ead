#include "gpu/mold/gpu_mold.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>

#include "gpu/gpu_error.hpp"

namespace meadow::gpu {

namespace {

// The population's walls: the host's copy of the cells' kinds.
struct KindWalls {
  const sim::CellKind* kinds;
  [[nodiscard]] bool operator()(std::uint32_t cell) const { return kinds[cell] == sim::CellKind::wall; }
};

}  // namespace

GpuMold::GpuMold(std::shared_ptr<VulkanContext> context, std::uint64_t seed, sim::MapSize size,
                 const sim::MoldSettings& settings)
    : context_(std::move(context)),
      size_(size),
      population_(seed, size),  // checks the map before the kernels allocate for it
      kernels_(*context_, size_),
      seed_(seed),
      settings_(sim::clamped(settings)) {
  const std::size_t cells = size_.cells();
  trail_.assign(cells, 0);
  walls_.assign(cells, sim::CellKind::open);
  settings_.agents = std::min(settings_.agents, population_.max_agents(settings_.occupancy));
  population_.resize(settings_.agents, settings_.occupancy, KindWalls{walls_.data()});
}

GpuMold::~GpuMold() {
  try {
    context_->wait();
  } catch (const GpuError&) {
    // A lost device runs nothing any more: the buffers can go. (A destructor must not throw;
    // the loss itself was or will be reported by whoever holds the context.)
  }
}

// --- Changes made on the host ------------------------------------------------------------------------

void GpuMold::set_settings(const sim::MoldSettings& settings) {
  sim::MoldSettings next = sim::clamped(settings);
  next.agents = std::min(next.agents, population_.max_agents(next.occupancy));
  const bool occupancy_on = next.occupancy && !settings_.occupancy;
  // Only a change of the population needs the agents on the host; the sliders go with the next
  // step's parameters.
  if (occupancy_on || next.agents != population_.count()) {
    pull_agents();
    population_.mark_occupied(settings_.occupancy);
  }
  settings_ = next;
  const KindWalls walls{walls_.data()};
  if (occupancy_on) {
    population_.settle_occupancy(true, walls);
    agents_dirty_ = true;
  }
  if (settings_.agents != population_.count()) {
    population_.resize(settings_.agents, settings_.occupancy, walls);
    agents_dirty_ = true;
  }
  settings_.agents = population_.count();
}

void GpuMold::set_walls(std::span<const sim::CellKind> kinds) {
  if (kinds.size() != walls_.size()) throw std::invalid_argument("walls for another map size");
  pull_agents();
  pull_trail();
  walls_.assign(kinds.begin(), kinds.end());
  walls_dirty_ = true;
  for (std::size_t c = 0; c < walls_.size(); ++c) {
    if (walls_[c] == sim::CellKind::wall && trail_[c] != 0) {
      trail_[c] = 0;
      trail_dirty_ = true;
    }
  }
  // The device's agents moved since the host's grid was last right.
  population_.mark_occupied(settings_.occupancy);
  if (population_.move_off_walls(settings_.occupancy, KindWalls{walls_.data()})) agents_dirty_ = true;
}

void GpuMold::restore(sim::MoldAgentsView agents, sim::TrailView trail, std::uint64_t steps,
                      std::uint64_t placements) {
  if (trail.size != size_ || trail.cells.size() != trail_.size()) {
    throw std::invalid_argument("a mold to restore of another map size");
  }
  finish_step();  // nothing of the last step is wanted, but its buffers are about to be written
  population_.restore(agents, settings_.occupancy, KindWalls{walls_.data()}, placements);
  std::copy(trail.cells.begin(), trail.cells.end(), trail_.begin());
  steps_ = steps;
  agents_behind_ = false;
  trail_behind_ = false;
  agents_dirty_ = true;
  trail_dirty_ = true;
  settings_.agents = population_.count();
}

// --- Host ⇄ device ------------------------------------------------------------------------------

void GpuMold::upload() {
  if (walls_dirty_) {
    const std::span<std::uint32_t> words = kernels_.map_staging();
    std::fill(words.begin(), words.end(), 0U);
    auto* bytes = reinterpret_cast<std::uint8_t*>(words.data());
    for (std::size_t c = 0; c < walls_.size(); ++c) bytes[c] = walls_[c] == sim::CellKind::wall ? 1U : 0U;
    kernels_.upload_walls();
    walls_dirty_ = false;
  }
  if (trail_dirty_) {
    const std::span<std::uint32_t> words = kernels_.map_staging();
    std::copy(trail_.begin(), trail_.end(), words.begin());
    kernels_.upload_trail();
    trail_dirty_ = false;
  }
  if (agents_dirty_) {
    const std::size_t n = population_.count();
    const sim::MoldAgentsView from = population_.view();
    kernels_.reserve(n);
    const std::span<GpuMoldAgent> agents = kernels_.agents();
    for (std::size_t i = 0; i < n; ++i) agents[i] = {from.x[i], from.y[i], from.heading[i], kNoClaim};
    kernels_.upload_agents(n);
    // The grid the claims start from. Without occupancy the kernels do not keep it; switching
    // occupancy on settles the agents on the host (set_settings), which brings them here.
    if (settings_.occupancy) {
      const std::span<std::uint32_t> words = kernels_.map_staging();
      std::fill(words.begin(), words.end(), kCellFree);
      for (std::size_t i = 0; i < n; ++i) words[population_.cell_of(i)] = kCellTaken;
      kernels_.upload_occupancy();
    }
    agents_dirty_ = false;
  }
}

void GpuMold::finish_step() const {
  if (!step_in_flight_) return;
  step_in_flight_ = false;
  loss_.guard([this] { context_->wait(); });
  visits_.assign(step_feeds_, 0);
  const std::span<const std::uint32_t> counted = kernels_.visits();
  std::copy_n(counted.begin(), std::min(counted.size(), visits_.size()), visits_.begin());
}

void GpuMold::read_trail() const {
  // On a failure the device is no longer trusted: the copy stays as last read.
  loss_.guard([this] {
    finish_step();
    VkCommandBuffer commands = context_->begin();
    kernels_.record_pack(commands);
    context_->submit_and_wait();
  });
  const std::span<const std::uint16_t> packed = kernels_.packed_trail();
  std::copy(packed.begin(), packed.end(), trail_.begin());
  trail_behind_ = false;
  ++trail_reads_;
}

void GpuMold::read_agents() const {
  loss_.guard([this] {
    finish_step();
    kernels_.download_agents(population_.count());
  });
  const std::span<const GpuMoldAgent> agents = kernels_.agents();
  const sim::MoldPopulation::Arrays to = population_.arrays();
  for (std::size_t i = 0; i < to.x.size(); ++i) {
    to.x[i] = agents[i].x;
    to.y[i] = agents[i].y;
    to.heading[i] = static_cast<std::uint16_t>(agents[i].heading);
  }
  agents_behind_ = false;
  ++agent_reads_;
}

void GpuMold::sync_trail() const { loss_.sync(trail_behind_, [this] { read_trail(); }); }
void GpuMold::sync_agents() const { loss_.sync(agents_behind_, [this] { read_agents(); }); }
void GpuMold::pull_trail() { loss_.pull(trail_behind_, [this] { read_trail(); }); }
void GpuMold::pull_agents() { loss_.pull(agents_behind_, [this] { read_agents(); }); }

sim::TrailView GpuMold::trail() const {
  sync_trail();
  return sim::TrailView{size_, trail_};
}

sim::MoldAgentsView GpuMold::agents() const {
  sync_agents();
  return population_.view();
}

std::span<const std::uint32_t> GpuMold::feed_visits() const {
  // Without feed discs there is nothing to wait for: the step may run on while the sim goes on.
  if (step_in_flight_ && step_feeds_ > 0 && !loss_.frozen()) {
    try {
      finish_step();
    } catch (const GpuError&) {
      loss_.defer();
      visits_.assign(step_feeds_, 0);  // nothing counted can be trusted
    }
  }
  return visits_;
}

// --- The step ------------------------------------------------------------------------------------

void GpuMold::step(const sim::MoldInputs& inputs, sim::ParallelFor& /*parallel*/) {
  loss_.throw_pending();
  // On a failure the step may have half-written the state: the copies last read are kept.
  loss_.guard([&] {
    finish_step();  // the last step, if it is still running
    upload();
    const MoldParams params = make_mold_params(settings_, size_, population_.count(), seed_, steps_, inputs, discs_);
    kernels_.prepare(params, discs_);
    kernels_.record_step(context_->begin());
    context_->submit();
  });
  // The step runs while the sim thread goes on; whatever needs its results waits for it then.
  step_in_flight_ = true;
  step_feeds_ = inputs.feed.size();
  if (step_feeds_ == 0) visits_.clear();
  agents_behind_ = true;
  trail_behind_ = true;
  // For a fallback after a lost device, when nothing can be read back: copies once a second.
  if ((steps_ + 1) % kHostCopyEvery == 0) {
    read_agents();
    read_trail();
  }
  // Counted once nothing of it can fail any more here, so that a fallback takes it again.
  ++steps_;
}

}  // namespace meadow::gpu
