#pragma once
// The GPU swarm's step as kernels over buffers (docs/rules.md "The swarm · Neighbours on the GPU"):
// count per cell with slots, prefix sum to cell starts, scatter, square sums and their running
// totals along each row, steering and the move. Owns the pipelines and the buffers, sized for a
// capacity that grows in steps (never per step). GpuSwarm drives it; the tests drive the stages one
// by one and read the buffers in between.
#include <cstddef>
#include <cstdint>
#include <memory>

#include <vulkan/vulkan.h>

#include "gpu/prefix_sum.hpp"
#include "gpu/swarm/swarm_params.hpp"
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
// All the workgroups' shares added up on the device (swarm_measures_sum.comp Total).
struct GpuMeasureTotal {
  std::uint32_t fireflies, seen_lo, seen_hi, seeing;
  float alignment, heading_x, heading_y;
  std::uint32_t pad;
};
static_assert(sizeof(GpuMeasureTotal) == 32);
// What the transits' stage leaves for the host (swarm_settle.comp, swarm_compact.comp).
struct GpuTransitCounts {
  std::uint32_t kept;        // fireflies after the step: the first `kept` of the state
  std::uint32_t in_transit;  // of those, still arriving or leaving
};

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
  // After a step: its measures' sums (the steering's shares, per workgroup, added up on the
  // device: 32 bytes for the host to read, whatever the count).
  [[nodiscard]] GpuMeasureTotal measure_total() const { return measure_total_.as<const GpuMeasureTotal>()[0]; }
  // After a step with the transits' stage: how many fireflies are left, how many in transit.
  [[nodiscard]] GpuTransitCounts transit_counts() const { return transit_counts_.as<const GpuTransitCounts>()[0]; }
  // After a step: bit k set when crumb k of its params (SwarmInputs::crumbs[k]) was within
  // tool_rules::kCrumbEat of a firefly after the move.
  [[nodiscard]] std::uint64_t crumbs_reached() const;
  // Reserves room for at least `count` fireflies (grown only, in steps).
  void reserve(std::size_t count);

  // The stages; each ends with a barrier, so they can be recorded one after another.
  void record_sort(VkCommandBuffer commands) const;        // counts → starts, sorted copies
  void record_square_sums(VkCommandBuffer commands) const;  // needs the sort; sums and row totals
  // Needs both; writes the state, the crumbs reached and the measures (summed to one total).
  void record_steer(VkCommandBuffer commands) const;
  // Needs the steering (or any state): arrivals inside lose their flag, leavers far enough out
  // are removed, the rest keep their order (population::settle); transit_counts() says the rest.
  void record_settle(VkCommandBuffer commands) const;
  // Sort, sums, steering, the transits' stage if asked (only while someone is in transit), then
  // a host read barrier.
  enum class Transits : std::uint8_t { kNone, kSettle };
  void record_step(VkCommandBuffer commands, Transits transits = Transits::kNone) const;

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
  ComputePipeline measures_sum_;
  ComputePipeline settle_;
  ComputePipeline compact_;
  PrefixSum scan_;
  PrefixSum keep_scan_;  // over capacity + 1 keeps, prepared when the capacity grows

  SwarmParams params_{};
  std::size_t capacity_ = 0;  // fireflies the buffers hold
  std::size_t cell_capacity_ = 0;
  std::uint32_t scanned_cells_ = 0;  // the cell count the prefix sum is prepared for
  std::size_t scanned_keeps_ = 0;    // the keeps keep_scan_ is prepared for
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
  Buffer measures_;       // per workgroup of the steering
  Buffer measure_total_;  // GpuMeasureTotal (host-visible)
  Buffer eaten_;      // two words of crumb bits (host-visible)
  Buffer keep_;       // capacity + 1: each firefly's keep, scanned into its new place
  Buffer transit_counts_;   // GpuTransitCounts (host-visible)
  VkDescriptorSet count_set_ = VK_NULL_HANDLE;
  VkDescriptorSet scatter_set_ = VK_NULL_HANDLE;
  VkDescriptorSet square_sums_set_ = VK_NULL_HANDLE;
  VkDescriptorSet square_rows_set_ = VK_NULL_HANDLE;
  VkDescriptorSet steer_set_ = VK_NULL_HANDLE;
  VkDescriptorSet measures_sum_set_ = VK_NULL_HANDLE;
  VkDescriptorSet settle_set_ = VK_NULL_HANDLE;
  VkDescriptorSet compact_set_ = VK_NULL_HANDLE;
};

}  // namespace meadow::gpu
