#include "gpu/swarm/swarm_kernels.hpp"

#include <algorithm>
#include <cstring>

#include "meadow_swarm_shaders.hpp"

namespace meadow::gpu {

namespace {
// Each pipeline's sets are made anew whenever buffers grow; the pool is reset first.
constexpr std::uint32_t kSets = 1;
// Invocations per workgroup of swarm_square_rows.comp (one per row of squares).
constexpr std::uint32_t kRowGroup = 64;
// Growth: half again what is asked, so a swarm growing flock by flock reallocates rarely.
std::size_t grown(std::size_t wanted) { return std::max<std::size_t>(wanted + wanted / 2, 1024); }

// Records the copy of the first n fireflies' state and meta from one pair of buffers to another.
void record_copy(VkCommandBuffer commands, const Buffer& from_state, const Buffer& from_meta, const Buffer& to_state,
                 const Buffer& to_meta, std::size_t n) {
  const VkBufferCopy state_region{0, 0, n * sizeof(GpuFirefly)};
  const VkBufferCopy meta_region{0, 0, n * sizeof(GpuFireflyMeta)};
  vkCmdCopyBuffer(commands, from_state.handle(), to_state.handle(), 1, &state_region);
  vkCmdCopyBuffer(commands, from_meta.handle(), to_meta.handle(), 1, &meta_region);
}
}  // namespace

SwarmKernels::SwarmKernels(VulkanContext& context)
    : context_(context),
      count_(context, shaders::swarm_count(), 4, 0, kSets),
      scatter_(context, shaders::swarm_scatter(), 7, 0, kSets),
      square_sums_kernel_(context, shaders::swarm_square_sums(), 5, 0, kSets),
      square_rows_(context, shaders::swarm_square_rows(), 5, 0, kSets),
      steer_(context, shaders::swarm_steer(), 11, 0, kSets),
      measures_sum_(context, shaders::swarm_measures_sum(), 2, sizeof(std::uint32_t), kSets),
      settle_(context, shaders::swarm_settle(), 5, 0, kSets),
      compact_(context, shaders::swarm_compact(), 7, 0, kSets),
      scan_(context),
      keep_scan_(context),
      params_buffer_(context, sizeof(SwarmParams), Memory::kShared),
      marks_(context, std::size_t{kMarkCount} * 4 * sizeof(float), Memory::kShared),
      measure_total_(context, sizeof(GpuMeasureTotal), Memory::kShared),
      eaten_(context, 2 * sizeof(std::uint32_t), Memory::kShared),
      transit_counts_(context, sizeof(GpuTransitCounts), Memory::kShared) {
  reserve(1024);
}

void SwarmKernels::reserve(std::size_t count) {
  if (count <= capacity_ && capacity_ > 0) return;
  const std::size_t capacity = capacity_ == 0 ? std::max<std::size_t>(count, 1024) : grown(count);
  // The state is kept across growth, on the device and in the host's copies: either may hold
  // what the other does not yet.
  Buffer state(context_, capacity * sizeof(GpuFirefly), Memory::kDevice);
  Buffer meta(context_, capacity * sizeof(GpuFireflyMeta), Memory::kDevice);
  Buffer host_state(context_, capacity * sizeof(GpuFirefly), Memory::kShared);
  Buffer host_meta(context_, capacity * sizeof(GpuFireflyMeta), Memory::kShared);
  if (capacity_ > 0) {
    std::memcpy(host_state.as<GpuFirefly>().data(), host_state_.as<GpuFirefly>().data(), capacity_ * sizeof(GpuFirefly));
    std::memcpy(host_meta.as<GpuFireflyMeta>().data(), host_meta_.as<GpuFireflyMeta>().data(),
                capacity_ * sizeof(GpuFireflyMeta));
    VkCommandBuffer commands = context_.begin();
    record_copy(commands, state_, meta_, state, meta, capacity_);
    compute_barrier(commands);
    context_.submit_and_wait();
  }
  state_ = std::move(state);
  meta_ = std::move(meta);
  host_state_ = std::move(host_state);
  host_meta_ = std::move(host_meta);
  cell_slot_ = Buffer(context_, capacity * 2 * sizeof(std::uint32_t), Memory::kDevice);
  sorted_ = Buffer(context_, capacity * sizeof(GpuFirefly), Memory::kDevice);
  sorted_meta_ = Buffer(context_, capacity * sizeof(GpuFireflyMeta), Memory::kDevice);
  measures_ = Buffer(context_, groups_for(capacity, kGroup) * sizeof(GpuMeasureGroup), Memory::kDevice);
  keep_ = Buffer(context_, (capacity + 1) * sizeof(std::uint32_t), Memory::kDevice);
  capacity_ = capacity;
  if (cell_capacity_ > 0) make_sets();
}

void SwarmKernels::upload(std::size_t n) const {
  if (n == 0) return;
  VkCommandBuffer commands = context_.begin();
  record_copy(commands, host_state_, host_meta_, state_, meta_, n);
  transfer_to_compute_barrier(commands);
  context_.submit_and_wait();
}

void SwarmKernels::download(std::size_t n) const {
  if (n == 0) return;
  VkCommandBuffer commands = context_.begin();
  compute_barrier(commands);  // the kernels' last writes, before the copies read them
  record_copy(commands, state_, meta_, host_state_, host_meta_, n);
  host_read_barrier(commands);
  context_.submit_and_wait();
}

void SwarmKernels::prepare(const SwarmParams& params) {
  reserve(params.count);
  params_ = params;
  std::memcpy(params_buffer_.as<SwarmParams>().data(), &params, sizeof(SwarmParams));
  if (params.cells > cell_capacity_) {
    cell_capacity_ = cell_capacity_ == 0 ? params.cells : grown(params.cells);
    counts_ = Buffer(context_, (cell_capacity_ + 1) * sizeof(std::uint32_t), Memory::kDevice);
    square_sums_ = Buffer(context_, cell_capacity_ * 4 * 4 * sizeof(float), Memory::kDevice);
    square_counts_ = Buffer(context_, cell_capacity_ * 4 * sizeof(std::uint32_t), Memory::kDevice);
    // (2 × columns + 1) × 2 × rows entries ≤ 6 × cells (rows ≤ cells).
    row_sums_ = Buffer(context_, cell_capacity_ * 6 * 4 * sizeof(std::uint32_t), Memory::kDevice);
    row_counts_ = Buffer(context_, cell_capacity_ * 6 * sizeof(std::uint32_t), Memory::kDevice);
    make_sets();
  }
  if (scanned_keeps_ != capacity_ + 1) {
    keep_scan_.prepare(keep_, capacity_ + 1);  // those past the count are 0: keep[count] = kept
    scanned_keeps_ = capacity_ + 1;
  }
  if (params.cells != scanned_cells_) {
    scan_.prepare(counts_, std::size_t{params.cells} + 1);  // the extra count is 0: starts[cells] = n
    scanned_cells_ = params.cells;
  }
}

void SwarmKernels::make_sets() {
  count_.reset_sets();
  scatter_.reset_sets();
  square_sums_kernel_.reset_sets();
  square_rows_.reset_sets();
  steer_.reset_sets();
  measures_sum_.reset_sets();
  settle_.reset_sets();
  compact_.reset_sets();
  count_set_ = count_.make_set({&params_buffer_, &state_, &counts_, &cell_slot_});
  scatter_set_ = scatter_.make_set({&params_buffer_, &state_, &meta_, &cell_slot_, &counts_, &sorted_, &sorted_meta_});
  square_sums_set_ = square_sums_kernel_.make_set({&params_buffer_, &counts_, &sorted_, &square_sums_, &square_counts_});
  square_rows_set_ = square_rows_.make_set({&params_buffer_, &square_sums_, &square_counts_, &row_sums_, &row_counts_});
  steer_set_ = steer_.make_set({&params_buffer_, &marks_, &counts_, &sorted_, &sorted_meta_, &row_sums_, &row_counts_,
                                &state_, &meta_, &measures_, &eaten_});
  measures_sum_set_ = measures_sum_.make_set({&measures_, &measure_total_});
  settle_set_ = settle_.make_set({&params_buffer_, &state_, &meta_, &keep_, &transit_counts_});
  compact_set_ = compact_.make_set({&params_buffer_, &state_, &meta_, &keep_, &sorted_, &sorted_meta_, &transit_counts_});
  scanned_cells_ = 0;  // the counts buffer may be new: prepare the scan again
  scanned_keeps_ = 0;
}

void SwarmKernels::record_sort(VkCommandBuffer commands) const {
  vkCmdFillBuffer(commands, counts_.handle(), 0, VK_WHOLE_SIZE, 0U);
  compute_barrier(commands);
  count_.dispatch(commands, count_set_, groups_for(params_.count, kGroup));
  compute_barrier(commands);
  scan_.record(commands);
  scatter_.dispatch(commands, scatter_set_, groups_for(params_.count, kGroup));
  compute_barrier(commands);
}

void SwarmKernels::record_square_sums(VkCommandBuffer commands) const {
  square_sums_kernel_.dispatch(commands, square_sums_set_, groups_for(params_.cells, kGroup));
  compute_barrier(commands);
  square_rows_.dispatch(commands, square_rows_set_, groups_for(params_.square_rows, kRowGroup));
  compute_barrier(commands);
}

void SwarmKernels::record_steer(VkCommandBuffer commands) const {
  vkCmdFillBuffer(commands, eaten_.handle(), 0, VK_WHOLE_SIZE, 0U);
  compute_barrier(commands);
  const std::uint32_t groups = groups_for(params_.count, kGroup);
  steer_.dispatch(commands, steer_set_, groups);
  compute_barrier(commands);
  measures_sum_.dispatch(commands, measures_sum_set_, 1, &groups);
  compute_barrier(commands);
}

void SwarmKernels::record_settle(VkCommandBuffer commands) const {
  vkCmdFillBuffer(commands, keep_.handle(), 0, VK_WHOLE_SIZE, 0U);
  vkCmdFillBuffer(commands, transit_counts_.handle(), 0, VK_WHOLE_SIZE, 0U);
  compute_barrier(commands);
  settle_.dispatch(commands, settle_set_, groups_for(params_.count, kGroup));
  compute_barrier(commands);
  keep_scan_.record(commands);
  compact_.dispatch(commands, compact_set_, groups_for(params_.count, kGroup));
  compute_barrier(commands);
  // Back from the sorted buffers (free until the next sort) into the state: all `count` places,
  // of which the first `kept` matter.
  record_copy(commands, sorted_, sorted_meta_, state_, meta_, params_.count);
  compute_barrier(commands);
}

void SwarmKernels::record_step(VkCommandBuffer commands, Transits transits) const {
  record_sort(commands);
  record_square_sums(commands);
  record_steer(commands);
  if (transits == Transits::kSettle) record_settle(commands);
  host_read_barrier(commands);
}

std::uint64_t SwarmKernels::crumbs_reached() const {
  const std::span<const std::uint32_t> words = eaten_.as<const std::uint32_t>();
  return std::uint64_t{words[0]} | std::uint64_t{words[1]} << 32U;
}

}  // namespace meadow::gpu
