// Fuzz target light_codec: the zstd light codec's decoder (stream/frame_codec.hpp), as the native
// viewer and the tests use it. The input is a small header (key or delta, row_bytes, rows) and
// the frame's data (fuzz_inputs.hpp); a delta is decoded against a fixed base of row_bytes × rows
// bytes, or one byte more. Beyond not crashing: a frame that decodes has exactly the raster's
// size, and encoding that raster again decodes back to it (the encoder and the decoder agree on
// every raster the fuzzer reaches).
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "fuzz_check.hpp"
#include "fuzz_inputs.hpp"
#include "stream/frame_codec.hpp"

namespace meadow::fuzz {

namespace {

// Rasters up to this size are encoded again (a larger one only costs the fuzzer time).
constexpr std::size_t kRoundTripMaxBytes = std::size_t{1} << 16;

}  // namespace

int fuzz_light_codec(const std::uint8_t* data, std::size_t size) {
  if (size < kLightHeaderBytes) return 0;
  const bool delta = (data[0] & kLightDelta) != 0;
  const std::size_t row_bytes = data[1] | (std::size_t{data[2]} << 8);
  const std::size_t rows = data[3] | (std::size_t{data[4]} << 8);
  const std::string_view frame(reinterpret_cast<const char*>(data + kLightHeaderBytes), size - kLightHeaderBytes);
  const std::size_t base_size = delta ? row_bytes * rows + ((data[0] & kLightRaggedBase) != 0 ? 1 : 0) : 0;
  if (base_size > stream::kLightMaxRasterBytes) return 0;  // no such base exists

  // Kept from input to input, as a viewer keeps them from frame to frame (the contexts cost more
  // to make than most inputs cost to decode); each frame is decoded on its own all the same.
  static stream::FrameDecoder decoder;
  static stream::FrameEncoder encoder;
  static const std::vector<std::uint8_t> largest_base = light_delta_base(stream::kLightMaxRasterBytes);
  const std::span<const std::uint8_t> base(largest_base.data(), base_size);
  std::vector<std::uint8_t> raster;
  try {
    if (delta) {
      decoder.decode_delta(frame, base, row_bytes, raster);
    } else {
      decoder.decode_key(frame, row_bytes, rows, raster);
    }
  } catch (const stream::CodecError&) {
    return 0;  // refused, as it should be
  }
  MEADOW_FUZZ_CHECK(raster.size() == (delta ? base.size() : row_bytes * rows));
  if (raster.size() > kRoundTripMaxBytes) return 0;

  std::vector<std::uint8_t> again;
  if (delta) {
    decoder.decode_delta(encoder.encode_delta(raster, base, row_bytes), base, row_bytes, again);
  } else {
    decoder.decode_key(encoder.encode_key(raster, row_bytes), row_bytes, rows, again);
  }
  MEADOW_FUZZ_CHECK(again == raster);
  return 0;
}

}  // namespace meadow::fuzz
