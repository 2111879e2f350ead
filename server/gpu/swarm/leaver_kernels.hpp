#pragma once
// The leavers of a shrinking swarm chosen on the GPU (docs/rules.md "The swarm · Count": a
// histogram of 4,096 bins of distance to the nearest edge): exactly the fireflies that
// sim::population::mark_leavers would choose, the nearest an edge with ties to the smaller id,
// without sorting the swarm. A histogram of distance to the edge says in which bin the nearest
// `leavers` end; every firefly of a lower bin leaves, and only those of that one bin go back to
// the host, which takes the nearest of them exactly as the CPU does and has the kernel mark
// them. The host reads a 16 KB histogram and a bin's worth of candidates, never the swarm.
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "gpu/vk_buffer.hpp"
#include "gpu/vk_context.hpp"
#include "gpu/vk_pipeline.hpp"
#include "sim/geometry.hpp"

namespace meadow::gpu {

class LeaverKernels {
 public:
  static constexpr std::uint32_t kBins = 4096;   // bins of distance to the edge
  static constexpr std::uint32_t kGroup = 256;   // invocations per workgroup

  explicit LeaverKernels(VulkanContext& context);

  // Flags as leaving exactly `leavers` of the first `count` fireflies of `state` (GpuFirefly
  // each) and `meta` (GpuFireflyMeta each) that are not leaving yet: those nearest an edge of
  // `world`, ties broken by the smaller id; all of them when there are fewer. Submits and waits
  // (a count change, not a step). Returns how many it flagged. Throws GpuError.
  std::size_t mark(const Buffer& state, const Buffer& meta, std::size_t count, const sim::Rect& world,
                   std::size_t leavers);

 private:
  struct Push;
  void bind(const Buffer& state, const Buffer& meta);
  void reserve_candidates(std::size_t n);

  VulkanContext& context_;
  ComputePipeline histogram_kernel_;
  ComputePipeline pick_;
  ComputePipeline mark_;
  Buffer histogram_;
  Buffer candidates_;  // a count, three pads, then (distance bits, id, index, 0) per candidate
  Buffer chosen_;      // indices the host chose from the boundary bin
  std::size_t capacity_ = 0;  // entries in candidates_ and in chosen_
  VkBuffer bound_state_ = VK_NULL_HANDLE;
  VkBuffer bound_meta_ = VK_NULL_HANDLE;
  VkDescriptorSet histogram_set_ = VK_NULL_HANDLE;
  VkDescriptorSet pick_set_ = VK_NULL_HANDLE;
  VkDescriptorSet mark_set_ = VK_NULL_HANDLE;
  std::vector<std::array<std::uint32_t, 4>> boundary_;  // the candidates, sorted on the host
};

}  // namespace meadow::gpu
