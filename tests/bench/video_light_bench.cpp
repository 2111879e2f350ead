// The video light codec on recorded frames of the real swarm (docs/perf/video-light.md): bytes a
// frame, PSNR of the intensity plane (mean and worst frame) and encode time, beside the zstd
// codec's bytes for the same frames. The recording is the CPU engine from a fixed seed (bit for bit
// the same frames on every machine: docs/durability.md), flocking, then scattered by a predator
// dragged through the middle for a third of the run, then flocking again. Run: meadow-bench
// --benchmark_filter=video_light
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <cstdint>
#include <map>
#include <string>
#include <memory>
#include <vector>

#include "../stream/psnr.hpp"
#include "app/worker_pool.hpp"
#include "bench_land.hpp"
#include "sim/meadow.hpp"
#include "sim/swarm/cpu_swarm.hpp"
#include "sim/swarm/swarm_world.hpp"
#include "sim/swarm/world_size.hpp"
#include "stream/frame_codec.hpp"
#include "stream/light_raster.hpp"
#include "stream/video_light.hpp"
#include "support/meadow_worlds.hpp"
#include "stream/swarm/swarm_light.hpp"

namespace {

using namespace meadow;
using Bytes = std::vector<std::uint8_t>;

constexpr int kWarmTicks = 120;
constexpr int kTicksPerFrame = 2;   // 60 ticks, 30 frames a second
constexpr double kFramesPerSecond = 30.0;

struct Recording {
  stream::RasterGeometry geometry;
  std::vector<Bytes> intensity;
  std::vector<Bytes> heat;
  std::size_t zstd_bytes = 0;  // the zstd codec's deltas over the same frames
};

// Frames of `count` fireflies: a minute at 5,000, less at larger counts (the CPU steps them).
int frames_for(std::size_t count) {
  if (count <= 5000) return 1800;
  if (count <= 50000) return 450;
  return 120;
}

Recording record(std::size_t count) {
  const sim::Land land = bench::land_for(count, sim::kCpuFirefliesPerMeadow);
  auto m = testing::meadow_with(11, std::make_unique<sim::CpuSwarm>(11, count, land));
  app::WorkerPool pool(2);
  for (int i = 0; i < kWarmTicks; ++i) m->step(pool);
  const sim::Rect world = land.world();
  Recording r;
  r.geometry = stream::light_geometry(world);
  stream::LightRaster light;
  stream::FrameEncoder zstd;
  const int frames = frames_for(count);
  Bytes previous;
  for (int f = 0; f < frames; ++f) {
    // The predator: down a third of the way in, round the middle for a third, then up.
    const float t = static_cast<float>(f) / static_cast<float>(frames);
    const sim::Vec2 at{world.x + world.width * (0.5F + 0.25F * std::cos(9.0F * t)),
                       world.y + world.height * (0.5F + 0.25F * std::sin(9.0F * t))};
    std::optional<sim::PointerPhase> phase;
    if (f == frames / 3) phase = sim::PointerPhase::down;
    if (f > frames / 3 && f < 2 * frames / 3) phase = sim::PointerPhase::move;
    if (f == 2 * frames / 3) phase = sim::PointerPhase::up;
    if (phase) {
      sim::Action action{1, 0, sim::PredatorPointer{*phase, at}, sim::WorldKind::swarm};
      (void)m->apply(action);
    }
    for (int i = 0; i < kTicksPerFrame; ++i) m->step(pool);
    const auto& swarm = static_cast<const sim::SwarmWorld&>(*m->world(sim::WorldKind::swarm));
    const auto raster = stream::render_fireflies(light, swarm.swarm().view(), r.geometry);
    const auto half = raster.begin() + static_cast<std::ptrdiff_t>(r.geometry.pixels());
    if (!previous.empty()) r.zstd_bytes += zstd.encode_delta(raster, previous, r.geometry.width).size();
    previous.assign(raster.begin(), raster.end());
    r.intensity.emplace_back(raster.begin(), half);
    r.heat.emplace_back(half, raster.end());
  }
  return r;
}

// With MEADOW_VIDEO_DUMP=FOLDER set, a recording is also written there as raw 4:2:0 video
// (light_<count>_<width>x<height>.yuv: intensity as luma, heat as the first chroma plane, as the
// encoder takes them), so other encoders can be measured on the same frames (docs/perf/video-light.md).
void dump(const Recording& r, std::size_t count) {
  const char* folder = std::getenv("MEADOW_VIDEO_DUMP");
  if (folder == nullptr) return;
  const std::uint32_t w = r.geometry.width;
  const std::uint32_t h = r.geometry.height;
  const std::string path = std::string(folder) + "/light_" + std::to_string(count) + "_" + std::to_string(w) + "x" +
                           std::to_string(h) + ".yuv";
  std::ofstream out(path, std::ios::binary);
  const std::uint32_t cw = (w + 1) / 2;
  std::vector<char> u(std::size_t{cw} * ((h + 1) / 2));
  const std::vector<char> v(u.size(), static_cast<char>(128));
  for (std::size_t f = 0; f < r.intensity.size(); ++f) {
    out.write(reinterpret_cast<const char*>(r.intensity[f].data()), static_cast<std::streamsize>(r.intensity[f].size()));
    stream::half_resolution_hot_light(r.intensity[f], r.heat[f], w, h, [&](std::uint32_t x, std::uint32_t y, std::uint8_t value) {
      u[std::size_t{y} * cw + x] = static_cast<char>(value);
    });
    out.write(u.data(), static_cast<std::streamsize>(u.size()));
    out.write(v.data(), static_cast<std::streamsize>(v.size()));
  }
}

const Recording& recording(std::size_t count) {
  static std::map<std::size_t, Recording> recordings;
  auto it = recordings.find(count);
  if (it == recordings.end()) {
    it = recordings.emplace(count, record(count)).first;
    dump(it->second, count);
  }
  return it->second;
}

// How far the decoded heat is from the raster's, in grey levels: `hot`, the mean error of the hot
// light (heat × intensity / 255, what shows as colour) over every pixel; `lit_heat`, the mean
// error of the heat (the share) over the pixels lit at least a quarter.
struct HeatErrors {
  double hot = 0.0;
  double lit_heat = 0.0;
};
constexpr int kLitIntensity = 64;

HeatErrors heat_errors(const std::vector<std::uint8_t>& intensity, const std::vector<std::uint8_t>& heat,
                       const stream::DecodedLight& light) {
  double hot = 0.0;
  double lit = 0.0;
  std::size_t lit_pixels = 0;
  for (std::size_t p = 0; p < heat.size(); ++p) {
    hot += std::abs(heat[p] * intensity[p] - light.heat[p] * light.intensity[p]) / 255.0;
    if (intensity[p] >= kLitIntensity) {
      lit += std::abs(static_cast<int>(heat[p]) - static_cast<int>(light.heat[p]));
      ++lit_pixels;
    }
  }
  return {hot / static_cast<double>(heat.size()), lit_pixels == 0 ? 0.0 : lit / static_cast<double>(lit_pixels)};
}

// Encodes the whole recording with `settings`, decodes it, and reports.
void video_light(benchmark::State& state, std::size_t count, stream::VideoLightSettings settings) {
  const Recording& r = recording(count);
  const auto frames = r.intensity.size();
  for (auto _ : state) {
    stream::VideoLightEncoder encoder(settings);
    stream::VideoLightDecoder decoder;
    std::size_t bytes = 0;
    std::size_t key_bytes = 0;
    double encode_seconds = 0.0;
    double worst_encode = 0.0;
    double psnr_sum = 0.0;
    double psnr_worst = testing::kPsnrIdentical;
    double hot_error_sum = 0.0;
    double lit_heat_error_sum = 0.0;
    for (std::size_t i = 0; i < frames; ++i) {
      const auto start = std::chrono::steady_clock::now();
      const stream::VideoLightFrame frame =
          encoder.encode(r.intensity[i], r.heat[i], r.geometry.width, r.geometry.height, false);
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      encode_seconds += seconds;
      worst_encode = std::max(worst_encode, seconds);
      bytes += frame.data.size();
      if (frame.key) key_bytes = std::max(key_bytes, frame.data.size());
      const stream::DecodedLight light = decoder.decode(frame.data);
      const double p = testing::psnr(r.intensity[i], light.intensity);
      psnr_sum += p;
      psnr_worst = std::min(psnr_worst, p);
      const HeatErrors e = heat_errors(r.intensity[i], r.heat[i], light);
      hot_error_sum += e.hot;
      lit_heat_error_sum += e.lit_heat;
    }
    const double n = static_cast<double>(frames);
    state.counters["bytes_per_frame"] = static_cast<double>(bytes) / n;
    state.counters["kbit_per_s"] = static_cast<double>(bytes) / n * 8.0 * kFramesPerSecond / 1000.0;
    state.counters["key_bytes"] = static_cast<double>(key_bytes);
    state.counters["zstd_bytes_per_frame"] = static_cast<double>(r.zstd_bytes) / (n - 1.0);
    state.counters["psnr_mean_db"] = psnr_sum / n;
    state.counters["psnr_worst_db"] = psnr_worst;
    state.counters["hot_error"] = hot_error_sum / n;
    state.counters["lit_heat_error"] = lit_heat_error_sum / n;
    state.counters["encode_ms"] = encode_seconds / n * 1000.0;
    state.counters["encode_worst_ms"] = worst_encode * 1000.0;
    state.counters["frames"] = n;
    state.counters["width"] = r.geometry.width;
    state.counters["height"] = r.geometry.height;
  }
}

void register_all() {
  for (const std::size_t count : {5000UL, 50000UL, 500000UL}) {
    const std::string n = std::to_string(count);
    benchmark::RegisterBenchmark(("video_light/" + n).c_str(),
                                 [count](benchmark::State& s) { video_light(s, count, {}); })
        ->Iterations(1)->Unit(benchmark::kMillisecond);
    // The same without temporal layers: what the layers cost.
    benchmark::RegisterBenchmark(("video_light/" + n + "/layers:1").c_str(),
                                 [count](benchmark::State& s) { video_light(s, count, {.layers = 1}); })
        ->Iterations(1)->Unit(benchmark::kMillisecond);
    for (const int quality : {16, 32}) {
      benchmark::RegisterBenchmark(("video_light/" + n + "/quality:" + std::to_string(quality)).c_str(),
                                   [count, quality](benchmark::State& s) { video_light(s, count, {.quality = quality}); })
          ->Iterations(1)->Unit(benchmark::kMillisecond);
    }
  }
}
const int registered = (register_all(), 0);

}  // namespace
