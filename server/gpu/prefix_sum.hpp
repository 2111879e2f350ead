#pragma once
// The parallel exclusive prefix sum (docs/gpu.md, step 2): blocks of 1,024 values scanned by one
// workgroup each (shaders/scan_blocks.comp), the block totals scanned the same way, level by level
// until one block holds them, then added back level by level (scan_add.comp). Every level is its
// own dispatch, so no workgroup ever waits on another (no reliance on forward progress between
// workgroups, which Vulkan does not promise).
#include <cstddef>
#include <cstdint>
#include <vector>

#include <vulkan/vulkan.h>

#include "gpu/vk_buffer.hpp"
#include "gpu/vk_context.hpp"
#include "gpu/vk_pipeline.hpp"

namespace meadow::gpu {

class PrefixSum {
 public:
  static constexpr std::uint32_t kBlock = 1024;  // values per workgroup (256 invocations × 4)

  explicit PrefixSum(VulkanContext& context);

  // Gets ready to scan the first n uint32 values of `data` in place: the totals of every level
  // and the descriptor sets. Call again when `data` or n changes (not per step).
  void prepare(const Buffer& data, std::size_t n);
  // Records the scan; the caller puts a compute barrier before it (after whatever wrote `data`)
  // and one after it.
  void record(VkCommandBuffer commands) const;

 private:
  struct Level {
    std::uint32_t n = 0;        // values scanned at this level
    Buffer totals;              // one per block of this level: the next level's values
    VkDescriptorSet scan_set = VK_NULL_HANDLE;
    VkDescriptorSet add_set = VK_NULL_HANDLE;
  };

  VulkanContext& context_;
  ComputePipeline scan_;
  ComputePipeline add_;
  std::vector<Level> levels_;
};

}  // namespace meadow::gpu
