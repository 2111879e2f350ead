#pragma once
// The swarm's light as kernels (docs/rules.md "The swarm · Light", docs/gpu.md): the fireflies
// splatted into a density map with fixed-point atomic adds, blurred in four box passes, shown
// through the tone table as the two planes the stream sends (intensity, heat), and the rocks' rim
// light gathered from the blurred map, one workgroup per rock. Only the raster's bytes and four
// floats a rock cross back to the host; the fireflies never do.
//
// The rules are the stream's (stream::LightRaster, stream::rock_rims): every number comes with the
// request (sim::SwarmLightRequest, filled by stream::swarm_light_request), none is written here or in
// the shaders. Owns the pipelines and buffers; the maps grow with the raster, never per frame.
// Throws GpuError on any Vulkan failure.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include <vulkan/vulkan.h>

#include "gpu/vk_buffer.hpp"
#include "gpu/vk_context.hpp"
#include "gpu/vk_pipeline.hpp"
#include "sim/swarm/swarm_light.hpp"

namespace meadow::gpu {

// What the light's kernels read (shaders/light_common.glsl, `Params`):
// - count: fireflies to splat (the first `count` of the buffer given to record());
// - padded_width, padded_height: the maps, the raster plus `margin` pixels on every side;
//   width, height: the raster that is sent;
// - blur_radius (pixels) and box_scale (1 / (2 · radius + 1)): each box pass;
// - pixels_per_unit_*, offset_*: world → grid coordinate of the padded map (a firefly's light
//   falls on pixels floor(g) and floor(g) + 1); last_*: the last grid coordinate splatted;
// - bounds_*: the world rectangle of the raster (the rims' world → pixel);
// - heat_from_speed, heat_full_speed (units a step) and the first squared: firefly_heat;
// - fixed_scale, inv_fixed_scale: fixed-point units per firefly in the splat (kLightFixedScale);
// - tone_entries_per_density, tone_last_entry: the tone table's index; density_with_light: below
//   it a pixel's heat is 0; top_heat_level, heat_step: the heat's levels and bytes per level;
// - rocks: rocks in the list; rim_samples: entries of the rim table (≤ kRimGroup).
struct LightParams {
  using uint = std::uint32_t;
#include "../../../shaders/light_params.inc"
};
static_assert(sizeof(LightParams) == 30 * 4, "keep in step with Params in shaders/light_common.glsl");

// Fixed-point units per firefly of light in the splat: precise to 1.5e-5 of a firefly per
// pixel corner (the blur then averages 25 of them), and room for 65,535 fireflies' light in one
// pixel before the sum wraps: far beyond the densest flock at the GPU's 48,000 a meadow.
inline constexpr float kLightFixedScale = 65536.0F;

// The kernels' parameters for `count` fireflies (the request must be one prepare() accepts).
[[nodiscard]] LightParams make_light_params(const sim::SwarmLightRequest& request, std::size_t count);

class LightKernels {
 public:
  static constexpr std::uint32_t kGroup = 256;     // invocations per workgroup (splat, blur, tone)
  static constexpr std::uint32_t kRimGroup = 128;  // invocations per rock: the most rim samples
  static constexpr std::size_t kMaxRocks = 48;     // sim::kMaxRocks (checked in app/gpu_light.cpp)

  explicit LightKernels(VulkanContext& context);

  // The light of `count` fireflies as `request` asks, for the next record(): writes the
  // parameters, the rocks and (when they changed) the tone table and rim samples; grows the maps
  // when the raster is larger than any before. Throws std::invalid_argument for a request the
  // kernels cannot make: an empty raster or tone table, not four blur passes, more rim samples
  // than kRimGroup or more rocks than kMaxRocks.
  void prepare(const sim::SwarmLightRequest& request, std::size_t count);
  // Records the light of params.count fireflies of `fireflies` (vec4 x, y, vx, vy each), then a
  // host read barrier: after the submission, raster() and rim_sums() hold the frame.
  void record(VkCommandBuffer commands, const Buffer& fireflies);

  // The two planes, width × height bytes each, intensity then heat.
  [[nodiscard]] std::span<const std::uint8_t> raster() const;
  // What each rock of the last prepare() gathered.
  [[nodiscard]] std::span<const sim::RimSums> rim_sums() const;
  // For tests: the blurred map (padded, two floats a pixel) after the four passes.
  [[nodiscard]] const Buffer& blurred() const { return map_b_; }
  [[nodiscard]] const LightParams& params() const { return params_; }

 private:
  void make_sets(const Buffer& fireflies);

  VulkanContext& context_;
  ComputePipeline splat_;
  ComputePipeline blur_;
  ComputePipeline tone_;
  ComputePipeline rims_;
  LightParams params_{};
  std::size_t map_capacity_ = 0;    // pixels of the padded map the buffers hold
  std::vector<std::uint8_t> tone_table_;      // the table in tone_buffer_
  std::vector<sim::RimSample> rim_samples_;   // the samples in samples_buffer_
  std::size_t rock_count_ = 0;
  VkBuffer bound_fireflies_ = VK_NULL_HANDLE;  // the buffer the splat's set binds
  Buffer params_buffer_;
  Buffer tone_buffer_;
  Buffer samples_buffer_;
  Buffer rocks_buffer_;
  Buffer sums_buffer_;
  Buffer fixed_map_;
  Buffer map_a_;
  Buffer map_b_;
  Buffer raster_;
  VkDescriptorSet splat_set_ = VK_NULL_HANDLE;
  std::array<VkDescriptorSet, 4> blur_sets_{};
  VkDescriptorSet tone_set_ = VK_NULL_HANDLE;
  VkDescriptorSet rims_set_ = VK_NULL_HANDLE;
};

}  // namespace meadow::gpu
