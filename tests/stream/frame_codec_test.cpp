#include "stream/frame_codec.hpp"

#include <gtest/gtest.h>
#include <zstd.h>

#include <vector>

#include "stream/light_raster.hpp"
#include "swarm_fixture.hpp"
#include "stream/swarm/swarm_light.hpp"

namespace meadow::stream {
namespace {

using Bytes = std::vector<std::uint8_t>;
constexpr std::size_t kWidth = 400;
constexpr std::size_t kHeight = 225;
constexpr std::size_t kPixels = kWidth * kHeight;

Bytes random_raster(std::uint64_t seed, std::size_t n = kPixels) {
  Bytes out(n);
  for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<std::uint8_t>(testing::mix(seed * n + i));
  return out;
}

// The zstd payload of a frame, decompressed with plain zstd (what fzstd does in the browser).
Bytes zstd_payload(const std::string& data) {
  const unsigned long long size = ZSTD_getFrameContentSize(data.data(), data.size());
  Bytes out(static_cast<std::size_t>(size));
  EXPECT_EQ(ZSTD_decompress(out.data(), out.size(), data.data(), data.size()), out.size());
  return out;
}

TEST(FrameCodec, KeyFramesRoundTrip) {
  FrameEncoder enc;
  FrameDecoder dec;
  for (const Bytes& raster : {random_raster(1), random_raster(2), Bytes(kPixels, 0),
                              Bytes(kPixels, 255)}) {
    const std::string data = enc.encode_key(raster, kWidth);
    Bytes out;
    dec.decode_key(data, kWidth, kHeight, out);
    EXPECT_EQ(out, raster);
  }
  // Odd shapes: one row, one column, one byte, nothing.
  for (auto [row, rows] : {std::pair<std::size_t, std::size_t>{kPixels, 1}, {1, 500}, {1, 1}, {4, 0}}) {
    const Bytes raster = random_raster(row + rows, row * rows);
    Bytes out;
    dec.decode_key(enc.encode_key(raster, row), row, rows, out);
    EXPECT_EQ(out, raster) << row << "x" << rows;
  }
}

TEST(FrameCodec, DeltaFramesRoundTrip) {
  FrameEncoder enc;
  FrameDecoder dec;
  const std::vector<Bytes> rasters{random_raster(3), random_raster(4), Bytes(kPixels, 0),
                                   Bytes(kPixels, 255), random_raster(5)};
  for (const Bytes& base : rasters) {
    for (const Bytes& raster : rasters) {
      const std::string data = enc.encode_delta(raster, base, kWidth);
      Bytes out;
      dec.decode_delta(data, base, kWidth, out);
      EXPECT_EQ(out, raster);
    }
  }
}

TEST(FrameCodec, PayloadIsTheDocumentedRowPredictorOfTheResidual) {
  // Pins the definition the browser implements (docs/light-codec.md), on a 2 × 2 raster.
  FrameEncoder enc;
  const Bytes base{0, 255, 10, 200};
  const Bytes raster{255, 0, 10, 100};
  // Key: first row as is, then (R[i] − R[i − 2]) mod 256.
  EXPECT_EQ(zstd_payload(enc.encode_key(raster, 2)), (Bytes{255, 0, 11, 100}));
  // Delta: R = (raster − base) mod 256 = {255, 1, 0, 156}; P = {255, 1, 0 − 255, 156 − 1}.
  EXPECT_EQ(zstd_payload(enc.encode_delta(raster, base, 2)), (Bytes{255, 1, 1, 155}));
}

TEST(FrameCodec, SwarmSequenceRoundTripsAndCompresses) {
  FrameEncoder enc;
  FrameDecoder dec;
  const sim::Rect meadow{0, 0, 1600, 900};
  testing::SwarmFixture swarm(6000, meadow, 11);
  LightRaster light;
  const RasterGeometry g = light_geometry(meadow);
  Bytes previous;
  Bytes decoded;  // the viewer's copy, updated only through the codec
  std::size_t key_bytes = 0;
  std::size_t delta_bytes = 0;
  constexpr int kFrames = 30;
  const std::size_t row = g.width;  // the planes (intensity, heat) stacked
  const std::size_t rows = std::size_t{g.height} * kLightChannels;
  for (int frame = 0; frame < kFrames; ++frame) {
    const auto raster = render_fireflies(light, swarm.view(), g);
    const Bytes current(raster.begin(), raster.end());
    const std::string key = enc.encode_key(current, row);
    key_bytes += key.size();
    Bytes from_key;
    dec.decode_key(key, row, rows, from_key);
    ASSERT_EQ(from_key, current);
    if (!previous.empty()) {
      const std::string delta = enc.encode_delta(current, previous, row);
      delta_bytes += delta.size();
      dec.decode_delta(delta, decoded, row, decoded);  // in place, as a viewer would
      ASSERT_EQ(decoded, current) << "frame " << frame;
    } else {
      decoded = from_key;
    }
    previous = current;
    swarm.advance();
  }
  EXPECT_LT(key_bytes / kFrames, row * rows / 4);  // a soft glow compresses well
  EXPECT_LT(delta_bytes / (kFrames - 1), key_bytes / kFrames);
}

TEST(FrameCodec, MismatchedShapesAreRefused) {
  FrameEncoder enc;
  EXPECT_THROW((void)enc.encode_delta(Bytes(10, 1), Bytes(9, 1), 10), CodecError);
  EXPECT_THROW((void)enc.encode_key(Bytes(10, 1), 3), CodecError);
  EXPECT_THROW((void)enc.encode_key(Bytes(10, 1), 0), CodecError);
  EXPECT_THROW((void)enc.encode_key(Bytes(kLightMaxRasterBytes + 1, 0), 1), CodecError);
  FrameDecoder dec;
  const std::string delta = enc.encode_delta(Bytes(10, 1), Bytes(10, 0), 5);
  Bytes out;
  EXPECT_THROW(dec.decode_delta(delta, Bytes(11, 0), 5, out), CodecError);
  EXPECT_THROW(dec.decode_delta(delta, Bytes(10, 0), 3, out), CodecError);
  EXPECT_THROW(dec.decode_key(delta, 0, 10, out), CodecError);
}

TEST(FrameCodec, WrongSizeAndGarbageAreErrors) {
  FrameEncoder enc;
  FrameDecoder dec;
  const Bytes raster = random_raster(6, 1000);
  const std::string data = enc.encode_key(raster, 100);
  Bytes out;
  EXPECT_THROW(dec.decode_key(data, 100, 9, out), CodecError);
  EXPECT_THROW(dec.decode_key(data, 100, 11, out), CodecError);
  EXPECT_THROW(dec.decode_key("", 100, 10, out), CodecError);
  EXPECT_THROW(dec.decode_key("not zstd at all", 100, 10, out), CodecError);
  EXPECT_THROW(dec.decode_key(data + "x", 100, 10, out), CodecError);
  EXPECT_THROW(dec.decode_key(data, 1 << 20, 1 << 20, out), CodecError);  // no overflow, no alloc
  EXPECT_THROW(dec.decode_key(data, SIZE_MAX, 2, out), CodecError);
}

TEST(FrameCodec, EveryTruncationIsAnError) {
  FrameEncoder enc;
  FrameDecoder dec;
  const Bytes raster = random_raster(7, 3000);
  const std::string data = enc.encode_key(raster, 100);
  Bytes out;
  for (std::size_t n = 0; n < data.size(); ++n) {
    EXPECT_THROW(dec.decode_key(std::string_view(data).substr(0, n), 100, 30, out), CodecError)
        << n;
  }
}

TEST(FrameCodec, FlippedBitsAreErrorsOrRastersOfTheRightSizeNeverCrashes) {
  FrameEncoder enc;
  FrameDecoder dec;
  const sim::Rect meadow{0, 0, 1600, 900};
  const testing::SwarmFixture swarm(3000, meadow, 13);
  LightRaster light;
  const RasterGeometry g = light_geometry(meadow);
  const auto raster = render_fireflies(light, swarm.view(), g);
  const Bytes original(raster.begin(), raster.end());
  const std::string data = enc.encode_key(original, g.width);
  std::size_t errors = 0;
  for (std::size_t i = 0; i < data.size(); ++i) {
    std::string corrupt = data;
    corrupt[i] = static_cast<char>(corrupt[i] ^ (1 << (i % 8)));
    Bytes out;
    try {
      dec.decode_key(corrupt, g.width, g.height, out);
      EXPECT_EQ(out.size(), original.size());
    } catch (const CodecError&) {
      ++errors;
    }
  }
  // With the checksum, nearly every flip is caught.
  EXPECT_GT(errors, data.size() * 9 / 10);
}

}  // namespace
}  // namespace meadow::stream
