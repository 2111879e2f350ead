#include "gpu/swarm/light_kernels.hpp"

#include <algorithm>
#include <cstring>
#include <limits>
#include <stdexcept>

#include "meadow_light_shaders.hpp"

namespace meadow::gpu {

namespace {
// The blur's four passes each have their own set (what they read and write differ); the other
// pipelines one.
constexpr std::uint32_t kBlurPasses = 4;
struct BlurPass {
  std::uint32_t vertical;
  std::uint32_t from_fixed;
};
constexpr std::array<BlurPass, kBlurPasses> kPasses{{{0, 1}, {1, 0}, {0, 0}, {1, 0}}};

std::size_t raster_words(const LightParams& p) { return (2 * std::size_t{p.width} * p.height + 3) / 4; }
}  // namespace

LightKernels::LightKernels(VulkanContext& context)
    : context_(context),
      splat_(context, shaders::light_splat(), 3, 0, 1),
      blur_(context, shaders::light_blur(), 3, sizeof(BlurPass), kBlurPasses),
      tone_(context, shaders::light_tone(), 4, 0, 1),
      rims_(context, shaders::light_rims(), 5, 0, 1),
      params_buffer_(context, sizeof(LightParams), Memory::kShared),
      samples_buffer_(context, kRimGroup * sizeof(sim::RimSample), Memory::kShared),
      rocks_buffer_(context, kMaxRocks * 4 * sizeof(float), Memory::kShared),
      sums_buffer_(context, kMaxRocks * sizeof(sim::RimSums), Memory::kShared) {
  static_assert(sizeof(sim::RimSample) == 4 * sizeof(float), "a rim sample is a vec4 in light_rims.comp");
  static_assert(sizeof(sim::RimSums) == 4 * sizeof(float), "a rock's sums are a vec4 in light_rims.comp");
}

LightParams make_light_params(const sim::SwarmLightRequest& request, std::size_t count) {
  LightParams p{};
  p.count = static_cast<std::uint32_t>(count);
  p.width = request.width;
  p.height = request.height;
  p.margin = request.margin;
  p.padded_width = request.width + 2 * request.margin;
  p.padded_height = request.height + 2 * request.margin;
  p.blur_radius = static_cast<std::int32_t>(request.blur_radius);
  p.box_scale = 1.0F / static_cast<float>(2 * request.blur_radius + 1);
  // As stream::LightRaster::splat: pixel centres at i + 0.5, shifted by the margin.
  p.pixels_per_unit_x = static_cast<float>(request.width) / request.bounds.width;
  p.pixels_per_unit_y = static_cast<float>(request.height) / request.bounds.height;
  p.offset_x = static_cast<float>(request.margin) - 0.5F - request.bounds.x * p.pixels_per_unit_x;
  p.offset_y = static_cast<float>(request.margin) - 0.5F - request.bounds.y * p.pixels_per_unit_y;
  p.last_x = static_cast<float>(p.padded_width - 1);
  p.last_y = static_cast<float>(p.padded_height - 1);
  p.bounds_x = request.bounds.x;
  p.bounds_y = request.bounds.y;
  p.bounds_width = request.bounds.width;
  p.bounds_height = request.bounds.height;
  p.heat_from_speed = request.heat_from_speed;
  p.heat_full_speed = request.heat_full_speed;
  p.heat_from_speed_squared = request.heat_from_speed * request.heat_from_speed;
  p.fixed_scale = kLightFixedScale;
  p.inv_fixed_scale = 1.0F / kLightFixedScale;
  p.tone_entries_per_density = request.tone_entries_per_density;
  p.tone_last_entry = static_cast<float>(request.tone.size() - 1);
  p.density_with_light = request.heat_least_light;
  p.top_heat_level = static_cast<float>(request.heat_levels - 1);
  p.heat_step = request.heat_byte_step;
  p.rocks = static_cast<std::uint32_t>(request.rocks.size());
  p.rim_samples = static_cast<std::uint32_t>(request.rim_samples.size());
  return p;
}

void LightKernels::prepare(const sim::SwarmLightRequest& request, std::size_t count) {
  if (request.width == 0 || request.height == 0) throw std::invalid_argument("the light's raster is empty");
  if (!(request.bounds.width > 0.0F && request.bounds.height > 0.0F)) {
    throw std::invalid_argument("the light's bounds are empty");
  }
  if (request.tone.empty()) throw std::invalid_argument("the light's tone table is empty");
  if (request.blur_passes != kBlurPasses) throw std::invalid_argument("the light's kernels blur in four passes");
  if (request.heat_levels < 2) throw std::invalid_argument("the light's heat needs two levels or more");
  if (request.rim_samples.size() > kRimGroup) throw std::invalid_argument("more rim samples than a rock's workgroup");
  if (request.rocks.size() > kMaxRocks) throw std::invalid_argument("more rocks than the light's kernels hold");
  if (count > std::numeric_limits<std::uint32_t>::max()) throw std::invalid_argument("too many fireflies for the light");

  const LightParams params = make_light_params(request, count);
  const std::size_t pixels = std::size_t{params.padded_width} * params.padded_height;
  if (pixels > map_capacity_) {
    // Grown to what is asked: the raster's size is bounded (stream::kLightMaxWidth × Height), so
    // it settles after the world's first growth.
    fixed_map_ = Buffer(context_, pixels * 2 * sizeof(std::uint32_t), Memory::kDevice);
    map_a_ = Buffer(context_, pixels * 2 * sizeof(float), Memory::kDevice);
    map_b_ = Buffer(context_, pixels * 2 * sizeof(float), Memory::kDevice);
    raster_ = Buffer(context_, (2 * pixels + 3) / 4 * sizeof(std::uint32_t), Memory::kShared);
    map_capacity_ = pixels;
    bound_fireflies_ = VK_NULL_HANDLE;  // the sets bind the new maps at the next record
  }
  if (!std::ranges::equal(request.tone, tone_table_)) {
    if (request.tone.size() != tone_table_.size()) {
      tone_buffer_ = Buffer(context_, request.tone.size() * sizeof(std::uint32_t), Memory::kShared);
      bound_fireflies_ = VK_NULL_HANDLE;
    }
    tone_table_.assign(request.tone.begin(), request.tone.end());
    std::ranges::copy(tone_table_, tone_buffer_.as<std::uint32_t>().begin());
  }
  const auto same_sample = [](const sim::RimSample& a, const sim::RimSample& b) {
    return a.ux == b.ux && a.uy == b.uy && a.past_edge == b.past_edge && a.weight == b.weight;
  };
  if (!std::ranges::equal(request.rim_samples, rim_samples_, same_sample)) {
    rim_samples_.assign(request.rim_samples.begin(), request.rim_samples.end());
    std::memcpy(samples_buffer_.as<sim::RimSample>().data(), rim_samples_.data(),
                rim_samples_.size() * sizeof(sim::RimSample));
  }
  const std::span<std::array<float, 4>> rocks = rocks_buffer_.as<std::array<float, 4>>();
  for (std::size_t r = 0; r < request.rocks.size(); ++r) {
    const sim::Rock& rock = request.rocks[r];
    rocks[r] = {rock.center.x, rock.center.y, rock.radius, 0.0F};
  }
  rock_count_ = request.rocks.size();
  params_ = params;
  std::memcpy(params_buffer_.as<LightParams>().data(), &params, sizeof(LightParams));
}

void LightKernels::make_sets(const Buffer& fireflies) {
  splat_.reset_sets();
  blur_.reset_sets();
  tone_.reset_sets();
  rims_.reset_sets();
  splat_set_ = splat_.make_set({&params_buffer_, &fireflies, &fixed_map_});
  blur_sets_ = {blur_.make_set({&params_buffer_, &fixed_map_, &map_a_}), blur_.make_set({&params_buffer_, &map_a_, &map_b_}),
                blur_.make_set({&params_buffer_, &map_b_, &map_a_}), blur_.make_set({&params_buffer_, &map_a_, &map_b_})};
  tone_set_ = tone_.make_set({&params_buffer_, &map_b_, &tone_buffer_, &raster_});
  rims_set_ = rims_.make_set({&params_buffer_, &map_b_, &samples_buffer_, &rocks_buffer_, &sums_buffer_});
  bound_fireflies_ = fireflies.handle();
}

void LightKernels::record(VkCommandBuffer commands, const Buffer& fireflies) {
  if (map_capacity_ == 0) throw std::logic_error("LightKernels::record before prepare");
  if (fireflies.handle() != bound_fireflies_) make_sets(fireflies);
  const std::size_t pixels = std::size_t{params_.padded_width} * params_.padded_height;
  vkCmdFillBuffer(commands, fixed_map_.handle(), 0, VK_WHOLE_SIZE, 0U);
  compute_barrier(commands);
  if (params_.count > 0) {
    splat_.dispatch(commands, splat_set_, groups_for(params_.count, kGroup));
    compute_barrier(commands);
  }
  for (std::uint32_t p = 0; p < kBlurPasses; ++p) {
    blur_.dispatch(commands, blur_sets_[p], groups_for(pixels, kGroup), &kPasses[p]);
    compute_barrier(commands);
  }
  tone_.dispatch(commands, tone_set_, groups_for(raster_words(params_), kGroup));
  if (rock_count_ > 0) rims_.dispatch(commands, rims_set_, static_cast<std::uint32_t>(rock_count_));
  host_read_barrier(commands);
}

std::span<const std::uint8_t> LightKernels::raster() const {
  if (map_capacity_ == 0) return {};
  return raster_.as<const std::uint8_t>().first(2 * std::size_t{params_.width} * params_.height);
}

std::span<const sim::RimSums> LightKernels::rim_sums() const {
  return sums_buffer_.as<const sim::RimSums>().first(rock_count_);
}

}  // namespace meadow::gpu
