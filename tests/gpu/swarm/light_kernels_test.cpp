// The light made on the GPU (gpu/swarm/light_kernels.hpp, GpuSwarm::light) against the CPU's
// (stream::LightRaster, stream::rock_rims) from the same fireflies, on whatever Vulkan device is
// there (lavapipe in CI) with the validation layer required to stay silent. Not bit for bit: the
// GPU adds the splat in fixed point (any order gives the same sums), the CPU in floats, so the
// densities differ by rounding and a byte may land on the neighbouring tone entry or heat level.
#include "gpu/swarm/light_kernels.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <vector>

#include "gpu/swarm/gpu_swarm.hpp"
#include "gpu/swarm/swarm_kernels.hpp"
#include "gpu_fixture.hpp"
#include "sim/parallel_for.hpp"
#include "stream/light_raster.hpp"
#include "stream/swarm/swarm_light.hpp"
#include "stream/rock_rims.hpp"
#include "swarm_test_state.hpp"

namespace meadow::gpu {
namespace {

using LightKernelsTest = testing::GpuTest;

// Fireflies as the CPU's light reads them and as the kernels do (vec4 each, in a buffer).
struct Fireflies {
  std::vector<float> x, y, vx, vy;
  void add(float px, float py, float pvx, float pvy) {
    x.push_back(px);
    y.push_back(py);
    vx.push_back(pvx);
    vy.push_back(pvy);
  }
  [[nodiscard]] sim::SwarmView view() const { return {x, y, vx, vy}; }
  [[nodiscard]] Buffer upload(VulkanContext& context) const {
    Buffer buffer(context, std::max<std::size_t>(x.size(), 1) * sizeof(GpuFirefly), Memory::kShared);
    const std::span<GpuFirefly> out = buffer.as<GpuFirefly>();
    for (std::size_t i = 0; i < x.size(); ++i) out[i] = {x[i], y[i], vx[i], vy[i]};
    return buffer;
  }
};

// A swarm flocked by the CPU engine, some of it hurried (hot), and fireflies the light must skip
// or clip: beyond the margin, on it, and at non-finite positions.
Fireflies swarm_and_strays(const sim::Land& land, std::size_t count) {
  Fireflies f;
  for (const sim::CpuSwarm::Firefly& ff : testing::flocked_fireflies(7, count, land, 120)) {
    f.add(ff.position.x, ff.position.y, ff.velocity.x, ff.velocity.y);
  }
  for (std::size_t i = 0; i < f.x.size(); i += 7) f.vx[i] *= 1.8F;  // hurried: heat
  const sim::Rect w = land.world();
  constexpr float kNan = std::numeric_limits<float>::quiet_NaN();
  constexpr float kInf = std::numeric_limits<float>::infinity();
  for (const auto& [px, py] : std::vector<std::pair<float, float>>{
           {w.x - 2.0F, w.y + 100.0F}, {w.right() + 3.0F, w.y + 200.0F}, {w.x + 50.0F, w.bottom() + 15.0F},
           {w.x - 400.0F, w.y}, {kNan, 10.0F}, {10.0F, kInf}, {-kInf, kNan}}) {
    f.add(px, py, 3.0F, 0.5F);
  }
  return f;
}

struct Comparison {
  int most_intensity_difference = 0;  // bytes
  int most_heat_difference = 0;       // bytes
  double share_identical = 0.0;       // of all bytes
  float most_density_difference = 0.0F;  // fireflies per pixel
};

Comparison compare(VulkanContext& context, const LightKernels& kernels, const stream::LightRaster& cpu_light,
                   std::span<const std::uint8_t> cpu_raster, const stream::RasterGeometry& g) {
  Comparison c;
  const std::span<const std::uint8_t> gpu_raster = kernels.raster();
  EXPECT_EQ(gpu_raster.size(), cpu_raster.size());
  if (gpu_raster.size() != cpu_raster.size()) return c;
  std::size_t identical = 0;
  for (std::size_t i = 0; i < cpu_raster.size(); ++i) {
    const int d = std::abs(int{gpu_raster[i]} - int{cpu_raster[i]});
    if (d == 0) ++identical;
    int& most = i < g.pixels() ? c.most_intensity_difference : c.most_heat_difference;
    most = std::max(most, d);
  }
  c.share_identical = static_cast<double>(identical) / static_cast<double>(cpu_raster.size());
  // The blurred map itself, read back from the device.
  const LightParams& p = kernels.params();
  const std::size_t floats = 2 * std::size_t{p.padded_width} * p.padded_height;
  Buffer host(context, floats * sizeof(float), Memory::kShared);
  copy_and_wait(context, kernels.blurred(), host, floats * sizeof(float));
  const std::span<const float> map = host.as<const float>();
  for (std::uint32_t y = 0; y < g.height; ++y) {
    for (std::uint32_t x = 0; x < g.width; ++x) {
      const std::size_t at = 2 * ((std::size_t{y} + p.margin) * p.padded_width + p.margin + x);
      c.most_density_difference = std::max(c.most_density_difference, std::abs(map[at] - cpu_light.density_at(x, y)));
      c.most_density_difference = std::max(c.most_density_difference, std::abs(map[at + 1] - cpu_light.heat_at(x, y)));
    }
  }
  return c;
}

// The splat's fixed point rounds each corner's share to 1 / 65,536 of a firefly: a pixel's
// blurred density is off by at most that (the blur averages), float rounding aside.
constexpr float kDensityTolerance = 2.0F / kLightFixedScale;  // fireflies per pixel

// The largest difference between neighbouring entries of the tone table (bytes): a density that
// rounding moves across an entry's edge changes its byte by at most this. The curve is steepest
// at its foot (entry 0 → 1: 0 → 3, the faint rim of a lone firefly's blur).
int steepest_tone_step(const stream::ToneCurve& curve) {
  int most = 0;
  for (std::size_t i = 1; i < curve.table().size(); ++i) {
    most = std::max(most, std::abs(int{curve.table()[i]} - int{curve.table()[i - 1]}));
  }
  return most;
}

// The kernels' light of `fireflies` as the stream would ask it, in one submission.
void render(VulkanContext& context, LightKernels& kernels, const Buffer& fireflies, std::size_t count,
            const stream::RasterGeometry& geometry, const stream::ToneCurve& curve, std::span<const sim::Rock> rocks) {
  kernels.prepare(stream::swarm_light_request(geometry, curve, rocks), count);
  kernels.record(context.begin(), fireflies);
  context.submit_and_wait();
}

TEST_F(LightKernelsTest, TheRasterIsTheCpusWithinARoundingOfTheSplat) {
  const sim::Land land = testing::rocky_land();
  const Fireflies fireflies = swarm_and_strays(land, 6000);
  const Buffer buffer = fireflies.upload(context());
  const stream::RasterGeometry geometry = stream::light_geometry(land.world());

  stream::LightRaster cpu_light;
  const std::vector<std::uint8_t> cpu_raster = [&] {
    const std::span<const std::uint8_t> r = stream::render_fireflies(cpu_light, fireflies.view(), geometry);
    return std::vector<std::uint8_t>(r.begin(), r.end());
  }();
  LightKernels kernels(context());
  render(context(), kernels, buffer, fireflies.x.size(), geometry, cpu_light.curve(), land.rocks());

  const Comparison c = compare(context(), kernels, cpu_light, cpu_raster, geometry);
  EXPECT_LE(c.most_density_difference, kDensityTolerance);
  // One tone entry holds 8 / 4,095 fireflies a pixel, far more than the rounding, so a byte
  // differs only where a density sits on an entry's edge, and then by one step of the table
  // (steepest_tone_step: 3 at the curve's foot) or one heat level (17).
  EXPECT_LE(c.most_intensity_difference, steepest_tone_step(cpu_light.curve()));
  EXPECT_LE(c.most_heat_difference, stream::kHeatByteStep);
  EXPECT_GT(c.share_identical, 0.999);
  // And there is light to compare: the swarm lit a good part of the raster, some of it hot.
  const auto lit = std::count_if(cpu_raster.begin(), cpu_raster.begin() + static_cast<std::ptrdiff_t>(geometry.pixels()),
                                 [](std::uint8_t b) { return b > 0; });
  const auto hot = std::count_if(cpu_raster.begin() + static_cast<std::ptrdiff_t>(geometry.pixels()), cpu_raster.end(),
                                 [](std::uint8_t b) { return b > 0; });
  EXPECT_GT(lit, static_cast<long>(geometry.pixels() / 10));
  EXPECT_GT(hot, 100);
}

TEST_F(LightKernelsTest, TheRimsAreTheCpusRims) {
  sim::Land land = testing::rocky_land();
  const Fireflies fireflies = swarm_and_strays(land, 6000);
  // Rocks among the flocks: put one by each of a few fireflies, so every rock gathers light.
  for (std::size_t i = 0; i < 40 && land.rocks().size() < sim::kMaxRocks; ++i) {
    (void)land.add_rock({fireflies.x[i * 97] + 20.0F, fireflies.y[i * 97]});
  }
  const Buffer buffer = fireflies.upload(context());
  const stream::RasterGeometry geometry = stream::light_geometry(land.world());
  stream::LightRaster cpu_light;
  (void)stream::render_fireflies(cpu_light, fireflies.view(), geometry);
  const std::vector<stream::RockRim> cpu_rims = stream::firefly_rock_rims(cpu_light, geometry, land.rocks());
  LightKernels kernels(context());
  render(context(), kernels, buffer, fireflies.x.size(), geometry, cpu_light.curve(), land.rocks());
  const std::vector<stream::RockRim> gpu_rims = stream::rims_from_sums(land.rocks(), kernels.rim_sums(), cpu_light.curve());

  ASSERT_GT(cpu_rims.size(), 20U);
  // The same rocks, but for a rim at the edge of visibility that rounding may tip either way.
  std::size_t matched = 0;
  for (const stream::RockRim& cpu : cpu_rims) {
    const auto gpu = std::find_if(gpu_rims.begin(), gpu_rims.end(), [&](const auto& r) { return r.rock_id == cpu.rock_id; });
    if (gpu == gpu_rims.end()) {
      EXPECT_LE(cpu.strength, 2.0F / 255.0F) << "rock " << cpu.rock_id << " lost its rim";
      continue;
    }
    ++matched;
    EXPECT_NEAR(gpu->strength, cpu.strength, 1.0F / 255.0F) << cpu.rock_id;  // one tone step
    EXPECT_NEAR(gpu->focus, cpu.focus, 1e-3F) << cpu.rock_id;
    // The angle only means something where the light leans to one side.
    if (cpu.focus > 0.05F) {
      EXPECT_NEAR(std::remainder(gpu->angle - cpu.angle, sim::kTau), 0.0F, 1e-2F) << cpu.rock_id;
    }
  }
  EXPECT_GE(matched + 1, cpu_rims.size());
  EXPECT_LE(gpu_rims.size(), cpu_rims.size() + 1);
}

TEST_F(LightKernelsTest, NoFirefliesNoLightAndTheRasterFollowsTheWorld) {
  // An empty swarm lights nothing; then a grown world (a larger raster, the maps grow) and a
  // smaller one again, each the CPU's raster.
  LightKernels kernels(context());
  const stream::ToneCurve curve;
  const Fireflies none;
  const Buffer empty = none.upload(context());
  const stream::RasterGeometry one_meadow = stream::light_geometry({0.0F, 0.0F, 1600.0F, 900.0F});
  const sim::Land land_with_rocks = testing::rocky_land();
  render(context(), kernels, empty, 0, one_meadow, curve, land_with_rocks.rocks());
  ASSERT_EQ(kernels.raster().size(), one_meadow.pixels() * stream::kLightChannels);
  EXPECT_TRUE(std::ranges::all_of(kernels.raster(), [](std::uint8_t b) { return b == 0; }));
  EXPECT_TRUE(stream::rims_from_sums(land_with_rocks.rocks(), kernels.rim_sums(), curve).empty());

  for (const sim::Rect world : {sim::Rect{-800.0F, -450.0F, 3200.0F, 1800.0F}, sim::Rect{100.0F, 50.0F, 800.0F, 450.0F}}) {
    sim::Land land;
    land.set_world(world);
    const Fireflies fireflies = swarm_and_strays(land, 3000);
    const Buffer buffer = fireflies.upload(context());
    const stream::RasterGeometry geometry = stream::light_geometry(world);
    stream::LightRaster cpu_light;
    const std::span<const std::uint8_t> r = stream::render_fireflies(cpu_light, fireflies.view(), geometry);
    const std::vector<std::uint8_t> cpu_raster(r.begin(), r.end());
    render(context(), kernels, buffer, fireflies.x.size(), geometry, curve, {});
    const Comparison c = compare(context(), kernels, cpu_light, cpu_raster, geometry);
    EXPECT_LE(c.most_density_difference, kDensityTolerance) << world.width;
    EXPECT_LE(c.most_intensity_difference, steepest_tone_step(curve)) << world.width;
    EXPECT_GT(c.share_identical, 0.999) << world.width;
  }
}

TEST_F(LightKernelsTest, RefusesRequestsItCannotMake) {
  LightKernels kernels(context());
  const stream::ToneCurve curve;
  const stream::RasterGeometry g = stream::light_geometry({0.0F, 0.0F, 1600.0F, 900.0F});
  const sim::SwarmLightRequest good = stream::swarm_light_request(g, curve, {});
  EXPECT_NO_THROW(kernels.prepare(good, 10));
  sim::SwarmLightRequest r = good;
  r.width = 0;
  EXPECT_THROW(kernels.prepare(r, 10), std::invalid_argument);
  r = good;
  r.bounds.width = 0.0F;
  EXPECT_THROW(kernels.prepare(r, 10), std::invalid_argument);
  r = good;
  r.tone = {};
  EXPECT_THROW(kernels.prepare(r, 10), std::invalid_argument);
  r = good;
  r.blur_passes = 2;
  EXPECT_THROW(kernels.prepare(r, 10), std::invalid_argument);
  r = good;
  const std::vector<sim::RimSample> too_many(LightKernels::kRimGroup + 1);
  r.rim_samples = too_many;
  EXPECT_THROW(kernels.prepare(r, 10), std::invalid_argument);
  r = good;
  const std::vector<sim::Rock> rocks(LightKernels::kMaxRocks + 1);
  r.rocks = rocks;
  EXPECT_THROW(kernels.prepare(r, 10), std::invalid_argument);
}

// The engine as the stream uses it: after steps with a count change and transits, GpuSwarm's own
// light is the CPU's raster of its view().
TEST_F(LightKernelsTest, TheGpuSwarmsLightIsTheRasterOfItsView) {
  const sim::Land land = testing::rocky_land();
  GpuSwarm swarm(context_, 5, 4000, land);
  sim::SerialFor serial;
  const stream::RasterGeometry geometry = stream::light_geometry(land.world());
  stream::LightRaster cpu_light;
  const sim::SwarmLightRequest request = stream::swarm_light_request(geometry, cpu_light.curve(), land.rocks());
  for (int s = 0; s < 30; ++s) swarm.step(land, serial);
  swarm.resize(3000, land);  // leavers fly out over the edges
  EXPECT_EQ(swarm.light(request), nullptr) << "the device's copy is behind until the next step";
  const int most_allowed = steepest_tone_step(cpu_light.curve());
  for (int s = 0; s < 30; ++s) {
    swarm.step(land, serial);
    const sim::SwarmLightFrame* frame = swarm.light(request);
    ASSERT_NE(frame, nullptr);
    const std::span<const std::uint8_t> r = stream::render_fireflies(cpu_light, swarm.view(), geometry);
    ASSERT_EQ(frame->raster.size(), r.size());
    std::size_t identical = 0;
    int most = 0;
    for (std::size_t i = 0; i < r.size(); ++i) {
      const int d = std::abs(int{frame->raster[i]} - int{r[i]});
      identical += d == 0 ? 1 : 0;
      if (i < geometry.pixels()) most = std::max(most, d);
    }
    EXPECT_LE(most, most_allowed) << "step " << s;
    EXPECT_GT(static_cast<double>(identical) / static_cast<double>(r.size()), 0.999) << "step " << s;
    EXPECT_EQ(frame->rim_sums.size(), land.rocks().size());
  }
}

// A light the kernels cannot make answers nullptr and is thrown by the next step, so that the
// fallback moves the swarm to the CPU with the reason.
TEST_F(LightKernelsTest, AFailedLightIsThrownByTheNextStep) {
  const sim::Land land = testing::rocky_land();
  GpuSwarm swarm(context_, 5, 1000, land);
  sim::SerialFor serial;
  swarm.step(land, serial);
  const stream::ToneCurve curve;
  sim::SwarmLightRequest bad = stream::swarm_light_request(stream::light_geometry(land.world()), curve, land.rocks());
  bad.blur_passes = 3;
  EXPECT_EQ(swarm.light(bad), nullptr);
  EXPECT_THROW(swarm.step(land, serial), std::invalid_argument);
  // Said once: the step after that runs again (a FallbackSwarm would be on the CPU by then).
  EXPECT_NO_THROW(swarm.step(land, serial));
}

}  // namespace
}  // namespace meadow::gpu
