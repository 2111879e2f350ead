#include "gpu/swarm/leaver_kernels.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

#include "meadow_swarm_shaders.hpp"
#include "sim/swarm/firefly_arrays.hpp"

namespace meadow::gpu {

// shaders/swarm/swarm_edge_common.glsl `Edge`.
struct LeaverKernels::Push {
  float world_x, world_y, world_right, world_bottom;
  float bins_per_unit;
  std::uint32_t count, bins, boundary, capacity, leaving_flag;
};

namespace {
constexpr std::size_t kCandidatesHeader = 4 * sizeof(std::uint32_t);  // the count and its padding
}  // namespace

LeaverKernels::LeaverKernels(VulkanContext& context)
    : context_(context),
      histogram_kernel_(context, shaders::swarm_edge_histogram(), 3, sizeof(Push), 1),
      pick_(context, shaders::swarm_edge_pick(), 3, sizeof(Push), 1),
      mark_(context, shaders::swarm_edge_mark(), 2, sizeof(Push), 1),
      histogram_(context, kBins * sizeof(std::uint32_t), Memory::kShared) {
  reserve_candidates(1024);
}

void LeaverKernels::reserve_candidates(std::size_t n) {
  if (n <= capacity_) return;
  // Grown to half again what is asked: a count change is rare, and the boundary bin's size
  // varies little from one to the next.
  const std::size_t capacity = std::max(n + n / 2, std::max(capacity_, std::size_t{1024}));
  candidates_ = Buffer(context_, kCandidatesHeader + capacity * 4 * sizeof(std::uint32_t), Memory::kShared);
  chosen_ = Buffer(context_, capacity * sizeof(std::uint32_t), Memory::kShared);
  capacity_ = capacity;
  bound_state_ = VK_NULL_HANDLE;  // the sets bind the new lists at the next mark
}

void LeaverKernels::bind(const Buffer& state, const Buffer& meta) {
  if (state.handle() == bound_state_ && meta.handle() == bound_meta_) return;
  histogram_kernel_.reset_sets();
  pick_.reset_sets();
  mark_.reset_sets();
  histogram_set_ = histogram_kernel_.make_set({&state, &meta, &histogram_});
  pick_set_ = pick_.make_set({&state, &meta, &candidates_});
  mark_set_ = mark_.make_set({&chosen_, &meta});
  bound_state_ = state.handle();
  bound_meta_ = meta.handle();
}

std::size_t LeaverKernels::mark(const Buffer& state, const Buffer& meta, std::size_t count, const sim::Rect& world,
                                std::size_t leavers) {
  if (leavers == 0 || count == 0) return 0;
  // Distances inside the world reach half its smaller side; the bins span that.
  const float deepest = 0.5F * std::min(world.width, world.height);
  Push push{world.x, world.y, world.right(), world.bottom(),
            deepest > 0.0F ? static_cast<float>(kBins) / deepest : 0.0F,
            static_cast<std::uint32_t>(count), kBins, 0, 0, sim::kFlagLeaving};
  const std::uint32_t groups = groups_for(count, kGroup);

  // 1. The histogram.
  bind(state, meta);
  VkCommandBuffer commands = context_.begin();
  vkCmdFillBuffer(commands, histogram_.handle(), 0, VK_WHOLE_SIZE, 0U);
  compute_barrier(commands);
  histogram_kernel_.dispatch(commands, histogram_set_, groups, &push);
  host_read_barrier(commands);
  context_.submit_and_wait();
  const std::span<const std::uint32_t> histogram = histogram_.as<const std::uint32_t>();

  // 2. The bin where the nearest `leavers` end: all below it leave, `needed` more from it.
  std::size_t below = 0;
  std::uint32_t boundary = 0;
  while (boundary < kBins && below + histogram[boundary] <= leavers) below += histogram[boundary++];
  if (boundary == kBins) leavers = below;  // no more than that many: all of them leave
  const std::size_t needed = leavers - below;
  const std::size_t in_boundary = boundary < kBins ? histogram[boundary] : 0;
  reserve_candidates(in_boundary);
  bind(state, meta);
  push.boundary = boundary;
  push.capacity = static_cast<std::uint32_t>(capacity_);
  commands = context_.begin();
  vkCmdFillBuffer(commands, candidates_.handle(), 0, kCandidatesHeader, 0U);
  compute_barrier(commands);
  pick_.dispatch(commands, pick_set_, groups, &push);
  host_read_barrier(commands);
  context_.submit_and_wait();
  if (needed == 0) return leavers;

  // 3. The nearest `needed` of the boundary bin, by distance then id, as the CPU orders them.
  const std::span<const std::uint32_t> listed = candidates_.as<const std::uint32_t>();
  const std::size_t n = std::min<std::size_t>(listed[0], capacity_);
  boundary_.resize(n);
  std::memcpy(boundary_.data(), listed.data() + kCandidatesHeader / sizeof(std::uint32_t), n * sizeof(boundary_[0]));
  const auto nearer = [](const std::array<std::uint32_t, 4>& a, const std::array<std::uint32_t, 4>& b) {
    const float da = std::bit_cast<float>(a[0]);
    const float db = std::bit_cast<float>(b[0]);
    return da != db ? da < db : a[1] < b[1];
  };
  const std::size_t take = std::min(needed, n);
  std::partial_sort(boundary_.begin(), boundary_.begin() + static_cast<std::ptrdiff_t>(take), boundary_.end(), nearer);
  const std::span<std::uint32_t> chosen = chosen_.as<std::uint32_t>();
  for (std::size_t k = 0; k < take; ++k) chosen[k] = boundary_[k][2];
  push.capacity = static_cast<std::uint32_t>(take);
  commands = context_.begin();
  mark_.dispatch(commands, mark_set_, groups_for(take, kGroup), &push);
  host_read_barrier(commands);
  context_.submit_and_wait();
  return below + take;
}

}  // namespace meadow::gpu
