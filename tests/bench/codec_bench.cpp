// Light and codec benchmarks (docs/light-codec.md "Current figures"): the light raster at a swarm
// count, and the frame codec's encode and decode time and bytes per frame on a sequence of
// flocking-like rasters. Run: meadow-bench --benchmark_filter='codec|light_raster'
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "../stream/swarm_fixture.hpp"
#include "bench_land.hpp"
#include "sim/swarm/world_size.hpp"
#include "stream/frame_codec.hpp"
#include "stream/light_raster.hpp"
#include "stream/swarm/swarm_light.hpp"

namespace {

using meadow::stream::FrameDecoder;
using meadow::stream::FrameEncoder;
using meadow::stream::LightRaster;
using Bytes = std::vector<std::uint8_t>;

// Swarm count the codec is measured at: 20,000 fireflies on 3⅓ meadows, a 480 × 270 raster.
constexpr std::size_t kCodecCount = 20000;
// Consecutive frames measured (one second at 30 frames a second).
constexpr int kCodecFrames = 30;

meadow::sim::Rect world_for(std::size_t count) {
  return meadow::bench::land_for(count, meadow::sim::kCpuFirefliesPerMeadow).world();
}

// A second of frames of a swarm, rastered once and shared by the codec benchmarks.
struct Sequence {
  meadow::stream::RasterGeometry geometry;
  std::vector<Bytes> rasters;
  std::vector<std::string> keys;
  std::vector<std::string> deltas;  // deltas[i] against rasters[i]: frame i + 1

  Sequence() {
    const meadow::sim::Rect world = world_for(kCodecCount);
    meadow::testing::SwarmFixture swarm(kCodecCount, world, 7);
    geometry = meadow::stream::light_geometry(world);
    LightRaster light;
    FrameEncoder encoder;
    for (int i = 0; i <= kCodecFrames; ++i) {
      const auto raster = meadow::stream::render_fireflies(light, swarm.view(), geometry);
      rasters.emplace_back(raster.begin(), raster.end());
      keys.push_back(encoder.encode_key(rasters.back(), geometry.width));
      if (i > 0) deltas.push_back(encoder.encode_delta(rasters[i], rasters[i - 1], geometry.width));
      swarm.advance();
    }
  }
  static const Sequence& get() {
    static const Sequence sequence;
    return sequence;
  }
};

void report(benchmark::State& state, std::size_t bytes, const Sequence& seq) {
  state.counters["bytes_per_frame"] =
      benchmark::Counter(static_cast<double>(bytes) / static_cast<double>(state.iterations()));
  state.counters["raster_bytes"] = static_cast<double>(seq.geometry.pixels() * meadow::stream::kLightChannels);
}

void codec_encode_key(benchmark::State& state) {
  const Sequence& seq = Sequence::get();
  FrameEncoder encoder;
  std::size_t bytes = 0;
  std::size_t i = 0;
  for (auto _ : state) {
    const std::string data = encoder.encode_key(seq.rasters[1 + i++ % kCodecFrames], seq.geometry.width);
    bytes += data.size();
    benchmark::DoNotOptimize(data.data());
  }
  report(state, bytes, seq);
}

void codec_encode_delta(benchmark::State& state) {
  const Sequence& seq = Sequence::get();
  FrameEncoder encoder;
  std::size_t bytes = 0;
  std::size_t i = 0;
  for (auto _ : state) {
    const std::size_t f = 1 + i++ % kCodecFrames;
    const std::string data = encoder.encode_delta(seq.rasters[f], seq.rasters[f - 1], seq.geometry.width);
    bytes += data.size();
    benchmark::DoNotOptimize(data.data());
  }
  report(state, bytes, seq);
}

void codec_decode_key(benchmark::State& state) {
  const Sequence& seq = Sequence::get();
  FrameDecoder decoder;
  Bytes out;
  std::size_t bytes = 0;
  std::size_t i = 0;
  for (auto _ : state) {
    const std::string& data = seq.keys[1 + i++ % kCodecFrames];
    decoder.decode_key(data, seq.geometry.width, std::size_t{seq.geometry.height} * meadow::stream::kLightChannels, out);
    bytes += data.size();
    benchmark::DoNotOptimize(out.data());
  }
  report(state, bytes, seq);
}

void codec_decode_delta(benchmark::State& state) {
  const Sequence& seq = Sequence::get();
  FrameDecoder decoder;
  Bytes out;
  std::size_t bytes = 0;
  std::size_t i = 0;
  for (auto _ : state) {
    const std::size_t f = i++ % kCodecFrames;
    decoder.decode_delta(seq.deltas[f], seq.rasters[f], seq.geometry.width, out);
    bytes += seq.deltas[f].size();
    benchmark::DoNotOptimize(out.data());
  }
  report(state, bytes, seq);
}

// Splat, four blur passes and the tone curve for `count` fireflies on the world that count gets,
// in the engine's cell order (light_raster) or shuffled (light_raster_shuffled: the worst case).
void light_raster_in(benchmark::State& state, bool cell_ordered) {
  const auto count = static_cast<std::size_t>(state.range(0));
  const meadow::sim::Rect world = world_for(count);
  meadow::testing::SwarmFixture swarm(count, world, 3, cell_ordered);
  const auto geometry = meadow::stream::light_geometry(world);
  LightRaster light;
  for (auto _ : state) {
    const auto image = meadow::stream::render_fireflies(light, swarm.view(), geometry);
    benchmark::DoNotOptimize(image.data());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(count));
  state.counters["raster_bytes"] = static_cast<double>(geometry.pixels());
}
void light_raster(benchmark::State& state) { light_raster_in(state, true); }
void light_raster_shuffled(benchmark::State& state) { light_raster_in(state, false); }

BENCHMARK(codec_encode_key)->Name("codec_encode/key")->Unit(benchmark::kMicrosecond);
BENCHMARK(codec_encode_delta)->Name("codec_encode/delta")->Unit(benchmark::kMicrosecond);
BENCHMARK(codec_decode_key)->Name("codec_decode/key")->Unit(benchmark::kMicrosecond);
BENCHMARK(codec_decode_delta)->Name("codec_decode/delta")->Unit(benchmark::kMicrosecond);
BENCHMARK(light_raster)->Name("light_raster")->Arg(5000)->Arg(20000)->Arg(50000)->Arg(500000)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(light_raster_shuffled)->Name("light_raster_shuffled")->Arg(500000)
    ->Unit(benchmark::kMicrosecond);

}  // namespace
