#pragma once
// A few fireflies' positions gathered by id on the GPU (docs/perf/live-trails-gpu.md: the live
// trails' few hundred, SwarmEngine::gather): one invocation per firefly looks its id up in the
// short list of wanted ids (shaders/swarm/swarm_gather.comp: a filter of 8,192 bits first, which most ids
// fail, then a binary search) and writes its position into that id's slot, so the host reads back 8
// bytes a wanted firefly instead of the whole swarm. Owns the pipeline and two small host-visible
// buffers (the wanted ids, the positions), made once; the descriptor set is made anew only when the
// fireflies' buffers have been replaced (SwarmKernels::reserve grows them). Throws GpuError on any
// Vulkan failure.
#include <cstddef>
#include <cstdint>
#include <span>

#include <vulkan/vulkan.h>

#include "gpu/vk_buffer.hpp"
#include "gpu/vk_context.hpp"
#include "gpu/vk_pipeline.hpp"
#include "sim/geometry.hpp"
#include "sim/swarm/swarm_engine.hpp"

namespace meadow::gpu {

class GatherKernels {
 public:
  static constexpr std::uint32_t kGroup = 256;  // invocations per workgroup
  // The longest list of wanted ids one gather takes.
  static constexpr std::size_t kMostWanted = sim::SwarmEngine::kMostGathered;

  explicit GatherKernels(VulkanContext& context);

  // out[k] = the position (x, y) of the firefly among the first `count` of `state` (GpuFirefly
  // each) and `meta` (GpuFireflyMeta each) whose id is wanted[k], NaN on both axes when none is.
  // `wanted` ascending (repeats allowed), at most kMostWanted; `out` as long as `wanted`. Records
  // after whatever the device ran before (a barrier first), submits and waits: the caller has
  // waited for, or taken, the step in flight. Throws GpuError.
  void gather(const Buffer& state, const Buffer& meta, std::size_t count, std::span<const std::uint32_t> wanted,
              std::span<sim::Vec2> out);

 private:
  void bind(const Buffer& state, const Buffer& meta);

  VulkanContext& context_;
  ComputePipeline gather_;
  Buffer wanted_;     // the filter, then up to kMostWanted ids (host-visible, written before each submit)
  Buffer positions_;  // kMostWanted vec2 (host-visible, read after each)
  // What the set binds: a buffer is told by its handle and size (the swarm's buffers only grow,
  // so a replacement never has both the same).
  VkBuffer bound_state_ = VK_NULL_HANDLE;
  VkBuffer bound_meta_ = VK_NULL_HANDLE;
  VkDeviceSize bound_state_bytes_ = 0;
  VkDeviceSize bound_meta_bytes_ = 0;
  VkDescriptorSet set_ = VK_NULL_HANDLE;
};

}  // namespace meadow::gpu
