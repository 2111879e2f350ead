// The video light codec (docs/light-codec.md "Video"): rasters come back within the PSNR bound, key
// frames come when they must, and a receiver sent only what VideoChain allows decodes every frame
// it gets exactly as a receiver sent everything.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "psnr.hpp"
#include "stream/light_raster.hpp"
#include "stream/video_light.hpp"
#include "swarm_fixture.hpp"
#include "stream/swarm/swarm_light.hpp"

namespace meadow::stream {
namespace {

using Bytes = std::vector<std::uint8_t>;

// The worst frame's intensity PSNR the codec is held to (docs/perf/video-light.md).
constexpr double kWorstPsnr = 45.0;  // dB

struct Planes {
  Bytes intensity;
  Bytes heat;
};

// `frames` consecutive rasters of a flocking swarm of `count` on one meadow.
std::vector<Planes> swarm_frames(std::size_t count, int frames, RasterGeometry& geometry) {
  const sim::Rect world{0.0F, 0.0F, 1600.0F, 900.0F};
  testing::SwarmFixture swarm(count, world, 3);
  geometry = light_geometry(world);
  LightRaster light;
  std::vector<Planes> out;
  for (int i = 0; i < frames; ++i) {
    const auto raster = render_fireflies(light, swarm.view(), geometry);
    const auto half = raster.begin() + static_cast<std::ptrdiff_t>(geometry.pixels());
    out.push_back({Bytes(raster.begin(), half), Bytes(half, raster.end())});
    swarm.advance();
  }
  return out;
}

std::vector<VideoLightFrame> encode_all(const std::vector<Planes>& frames, const RasterGeometry& geometry,
                                        VideoLightSettings settings = {}) {
  VideoLightEncoder encoder(settings);
  std::vector<VideoLightFrame> out;
  for (const Planes& p : frames) out.push_back(encoder.encode(p.intensity, p.heat, geometry.width, geometry.height, false));
  return out;
}

TEST(VideoLight, RoundTripKeepsEveryFrameAboveTheBound) {
  RasterGeometry geometry;
  const auto frames = swarm_frames(5000, 60, geometry);
  const auto encoded = encode_all(frames, geometry);
  VideoLightDecoder decoder;
  std::size_t bytes = 0;
  for (std::size_t i = 0; i < frames.size(); ++i) {
    const DecodedLight light = decoder.decode(encoded[i].data);
    ASSERT_EQ(light.width, geometry.width);
    ASSERT_EQ(light.height, geometry.height);
    EXPECT_GE(testing::psnr(frames[i].intensity, light.intensity), kWorstPsnr) << "frame " << i;
    // The heat comes back at half resolution as the hot light (heat × intensity), so roughly: the
    // hot light within a grey level on average, and where the light is bright (a quarter of the
    // range or more) the heat within half a heat level (measured: 0.19 and 2.2 over a minute).
    double hot_error = 0.0;
    double lit_heat_error = 0.0;
    std::size_t lit = 0;
    for (std::size_t p = 0; p < light.heat.size(); ++p) {
      const int sent = frames[i].heat[p] * frames[i].intensity[p];
      hot_error += std::abs(sent - light.heat[p] * light.intensity[p]) / 255.0;
      if (frames[i].intensity[p] >= 64) {
        lit_heat_error += std::abs(static_cast<int>(light.heat[p]) - static_cast<int>(frames[i].heat[p]));
        ++lit;
      }
    }
    EXPECT_LE(hot_error / static_cast<double>(light.heat.size()), 1.0) << "frame " << i;
    if (lit > 0) {
      EXPECT_LE(lit_heat_error / static_cast<double>(lit), kHeatByteStep / 2.0) << "frame " << i;
    }
    bytes += encoded[i].data.size();
  }
  // A twentieth of what the raw planes take, at the least.
  EXPECT_LT(bytes / frames.size(), geometry.pixels() * 2 / 20);
}

TEST(VideoLight, LayersFollowThePattern) {
  RasterGeometry geometry;
  const auto frames = swarm_frames(500, 9, geometry);
  const auto encoded = encode_all(frames, geometry);
  const std::vector<std::uint32_t> layers{0, 2, 1, 2, 0, 2, 1, 2, 0};
  for (std::size_t i = 0; i < encoded.size(); ++i) {
    EXPECT_EQ(encoded[i].layer, layers[i]) << i;
    EXPECT_EQ(encoded[i].reference, layers[i] != 2) << i;
    EXPECT_EQ(encoded[i].key, i == 0) << i;
  }
  EXPECT_EQ(video_layer_at(5, 2), 1U);
  EXPECT_EQ(video_layer_at(6, 2), 0U);
  EXPECT_EQ(video_layer_at(7, 1), 0U);
}

TEST(VideoLight, KeyFramesComeWhenAskedAtTheIntervalAndOnANewSize) {
  RasterGeometry geometry;
  const auto frames = swarm_frames(500, 12, geometry);
  VideoLightEncoder encoder({.key_interval = 5});
  std::vector<bool> keys;
  for (std::size_t i = 0; i < frames.size(); ++i) {
    keys.push_back(encoder.encode(frames[i].intensity, frames[i].heat, geometry.width, geometry.height, i == 7).key);
  }
  EXPECT_EQ(keys, (std::vector<bool>{true, false, false, false, false, true, false, true, false, false, false, false}));
  // A smaller picture starts over with a key frame the decoder takes.
  const Bytes small(64 * 36, 90);
  const VideoLightFrame frame = encoder.encode(small, {}, 64, 36, false);
  EXPECT_TRUE(frame.key);
  VideoLightDecoder decoder;
  const DecodedLight light = decoder.decode(frame.data);
  EXPECT_EQ(light.width, 64U);
  EXPECT_EQ(light.height, 36U);
  EXPECT_GE(testing::psnr(small, light.intensity), kWorstPsnr);
}

// A receiver sent every frame and one sent what a drop pattern and VideoChain leave: every frame
// the second decodes is the first's picture, bit for bit.
void expect_drops_decode_alike(const std::vector<VideoLightFrame>& encoded, const std::vector<bool>& want_to_drop) {
  VideoLightDecoder all;
  VideoLightDecoder some;
  VideoChain chain;
  int decoded = 0;
  for (std::size_t i = 0; i < encoded.size(); ++i) {
    const VideoLightFrame& f = encoded[i];
    const DecodedLight full = all.decode(f.data);
    if (want_to_drop[i] || !chain.can_send(f.key, f.layer)) {
      chain.skipped(f.key, f.layer, f.reference);
      continue;
    }
    chain.sent(f.key, f.layer);
    const DecodedLight part = some.decode(f.data);
    ASSERT_EQ(part.intensity, full.intensity) << "frame " << i;
    ASSERT_EQ(part.heat, full.heat) << "frame " << i;
    ++decoded;
  }
  EXPECT_GT(decoded, 0);
}

TEST(VideoLight, AReceiverSentFewerLayersDecodesTheSamePictures) {
  RasterGeometry geometry;
  const auto frames = swarm_frames(5000, 40, geometry);
  const auto encoded = encode_all(frames, geometry, {.key_interval = 17});
  std::vector<bool> top(encoded.size());
  std::vector<bool> upper(encoded.size());
  std::vector<bool> scattered(encoded.size());
  for (std::size_t i = 0; i < encoded.size(); ++i) {
    top[i] = encoded[i].layer == 2;
    upper[i] = encoded[i].layer >= 1;
    scattered[i] = testing::uniform(i * 7919) < 0.4F;  // any frame, layer 0 included
  }
  expect_drops_decode_alike(encoded, top);
  expect_drops_decode_alike(encoded, upper);
  expect_drops_decode_alike(encoded, scattered);
}

TEST(VideoLight, TheDecoderRefusesWhatItCannotDecode) {
  RasterGeometry geometry;
  const auto frames = swarm_frames(500, 3, geometry);
  const auto encoded = encode_all(frames, geometry);
  VideoLightDecoder decoder;
  EXPECT_THROW((void)decoder.decode(""), VideoError);
  EXPECT_THROW((void)decoder.decode("not a VP9 frame at all"), VideoError);
  EXPECT_THROW((void)decoder.decode(encoded[1].data), VideoError) << "a delta with no key before it";
  EXPECT_NO_THROW((void)decoder.decode(encoded[0].data));
  VideoLightEncoder encoder;
  const Bytes wrong(10, 0);
  EXPECT_THROW((void)encoder.encode(wrong, {}, 4, 4, false), VideoError);
}

// The figures viewer's test checks too (web-viewer/test/render/video-planes.test.ts): one rule, two
// languages. Exact planes go through and back within the rounding.
TEST(VideoLight, HotLightDividesBackIntoTheHeat) {
  const auto heat_of = [](unsigned hot, std::vector<std::uint8_t> block) {
    std::vector<std::uint8_t> heat(4);
    heat_from_hot_light([hot](std::uint32_t, std::uint32_t) { return hot; }, block, 2, 2, heat);
    EXPECT_EQ(heat[0], heat[3]);
    return int{heat[0]};
  };
  EXPECT_EQ(heat_of(30, {100, 100, 100, 100}), 77);
  EXPECT_EQ(heat_of(5, {10, 20, 30, 40}), 51);
  EXPECT_EQ(heat_of(255, {255, 255, 255, 255}), 255);
  EXPECT_EQ(heat_of(200, {100, 100, 100, 100}), 255);
  EXPECT_EQ(heat_of(1, {3, 3, 3, 3}), 0) << "too dim to divide back";
  EXPECT_EQ(heat_of(0, {0, 0, 0, 0}), 0);

  // A 3 × 3 raster: four blocks, the odd edge's pixels counted twice.
  const std::vector<std::uint8_t> intensity{200, 200, 90, 200, 200, 90, 40, 40, 2};
  const std::vector<std::uint8_t> heat{170, 170, 255, 170, 170, 255, 68, 68, 255};
  std::vector<std::uint8_t> hot(4);
  half_resolution_hot_light(intensity, heat, 3, 3, [&](std::uint32_t cx, std::uint32_t cy, std::uint8_t value) {
    hot[cy * 2 + cx] = value;
  });
  EXPECT_EQ(hot, (std::vector<std::uint8_t>{133, 90, 11, 2}));
  std::vector<std::uint8_t> back(9);
  heat_from_hot_light([&](std::uint32_t cx, std::uint32_t cy) { return unsigned{hot[cy * 2 + cx]}; }, intensity, 3, 3,
                      back);
  EXPECT_EQ(back, (std::vector<std::uint8_t>{170, 170, 255, 170, 170, 255, 70, 70, 0}));
}

// Writes `bits` bits of `value` at bit `offset` of `data`, most significant first (VP9's order).
void write_bits(std::string& data, std::size_t offset, std::size_t bits, std::uint32_t value) {
  for (std::size_t i = 0; i < bits; ++i) {
    const std::size_t at = offset + i;
    const auto mask = static_cast<char>(0x80U >> (at % 8));
    const bool set = ((value >> (bits - 1 - i)) & 1U) != 0;
    data[at / 8] = static_cast<char>(set ? (data[at / 8] | mask) : (data[at / 8] & ~mask));
  }
}

// A stream from a hostile server may declare any size: a key frame whose header says it is
// larger than any light is refused before libvpx sizes its tables for it, and the decoder goes
// on with proper frames.
TEST(VideoLight, TheDecoderRefusesAPictureLargerThanAnyLight) {
  RasterGeometry geometry;
  const auto frames = swarm_frames(500, 2, geometry);
  const auto encoded = encode_all(frames, geometry);
  // A profile-0 key frame's header: 8 bits of marker, profile and flags, a 24-bit sync code,
  // 4 bits of colour, then the width and height less one, 16 bits each.
  constexpr std::size_t kWidthBit = 8 + 24 + 4;
  constexpr std::uint32_t kHugeWidth = 1040;  // × 1024: just over kVideoMaxPixels
  constexpr std::uint32_t kHugeHeight = 1024;
  static_assert(std::size_t{kHugeWidth} * kHugeHeight > kVideoMaxPixels);
  std::string huge = encoded[0].data;
  write_bits(huge, kWidthBit, 16, kHugeWidth - 1);
  write_bits(huge, kWidthBit + 16, 16, kHugeHeight - 1);
  VideoLightDecoder decoder;
  try {
    (void)decoder.decode(huge);
    FAIL() << "a " << kHugeWidth << " × " << kHugeHeight << " picture was decoded";
  } catch (const VideoError& e) {
    EXPECT_NE(std::string(e.what()).find("declaring 1040 × 1024 pixels"), std::string::npos)
        << e.what();
  }
  EXPECT_EQ(decoder.decode(encoded[0].data).width, geometry.width);
  EXPECT_EQ(decoder.decode(encoded[1].data).width, geometry.width);
}

}  // namespace
}  // namespace meadow::stream
