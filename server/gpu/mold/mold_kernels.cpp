#include "gpu/mold/mold_kernels.hpp"

#include <algorithm>
#include <cstring>
#include <utility>

#include "meadow_mold_shaders.hpp"
#include "sim/mold/mold_directions.hpp"
#include "sim/mold/mold_rules.hpp"

namespace meadow::gpu {

namespace {
// Each pipeline's sets (one per deposit map in turn) are made anew whenever buffers grow; the
// pool is reset first.
constexpr std::uint32_t kMoldSets = 2;
// Growth: half again what is asked, so a mold growing slider step by slider step reallocates
// rarely.
std::size_t grown_mold(std::size_t wanted) { return std::max<std::size_t>(wanted + wanted / 2, 1024); }
// The discs' buffer starts with room for this many (the meadow's food, attracts and predators).
constexpr std::size_t kFirstDiscs = 64;
// mold_discs.comp's push constant: which discs it lays.
constexpr std::uint32_t kLayFeed = 0;
constexpr std::uint32_t kLayRepel = 1;
}  // namespace

MoldKernels::MoldKernels(VulkanContext& context, sim::MapSize size)
    : context_(context),
      size_(size),
      agents_kernel_(context, shaders::mold_agents(), 8, 0, kMoldSets),
      claim_kernel_(context, shaders::mold_claim(), 5, 0, kMoldSets),
      visits_kernel_(context, shaders::mold_visits(), 5, 0, 1),
      discs_kernel_(context, shaders::mold_discs(), 6, sizeof(std::uint32_t), kMoldSets),
      diffuse_kernel_(context, shaders::mold_diffuse(), 5, 0, kMoldSets),
      pack_kernel_(context, shaders::mold_pack(), 3, 0, 1),
      params_buffer_(context, sizeof(MoldParams), Memory::kShared),
      directions_(context, std::size_t{sim::mold_rules::kHeadingSteps} * 2 * sizeof(float), Memory::kDevice),
      trail_(context, std::size_t{size.cells()} * sizeof(std::uint32_t), Memory::kDevice),
      accum_{Buffer(context, std::size_t{size.cells()} * sizeof(std::uint32_t), Memory::kDevice),
             Buffer(context, std::size_t{size.cells()} * sizeof(std::uint32_t), Memory::kDevice)},
      kinds_(context, (std::size_t{size.cells()} + 3) / 4 * sizeof(std::uint32_t), Memory::kDevice),
      occupancy_(context, std::size_t{size.cells()} * sizeof(std::uint32_t), Memory::kDevice),
      discs_(context, kFirstDiscs * sizeof(GpuMoldDisc), Memory::kShared),
      visits_(context, std::size_t{kMaxCountedFeeds} * sizeof(std::uint32_t), Memory::kShared),
      map_staging_(context, std::size_t{size.cells()} * sizeof(std::uint32_t), Memory::kShared),
      packed_(context, (std::size_t{size.cells()} + 1) / 2 * sizeof(std::uint32_t), Memory::kShared) {
  disc_capacity_ = kFirstDiscs;
  // The direction table, once, through a staging buffer of its own (the map's may be smaller).
  {
    const sim::MoldDirections& table = sim::mold_directions();
    Buffer staging(context, directions_.bytes(), Memory::kShared);
    const std::span<float> words = staging.as<float>();
    for (std::uint32_t h = 0; h < sim::mold_rules::kHeadingSteps; ++h) {
      words[2 * h] = table.cos[h];
      words[2 * h + 1] = table.sin[h];
    }
    copy_and_wait(context_, staging, directions_, directions_.bytes());
  }
  // The map's parameters, for a pack before the first step.
  params_.width = size.width;
  params_.height = size.height;
  params_.cells = size.cells();
  params_.pairs = (size.cells() + 1) / 2;
  std::memcpy(params_buffer_.as<MoldParams>().data(), &params_, sizeof(MoldParams));
  // An empty map, no walls, every cell free.
  VkCommandBuffer commands = context_.begin();
  vkCmdFillBuffer(commands, trail_.handle(), 0, VK_WHOLE_SIZE, 0U);
  vkCmdFillBuffer(commands, accum_[0].handle(), 0, VK_WHOLE_SIZE, 0U);
  vkCmdFillBuffer(commands, accum_[1].handle(), 0, VK_WHOLE_SIZE, 0U);
  vkCmdFillBuffer(commands, kinds_.handle(), 0, VK_WHOLE_SIZE, 0U);
  vkCmdFillBuffer(commands, occupancy_.handle(), 0, VK_WHOLE_SIZE, kCellFree);
  compute_barrier(commands);
  context_.submit_and_wait();
  reserve(1024);
}

std::uint32_t MoldKernels::groups(std::size_t n) { return std::min(groups_for(n, kGroup), kMaxGroups); }

void MoldKernels::reserve(std::size_t count) {
  if (count <= capacity_ && capacity_ > 0) return;
  const std::size_t capacity = capacity_ == 0 ? std::max<std::size_t>(count, 1024) : grown_mold(count);
  // The agents are kept across growth, on the device and in the host's copy: either may hold
  // what the other does not yet.
  Buffer agents(context_, capacity * sizeof(GpuMoldAgent), Memory::kDevice);
  Buffer host_agents(context_, capacity * sizeof(GpuMoldAgent), Memory::kShared);
  if (capacity_ > 0) {
    std::memcpy(host_agents.as<GpuMoldAgent>().data(), host_agents_.as<GpuMoldAgent>().data(),
                capacity_ * sizeof(GpuMoldAgent));
    copy_and_wait(context_, agents_, agents, capacity_ * sizeof(GpuMoldAgent));
  }
  agents_ = std::move(agents);
  host_agents_ = std::move(host_agents);
  capacity_ = capacity;
  make_sets();
}

void MoldKernels::make_sets() {
  agents_kernel_.reset_sets();
  claim_kernel_.reset_sets();
  visits_kernel_.reset_sets();
  discs_kernel_.reset_sets();
  diffuse_kernel_.reset_sets();
  pack_kernel_.reset_sets();
  for (std::uint32_t k = 0; k < 2; ++k) {
    const Buffer& accum = accum_[k];
    const Buffer& next = accum_[1 - k];
    agents_sets_[k] = agents_kernel_.make_set(
        {&params_buffer_, &directions_, &agents_, &trail_, &accum, &kinds_, &occupancy_, &discs_});
    claim_sets_[k] = claim_kernel_.make_set({&params_buffer_, &directions_, &agents_, &accum, &occupancy_});
    discs_sets_[k] = discs_kernel_.make_set({&params_buffer_, &discs_, &kinds_, &accum, &trail_, &next});
    diffuse_sets_[k] = diffuse_kernel_.make_set({&params_buffer_, &accum, &kinds_, &trail_, &next});
  }
  visits_set_ = visits_kernel_.make_set({&params_buffer_, &agents_, &kinds_, &discs_, &visits_});
  pack_set_ = pack_kernel_.make_set({&params_buffer_, &trail_, &packed_});
}

void MoldKernels::upload_agents(std::size_t n) const {
  if (n == 0) return;
  copy_and_wait(context_, host_agents_, agents_, n * sizeof(GpuMoldAgent));
}

void MoldKernels::download_agents(std::size_t n) const {
  if (n == 0) return;
  VkCommandBuffer commands = context_.begin();
  compute_barrier(commands);  // the kernels' last writes, before the copy reads them
  const VkBufferCopy region{0, 0, n * sizeof(GpuMoldAgent)};
  vkCmdCopyBuffer(commands, agents_.handle(), host_agents_.handle(), 1, &region);
  host_read_barrier(commands);
  context_.submit_and_wait();
}

void MoldKernels::upload_map(const Buffer& to, VkDeviceSize bytes) const {
  VkCommandBuffer commands = context_.begin();
  compute_barrier(commands);  // after the kernels that last used `to`
  const VkBufferCopy region{0, 0, bytes};
  vkCmdCopyBuffer(commands, map_staging_.handle(), to.handle(), 1, &region);
  transfer_to_compute_barrier(commands);
  context_.submit_and_wait();
}

void MoldKernels::upload_trail() const {
  VkCommandBuffer commands = context_.begin();
  compute_barrier(commands);
  const VkBufferCopy region{0, 0, std::size_t{size_.cells()} * sizeof(std::uint32_t)};
  vkCmdCopyBuffer(commands, map_staging_.handle(), trail_.handle(), 1, &region);
  vkCmdCopyBuffer(commands, map_staging_.handle(), accum_[current_].handle(), 1, &region);
  transfer_to_compute_barrier(commands);
  context_.submit_and_wait();
}

void MoldKernels::upload_walls() const { upload_map(kinds_, kinds_.bytes()); }

void MoldKernels::upload_occupancy() const {
  upload_map(occupancy_, std::size_t{size_.cells()} * sizeof(std::uint32_t));
}

void MoldKernels::download_trail() const {
  VkCommandBuffer commands = context_.begin();
  compute_barrier(commands);
  const VkBufferCopy region{0, 0, std::size_t{size_.cells()} * sizeof(std::uint32_t)};
  vkCmdCopyBuffer(commands, trail_.handle(), map_staging_.handle(), 1, &region);
  host_read_barrier(commands);
  context_.submit_and_wait();
}

void MoldKernels::prepare(const MoldParams& params, std::span<const GpuMoldDisc> discs) {
  reserve(params.count);
  if (discs.size() > disc_capacity_) {
    disc_capacity_ = grown_mold(discs.size());
    discs_ = Buffer(context_, disc_capacity_ * sizeof(GpuMoldDisc), Memory::kShared);
    make_sets();
  }
  params_ = params;
  std::memcpy(params_buffer_.as<MoldParams>().data(), &params, sizeof(MoldParams));
  if (!discs.empty()) std::memcpy(discs_.as<GpuMoldDisc>().data(), discs.data(), discs.size_bytes());
}

void MoldKernels::record_step(VkCommandBuffer commands) {
  const std::uint32_t k = current_;
  if (params_.feeds > 0) {
    vkCmdFillBuffer(commands, visits_.handle(), 0, VK_WHOLE_SIZE, 0U);
    compute_barrier(commands);
  }
  agents_kernel_.dispatch(commands, agents_sets_[k], groups(params_.count));
  compute_barrier(commands);
  if (params_.occupancy != 0) {
    claim_kernel_.dispatch(commands, claim_sets_[k], groups(params_.count));
    compute_barrier(commands);
  }
  if (params_.feeds > 0) {
    // The visits read the agents where they now stand; the feed writes the deposit map: the two
    // may run together.
    visits_kernel_.dispatch(commands, visits_set_, groups(params_.count));
    if (params_.box_cells > 0) {
      discs_kernel_.dispatch(commands, discs_sets_[k], groups(std::size_t{params_.feeds} * params_.box_cells),
                             &kLayFeed);
    }
    compute_barrier(commands);
  }
  diffuse_kernel_.dispatch(commands, diffuse_sets_[k], size_.height);  // a workgroup a row
  compute_barrier(commands);
  if (params_.repels > 0 && params_.box_cells > 0) {
    discs_kernel_.dispatch(commands, discs_sets_[k], groups(std::size_t{params_.repels} * params_.box_cells),
                           &kLayRepel);
    compute_barrier(commands);
  }
  host_read_barrier(commands);
  current_ = 1 - current_;  // diffusion wrote the other deposit map: the next step's
}

void MoldKernels::record_pack(VkCommandBuffer commands) const {
  compute_barrier(commands);
  pack_kernel_.dispatch(commands, pack_set_, groups(params_.pairs));
  host_read_barrier(commands);
}

std::span<const std::uint16_t> MoldKernels::packed_trail() const {
  return packed_.as<const std::uint16_t>().first(size_.cells());
}

std::span<const std::uint32_t> MoldKernels::visits() const {
  return visits_.as<const std::uint32_t>().first(std::min(params_.feeds, params_.counted_feeds));
}

}  // namespace meadow::gpu
