#pragma once
// The GPU swarm's step as kernels over buffers (SPEC §2 "Neighbours, GPU"): count per cell with
// slots, prefix sum to cell starts, scatter, square sums and their running totals along each row,
// steering and the move. Owns the
// pipelines and the buffers, sized for a capacity that grows in steps (never per step). GpuSwarm
// drives it; the tests drive the stages one by one and read the buffers in between.
#include <cstddef>
#include <cstdint>
#include <memory>

#include <vulkan/vulkan.h>

#include "gpu/prefix_sum.hpp"
#include "gpu/swarm_params.hpp"
#include "gpu/vk_buffer.hpp"
#include "gpu/vk_context.hpp"
#include "gpu/vk_pipeline.hpp"

namespace meadow::gpu {

// A firefly as the kernels keep it: position and velocity in one vec4, id and flags in a uvec2.
struct GpuFirefly {
  float x, y, vx, vy;
};
struct GpuFireflyMeta {
  std::uint32_t id, flags;
};
// One workgroup's share of the measures (swarm_steer.comp MeasureGroup).
struct GpuMeasureGroup {
  std::uint32_t fireflies, seen, seeing;
  float alignment, heading_x, heading_y;
  std::uint32_t pad0, pad1;
};
static_assert(sizeof(GpuMeasureGroup) == 32);

class SwarmKernels {
 public:
  static constexpr std::uint32_t kGroup = 256;  // invocations per workgroup of every swarm kernel

  explicit SwarmKernels(VulkanContext& context);

  // Makes room for `count` fireflies and `cells` cells (buffers grow by half again when they
  // must, and the descriptor sets are made anew then); writes `params` and marks for the kernels.
  // The caller uploads the state first and sizes with params.count and params.cells.
  void prepare(const SwarmParams& params);
  [[nodiscard]] std::span<float> marks() const { return marks_.as<float>(); }

  // The fireflies live in device-local buffers (state_buffer(), meta_buffer(): positions and
  // velocities, ids and flags, in the order of the last sort), which the kernels read and write
  // at the device's speed. The host sees them through mapped staging buffers, state() and
  // meta(): it writes them and calls upload(n), or calls download(n) and reads them. Both copy
  // the first n fireflies and wait (a count change, a transit, a fallback's copy: not every step).
  [[nodiscard]] std::span<GpuFirefly> state() const { return host_state_.as<GpuFirefly>(); }
  [[nodiscard]] std::span<GpuFireflyMeta> meta() const { return host_meta_.as<GpuFireflyMeta>(); }
  void upload(std::size_t n) const;
  void download(std::size_t n) const;
  // The device's buffers, for kernels that work on the fireflies where they are (the light, the
  // leavers). Replaced when reserve() grows them (their contents kept).
  [[nodiscard]] const Buffer& state_buffer() const { return state_; }
  [[nodiscard]] const Buffer& meta_buffer() const { return meta_; }
  [[nodiscard]] std::span<const GpuMeasureGroup> measure_groups() const {
    return measures_.as<const GpuMeasureGroup>().first(groups_for(params_.count, kGroup));
  }
  // Reserves room for at least `count` fireflies (grown only, in steps).
  void reserve(std::size_t count);

  // The stages; each ends with a barrier, so they can be recorded one after another.
  void record_sort(VkCommandBuffer commands) const;        // counts → starts, sorted copies
  void record_square_sums(VkCommandBuffer commands) const;  // needs the sort; sums and row totals
  void record_steer(VkCommandBuffer commands) const;        // needs both; writes state and measures
  void record_step(VkCommandBuffer commands) const;         // all three, then a host read barrier

  // For the tests: the device buffers (read them with copy_and_wait).
  [[nodiscard]] const Buffer& starts() const { return counts_; }  // cells + 1 after the sort
  [[nodiscard]] const Buffer& sorted_state() const { return sorted_; }
  [[nodiscard]] const Buffer& sorted_meta() const { return sorted_meta_; }
  [[nodiscard]] const Buffer& square_sums() const { return square_sums_; }
  [[nodiscard]] const Buffer& square_counts() const { return square_counts_; }
  [[nodiscard]] const Buffer& row_sums() const { return row_sums_; }  // (square columns + 1) per row
  [[nodiscard]] const Buffer& row_counts() const { return row_counts_; }
  [[nodiscard]] const SwarmParams& params() const { return params_; }

 private:
  void make_sets();

  VulkanContext& context_;
  ComputePipeline count_;
  ComputePipeline scatter_;
  ComputePipeline square_sums_kernel_;
  ComputePipeline square_rows_;
  ComputePipeline steer_;
  PrefixSum scan_;

  SwarmParams params_{};
  std::size_t capacity_ = 0;  // fireflies the buffers hold
  std::size_t cell_capacity_ = 0;
  std::uint32_t scanned_cells_ = 0;  // the cell count the prefix sum is prepared for
  Buffer params_buffer_;
  Buffer marks_;
  Buffer state_;       // device-local
  Buffer meta_;
  Buffer host_state_;  // the host's mapped copies (staging)
  Buffer host_meta_;
  Buffer cell_slot_;
  Buffer sorted_;
  Buffer sorted_meta_;
  Buffer counts_;  // per cell and one more, scanned in place into the cell starts
  Buffer square_sums_;
  Buffer square_counts_;
  Buffer row_sums_;
  Buffer row_counts_;
  Buffer measures_;
  VkDescriptorSet count_set_ = VK_NULL_HANDLE;
  VkDescriptorSet scatter_set_ = VK_NULL_HANDLE;
  VkDescriptorSet square_sums_set_ = VK_NULL_HANDLE;
  VkDescriptorSet square_rows_set_ = VK_NULL_HANDLE;
  VkDescriptorSet steer_set_ = VK_NULL_HANDLE;
};

}  // namespace meadow::gpu
