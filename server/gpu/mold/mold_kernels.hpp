#pragma once
// The GPU mold's step as kernels over buffers (docs/mold.md "The model"): the agents pass (sense,
// turn, move, deposit, claim), the claims (occupancy), the feed visits and the feed, diffusion, the
// repel and, when the host asks for the map, its packing to 16 bits a cell. Owns the pipelines and
// the buffers: the map's are sized once for the engine's map, the agents' grow in steps (never per
// step). GpuMold drives it; the tests drive it through GpuMold and read the buffers.
//
// The maps, one uint32 per cell: `trail`, the map the agents sense (0 … kTrailOne), and two
// deposit maps that take turns: each step deposits into one (which starts the step equal to the
// trail), and diffusion reads it and writes the new trail and the other, the next step's deposit
// map (the model's third pass, the copy, without a pass of its own: docs/mold.md "The model").
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include <vulkan/vulkan.h>

#include "gpu/mold/mold_params.hpp"
#include "gpu/vk_buffer.hpp"
#include "gpu/vk_context.hpp"
#include "gpu/vk_pipeline.hpp"
#include "sim/mold/trail_map.hpp"

namespace meadow::gpu {

// An agent as the kernels keep it (shaders/mold/mold_common.glsl Agent): position in cells, heading in
// steps of a turn, and the cell it claims in a step with occupancy (kNoClaim between steps).
struct GpuMoldAgent {
  float x, y;
  std::uint32_t heading;
  std::uint32_t target;
};
static_assert(sizeof(GpuMoldAgent) == 16);
inline constexpr std::uint32_t kNoClaim = 0xFFFFFFFFU;
// The occupancy grid's values (shaders/mold/mold_common.glsl).
inline constexpr std::uint32_t kCellFree = 0xFFFFFFFFU;
inline constexpr std::uint32_t kCellTaken = 0U;

class MoldKernels {
 public:
  static constexpr std::uint32_t kGroup = 256;  // invocations per workgroup of every mold kernel
  // Workgroups a dispatch asks for at most: the least maxComputeWorkGroupCount[0] Vulkan
  // guarantees (16,777,216 agents would need 65,536); the kernels loop over what lies beyond.
  static constexpr std::uint32_t kMaxGroups = 65535;

  // The buffers of a `size` map (all zero: an empty map, no walls, every cell free).
  MoldKernels(VulkanContext& context, sim::MapSize size);

  [[nodiscard]] sim::MapSize size() const { return size_; }

  // The agents live in a device-local buffer; the host sees them through a mapped staging
  // buffer, agents(): it writes them and calls upload_agents(n), or calls download_agents(n) and
  // reads them. Both copy the first n and wait.
  void reserve(std::size_t count);
  [[nodiscard]] std::span<GpuMoldAgent> agents() const { return host_agents_.as<GpuMoldAgent>(); }
  void upload_agents(std::size_t n) const;
  void download_agents(std::size_t n) const;

  // The map's staging buffer (a word per cell), through which the host writes the trail, the
  // walls and the occupancy grid, each copied and waited for:
  [[nodiscard]] std::span<std::uint32_t> map_staging() const { return map_staging_.as<std::uint32_t>(); }
  void upload_trail() const;      // words 0 … kTrailOne: the trail and this step's deposit map
  void upload_walls() const;      // one byte a cell (bit 0: a wall), four to a word
  void upload_occupancy() const;  // a word a cell: kCellFree or kCellTaken
  void download_trail() const;    // the trail into the staging words (tests)

  // Writes `params` and the discs for the next record_step (waits for nothing: the caller has
  // waited for the last step); grows the discs' buffer when it must.
  void prepare(const MoldParams& params, std::span<const GpuMoldDisc> discs);
  // One step: agents, claims (with occupancy), visits and feed, diffusion, repel; then the deposit maps
  // change turns, and a host read barrier (visits() holds the step's counts after it).
  void record_step(VkCommandBuffer commands);
  // The trail, packed two cells to a word, into packed_trail() (then a host read barrier).
  void record_pack(VkCommandBuffer commands) const;
  [[nodiscard]] std::span<const std::uint16_t> packed_trail() const;
  // After a step: the feed visits of its first params().counted_feeds feed discs.
  [[nodiscard]] std::span<const std::uint32_t> visits() const;
  [[nodiscard]] const MoldParams& params() const { return params_; }

  // For tests: the device's maps (read them with copy_and_wait).
  [[nodiscard]] const Buffer& trail() const { return trail_; }
  [[nodiscard]] const Buffer& deposit_map() const { return accum_[current_]; }
  [[nodiscard]] const Buffer& occupancy() const { return occupancy_; }

 private:
  void make_sets();
  void upload_map(const Buffer& to, VkDeviceSize bytes) const;
  [[nodiscard]] static std::uint32_t groups(std::size_t n);

  VulkanContext& context_;
  sim::MapSize size_;
  ComputePipeline agents_kernel_;
  ComputePipeline claim_kernel_;
  ComputePipeline visits_kernel_;
  ComputePipeline discs_kernel_;
  ComputePipeline diffuse_kernel_;
  ComputePipeline pack_kernel_;

  MoldParams params_{};
  std::size_t capacity_ = 0;       // agents the buffers hold
  std::size_t disc_capacity_ = 0;  // discs the discs' buffer holds
  std::uint32_t current_ = 0;      // the deposit map of the next step: accum_[current_]
  Buffer params_buffer_;
  Buffer directions_;  // cos, sin of every heading (sim::mold_directions())
  Buffer agents_;      // device-local
  Buffer host_agents_;  // the host's mapped copy (staging)
  Buffer trail_;
  std::array<Buffer, 2> accum_;
  Buffer kinds_;
  Buffer occupancy_;
  Buffer discs_;   // host-visible: feed, then repel
  Buffer visits_;  // host-visible: kMaxCountedFeeds counters
  Buffer map_staging_;
  Buffer packed_;  // host-visible: the packed trail
  std::array<VkDescriptorSet, 2> agents_sets_{};  // by current_
  std::array<VkDescriptorSet, 2> claim_sets_{};
  std::array<VkDescriptorSet, 2> discs_sets_{};
  std::array<VkDescriptorSet, 2> diffuse_sets_{};
  VkDescriptorSet visits_set_ = VK_NULL_HANDLE;
  VkDescriptorSet pack_set_ = VK_NULL_HANDLE;
};

}  // namespace meadow::gpu
