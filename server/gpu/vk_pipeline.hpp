#pragma once
// A compute pipeline from embedded SPIR-V: every binding a storage buffer (set 0, bindings 0 …
// n−1), optional push constants, and a pool from which the owner takes the descriptor sets it
// binds. Sets are made when buffers are (re)allocated, never per step.
#include <cstdint>
#include <initializer_list>
#include <span>

#include <vulkan/vulkan.h>

#include "gpu/vk_buffer.hpp"
#include "gpu/vk_context.hpp"

namespace meadow::gpu {

class ComputePipeline {
 public:
  // `bindings` storage buffers, `push_bytes` of push constants (0: none), room for `max_sets`
  // descriptor sets. Throws GpuError (e.g. pipeline creation failed).
  ComputePipeline(VulkanContext& context, std::span<const std::uint32_t> spirv, std::uint32_t bindings,
                  std::uint32_t push_bytes, std::uint32_t max_sets);
  ~ComputePipeline();
  ComputePipeline(const ComputePipeline&) = delete;
  ComputePipeline& operator=(const ComputePipeline&) = delete;

  // A descriptor set binding these buffers (whole) in order; valid while they live. Frees none:
  // reset_sets() returns them all to the pool when the buffers are replaced.
  [[nodiscard]] VkDescriptorSet make_set(std::initializer_list<const Buffer*> buffers);
  void reset_sets();

  // Binds the pipeline and set, pushes the constants and dispatches `groups` workgroups.
  void dispatch(VkCommandBuffer commands, VkDescriptorSet set, std::uint32_t groups, const void* push = nullptr) const;

 private:
  void destroy();

  VkDevice device_ = VK_NULL_HANDLE;
  std::uint32_t bindings_ = 0;
  std::uint32_t push_bytes_ = 0;
  VkShaderModule module_ = VK_NULL_HANDLE;
  VkDescriptorSetLayout set_layout_ = VK_NULL_HANDLE;
  VkPipelineLayout layout_ = VK_NULL_HANDLE;
  VkPipeline pipeline_ = VK_NULL_HANDLE;
  VkDescriptorPool pool_ = VK_NULL_HANDLE;
};

// Workgroups of `size` invocations needed to cover n items.
[[nodiscard]] constexpr std::uint32_t groups_for(std::size_t n, std::uint32_t size) {
  return static_cast<std::uint32_t>((n + size - 1) / size);
}

}  // namespace meadow::gpu
