// The swarm light's exposure (stream/light_exposure.hpp): the top percent of lit
// pixels reaches the top of the ramp at every swarm size, the bulk of a flock stays below it with
// its inner structure, a lone firefly still shows, and the exposure moves smoothly.
#include "stream/light_exposure.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <span>
#include <vector>

#include "sim/land.hpp"
#include "sim/parallel_for.hpp"
#include "sim/swarm/cpu_swarm.hpp"
#include "sim/swarm/world_size.hpp"
#include "stream/light_raster.hpp"
#include "stream/swarm/swarm_light.hpp"

namespace meadow::stream {
namespace {

constexpr double kFrameSeconds = 1.0 / 30.0;

// What a viewer sees of a raster's intensity plane: the share of lit pixels in the ramp's top
// band, the median lit level, and the local contrast (mean difference between a lit pixel and
// its right-hand neighbour, in grey levels).
struct LightLook {
  double top_share = 0.0;
  int median = 0;
  double contrast = 0.0;
};

LightLook look_of(std::span<const std::uint8_t> intensity, std::uint32_t width) {
  std::vector<std::uint8_t> lit;
  double contrast = 0.0;
  std::size_t pairs = 0;
  for (std::size_t i = 0; i < intensity.size(); ++i) {
    if (intensity[i] < kExposureLitLevel) continue;
    lit.push_back(intensity[i]);
    if ((i + 1) % width != 0 && intensity[i + 1] >= kExposureLitLevel) {
      contrast += std::abs(static_cast<int>(intensity[i]) - static_cast<int>(intensity[i + 1]));
      ++pairs;
    }
  }
  LightLook look;
  if (lit.empty()) return look;
  look.top_share = static_cast<double>(std::count_if(lit.begin(), lit.end(), [](std::uint8_t v) { return v >= 250; })) /
                   static_cast<double>(lit.size());
  std::nth_element(lit.begin(), lit.begin() + static_cast<std::ptrdiff_t>(lit.size() / 2), lit.end());
  look.median = lit[lit.size() / 2];
  look.contrast = pairs == 0 ? 0.0 : contrast / static_cast<double>(pairs);
  return look;
}

struct Looks {
  LightLook fixed;     // through the old fixed curve (full at kToneFullDensity)
  LightLook followed;  // through the exposure's
  float full_density = 0.0F;
};

// The real CPU swarm, flocked for `warm_steps`, then 12 s of frames (two steps each) rendered
// through the exposure as the stream does; the last frame is judged, and the same frame through
// the fixed curve for comparison.
Looks looks_at(std::size_t count, int warm_steps) {
  sim::Land land;
  land.set_world(sim::world_for_count(count, land.meadow()));
  sim::CpuSwarm swarm(3, count, land);
  sim::SerialFor serial;
  for (int s = 0; s < warm_steps; ++s) swarm.step(land, serial);
  const RasterGeometry geometry = light_geometry(land.world());
  LightRaster raster;
  LightExposure exposure{kSwarmExposure};
  for (int frame = 0; frame < 360; ++frame) {
    swarm.step(land, serial);
    swarm.step(land, serial);
    const auto planes = render_fireflies(raster, swarm.view(), geometry);
    if (auto curve = exposure.observe(planes.first(geometry.pixels()), raster.curve(), kFrameSeconds)) {
      raster.set_curve(*curve);
    }
  }
  Looks looks;
  looks.full_density = exposure.full_density();
  looks.followed = look_of(render_fireflies(raster, swarm.view(), geometry).first(geometry.pixels()), geometry.width);
  LightRaster fixed;
  looks.fixed = look_of(render_fireflies(fixed, swarm.view(), geometry).first(geometry.pixels()), geometry.width);
  std::printf("[exposure] %zu fireflies: full at %.2f a pixel; top band %.2f %% (fixed curve %.2f %%), median lit %d "
              "(%d), contrast %.2f (%.2f)\n",
              count, looks.full_density, 100.0 * looks.followed.top_share, 100.0 * looks.fixed.top_share,
              looks.followed.median, looks.fixed.median, looks.followed.contrast, looks.fixed.contrast);
  return looks;
}

void expect_hot_spots_and_a_soft_cloud(const Looks& l) {
  // About the top percent of lit pixels at the top of the ramp (the smoothing and the 2 % steps
  // leave it between a third and three times that).
  EXPECT_GE(l.followed.top_share, 0.003);
  EXPECT_LE(l.followed.top_share, 0.03);
  // The bulk stays a cloud well below the top, with structure inside.
  EXPECT_LE(l.followed.median, 200);
  EXPECT_GE(l.followed.contrast, 2.0);
}

TEST(LightExposure, TheDefaultSwarmGetsHotSpotsItNeverHadWithTheFixedCurve) {
  const Looks l = looks_at(5000, 600);
  EXPECT_LT(l.fixed.top_share, 0.001) << "the fixed curve's flocks never reached the top";
  expect_hot_spots_and_a_soft_cloud(l);
  EXPECT_GT(l.followed.contrast, l.fixed.contrast) << "the range used is the structure seen";
}

TEST(LightExposure, AGrownSwarmGetsTheSameLook) {
  const Looks l = looks_at(60'000, 300);
  expect_hot_spots_and_a_soft_cloud(l);
}

TEST(LightExposure, ALoneFireflyStillShowsAtTheDarkestExposure) {
  // A lone firefly peaks near 0.04 a pixel after the blur (tone_curve.hpp).
  const ToneCurve darkest(kSwarmExposure.most_full_density);
  EXPECT_GE(darkest(0.04F), kExposureLitLevel);
  // And in a real raster beside a dense flock, once the exposure has followed the flock.
  std::vector<sim::CpuSwarm::Firefly> fireflies;
  for (int i = 0; i < 3000; ++i) {
    const float a = static_cast<float>(i) * 2.399963F;  // a tight sunflower of 3,000
    const float r = 0.9F * std::sqrt(static_cast<float>(i));
    fireflies.push_back({400.0F + r * std::cos(a), 450.0F + r * std::sin(a), 2.0F, 0.0F});
  }
  fireflies.push_back({1200.0F, 450.0F, 2.0F, 0.0F});
  sim::Land land;
  sim::CpuSwarm swarm(3, fireflies);
  const RasterGeometry geometry = light_geometry(land.world());
  LightRaster raster;
  LightExposure exposure{kSwarmExposure};
  for (int frame = 0; frame < 600; ++frame) {
    const auto planes = render_fireflies(raster, swarm.view(), geometry);
    if (auto curve = exposure.observe(planes.first(geometry.pixels()), raster.curve(), kFrameSeconds)) {
      raster.set_curve(*curve);
    }
  }
  const auto planes = render_fireflies(raster, swarm.view(), geometry);
  const auto px = static_cast<std::uint32_t>(1200.0F / land.world().width * static_cast<float>(geometry.width));
  const auto py = static_cast<std::uint32_t>(450.0F / land.world().height * static_cast<float>(geometry.height));
  std::uint8_t peak = 0;
  for (std::uint32_t y = py - 2; y <= py + 2; ++y) {
    for (std::uint32_t x = px - 2; x <= px + 2; ++x) peak = std::max(peak, planes[y * geometry.width + x]);
  }
  std::printf("[exposure] a flock of 3,000: full at %.2f a pixel; the lone firefly peaks at %d\n",
              exposure.full_density(), peak);
  const std::uint8_t brightest = *std::max_element(planes.begin(), planes.begin() + static_cast<std::ptrdiff_t>(geometry.pixels()));
  EXPECT_GE(brightest, 250) << "the exposure followed the flock: its core burns at the top";
  EXPECT_GE(peak, kExposureLitLevel);
}

TEST(LightExposure, FollowsSmoothlyAndRebuildsTheCurveOnlyInSteps) {
  // A light that jumps from sparse to dense: the exposure glides over seconds, never more than a
  // few percent a frame, and the curve changes only when it has moved by kExposureStep.
  std::vector<std::uint8_t> raster(1000, 0);
  ToneCurve curve;
  LightExposure exposure{kSwarmExposure};
  auto light_at = [&](float density) {
    for (std::size_t i = 0; i < raster.size(); ++i) raster[i] = curve(density * static_cast<float>(i % 100) / 100.0F);
  };
  double last = exposure.full_density();
  int settled_rebuilds = 0;  // in the last 50 frames of each light (20 s each)
  for (int frame = 0; frame < 1200; ++frame) {
    light_at(frame < 600 ? 1.0F : 20.0F);
    if (auto next = exposure.observe(raster, curve, kFrameSeconds)) {
      EXPECT_NEAR(next->full_density(), exposure.full_density(), 1e-3F * exposure.full_density());
      curve = *next;
      if (frame % 600 >= 550) ++settled_rebuilds;
    }
    const double now = exposure.full_density();
    EXPECT_LT(std::abs(std::log(now / last)), 0.05) << "frame " << frame;
    last = now;
  }
  EXPECT_NEAR(exposure.full_density(), 19.8F, 2.0F) << "the top percent of a ramp to 20";
  EXPECT_EQ(settled_rebuilds, 0) << "a settled light keeps its curve (a new one only every 2 %)";
  // A raster with nothing lit leaves it be.
  std::fill(raster.begin(), raster.end(), 0);
  EXPECT_FALSE(exposure.observe(raster, curve, 10.0).has_value());
  EXPECT_NEAR(exposure.full_density(), last, 1e-6);
}

TEST(LightExposure, StaysWithinItsRange) {
  LightExposure exposure{kSwarmExposure};
  const ToneCurve curve;
  std::vector<std::uint8_t> faint(100, kExposureLitLevel);
  for (int i = 0; i < 2000; ++i) (void)exposure.observe(faint, curve, 1.0);
  EXPECT_FLOAT_EQ(exposure.full_density(), kSwarmExposure.least_full_density);
  std::vector<std::uint8_t> white(100, 255);
  ToneCurve following(exposure.full_density());
  for (int i = 0; i < 2000; ++i) {
    if (auto next = exposure.observe(white, following, 1.0)) following = *next;
  }
  EXPECT_FLOAT_EQ(exposure.full_density(), kSwarmExposure.most_full_density);
}

}  // namespace
}  // namespace meadow::stream
