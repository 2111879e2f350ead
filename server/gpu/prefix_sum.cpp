#include "gpu/prefix_sum.hpp"

#include "meadow_scan_shaders.hpp"

namespace meadow::gpu {

namespace {
// 1,024^4 values is past 2^32: four levels always suffice; sets for a few more spare.
constexpr std::uint32_t kMaxLevels = 6;
constexpr std::uint32_t kAddGroup = 256;  // invocations per workgroup of scan_add.comp
}  // namespace

PrefixSum::PrefixSum(VulkanContext& context)
    : context_(context),
      scan_(context, shaders::scan_blocks(), 2, sizeof(std::uint32_t), kMaxLevels),
      add_(context, shaders::scan_add(), 2, sizeof(std::uint32_t), kMaxLevels) {}

void PrefixSum::prepare(const Buffer& data, std::size_t n) {
  scan_.reset_sets();
  add_.reset_sets();
  levels_.clear();
  levels_.reserve(kMaxLevels);
  const Buffer* values = &data;
  auto count = static_cast<std::uint32_t>(n);
  while (count > 0) {
    Level level;
    level.n = count;
    const std::uint32_t blocks = groups_for(count, kBlock);
    level.totals = Buffer(context_, std::size_t{blocks} * sizeof(std::uint32_t), Memory::kDevice);
    level.scan_set = scan_.make_set({values, &level.totals});
    level.add_set = add_.make_set({values, &level.totals});
    levels_.push_back(std::move(level));
    values = &levels_.back().totals;
    if (blocks == 1) break;
    count = blocks;
  }
}

void PrefixSum::record(VkCommandBuffer commands) const {
  for (std::size_t k = 0; k < levels_.size(); ++k) {
    scan_.dispatch(commands, levels_[k].scan_set, groups_for(levels_[k].n, kBlock), &levels_[k].n);
    compute_barrier(commands);
  }
  // Back down: level k's blocks get the scanned totals of level k + 1 (the last level is one
  // block, whose values need nothing added).
  for (std::size_t k = levels_.size(); k-- > 1;) {
    add_.dispatch(commands, levels_[k - 1].add_set, groups_for(levels_[k - 1].n, kAddGroup), &levels_[k - 1].n);
    compute_barrier(commands);
  }
}

}  // namespace meadow::gpu
