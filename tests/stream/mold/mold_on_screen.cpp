#include "mold_on_screen.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "sim/mold/cpu_mold.hpp"
#include "stream/mold/mold_light.hpp"

namespace meadow::stream::on_screen {
namespace {

// The server steps the mold once a tick (60 a second) and sends a frame every other tick (30 a
// second, app::Config::frame_rate): the light follows the trail at that pace (and takes the last
// step's trail too, should the steps be odd).
constexpr int kStepsPerFrame = 2;

// The texture coordinate of a screen pixel's centre, as WebGL's linear filter takes it: the two
// texels around it and how far between them (clamped to the edge, CLAMP_TO_EDGE).
struct Between {
  std::uint32_t low;
  std::uint32_t high;
  float toward_high;
};
Between texels_under(std::uint32_t screen_pixel, std::uint32_t screen_pixels, std::uint32_t texels) {
  const float scale = static_cast<float>(texels) / static_cast<float>(screen_pixels);
  const float t = (static_cast<float>(screen_pixel) + 0.5F) * scale - 0.5F;
  const float low = std::floor(t);
  const float last = static_cast<float>(texels - 1);
  const auto clamp = [&](float i) { return static_cast<std::uint32_t>(std::clamp(i, 0.0F, last)); };
  return Between{clamp(low), clamp(low + 1.0F), t - low};
}

// A share p of the way through sorted values, interpolated between neighbours.
double quantile(const std::vector<std::uint32_t>& sorted, double p) {
  if (sorted.empty()) return 0.0;
  const double at = p * static_cast<double>(sorted.size() - 1);
  const auto low = static_cast<std::size_t>(std::floor(at));
  const std::size_t high = std::min(low + 1, sorted.size() - 1);
  return sorted[low] + (at - static_cast<double>(low)) * (static_cast<double>(sorted[high]) - sorted[low]);
}

}  // namespace

BrightRuns bright_runs_on_screen(std::span<const std::uint8_t> raster, std::uint32_t width, std::uint32_t height,
                                 Screen screen, float bright_level) {
  if (raster.size() != static_cast<std::size_t>(width) * height || width == 0 || height == 0 ||
      static_cast<std::uint64_t>(screen.width) * 9 != static_cast<std::uint64_t>(screen.height) * 16) {
    throw std::invalid_argument("bright_runs_on_screen: a raster of width × height bytes and a 16:9 screen");
  }
  std::vector<Between> columns(screen.width);
  for (std::uint32_t x = 0; x < screen.width; ++x) columns[x] = texels_under(x, screen.width, width);
  std::vector<std::uint32_t> runs;
  std::uint64_t bright = 0;
  for (std::uint32_t y = 0; y < screen.height; ++y) {
    const Between row = texels_under(y, screen.height, height);
    const std::uint8_t* top = raster.data() + static_cast<std::size_t>(row.low) * width;
    const std::uint8_t* bottom = raster.data() + static_cast<std::size_t>(row.high) * width;
    std::uint32_t run = 0;
    for (std::uint32_t x = 0; x < screen.width; ++x) {
      const Between& c = columns[x];
      const float upper = top[c.low] + (top[c.high] - top[c.low]) * c.toward_high;
      const float lower = bottom[c.low] + (bottom[c.high] - bottom[c.low]) * c.toward_high;
      const float level = upper + (lower - upper) * row.toward_high;
      if (level >= bright_level) {
        ++run;
        ++bright;
      } else if (run > 0) {
        runs.push_back(run);
        run = 0;
      }
    }
    if (run > 0) runs.push_back(run);
  }
  std::sort(runs.begin(), runs.end());
  BrightRuns out;
  out.runs = runs.size();
  out.median_px = quantile(runs, 0.5);
  out.lower_quartile_px = quantile(runs, 0.25);
  out.upper_quartile_px = quantile(runs, 0.75);
  out.coverage = static_cast<double>(bright) / (static_cast<double>(screen.width) * screen.height);
  return out;
}

StreamedLight streamed_light(const GrownMold& mold, sim::ParallelFor& parallel) {
  sim::CpuMold engine(mold.seed, sim::map_of_width(mold.map_width), mold.settings);
  MoldLight light;
  for (int step = 1; step <= mold.steps; ++step) {
    engine.step({}, parallel);
    if (step % kStepsPerFrame == 0 || step == mold.steps) light.update(engine.trail());
  }
  sim::NetworkMeter meter;
  return StreamedLight{light.width(), light.height(), light.pixels(), meter.measure(engine.trail())};
}

}  // namespace meadow::stream::on_screen
