#pragma once
// The input formats of the fuzz targets that need more than one message's bytes, shared by their
// bodies (NAME_fuzz.cpp) and the seed generator (make_seeds.cpp).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace meadow::fuzz {

// light_codec: a header, then LightLayer.data.
//   byte 0     bit 0: a delta frame (else a key frame);
//              bit 1: a delta's base is one byte longer than row_bytes × rows (no whole rows)
//   bytes 1–2  row_bytes, little-endian
//   bytes 3–4  rows, little-endian
inline constexpr std::size_t kLightHeaderBytes = 5;
inline constexpr std::uint8_t kLightDelta = 1;
inline constexpr std::uint8_t kLightRaggedBase = 2;

[[nodiscard]] inline std::string light_codec_input(std::uint8_t flags, std::uint16_t row_bytes, std::uint16_t rows,
                                                   std::string_view data) {
  std::string out{static_cast<char>(flags), static_cast<char>(row_bytes & 0xFFU), static_cast<char>(row_bytes >> 8),
                  static_cast<char>(rows & 0xFFU), static_cast<char>(rows >> 8)};
  out.append(data);
  return out;
}

// The raster a light_codec delta frame is decoded against: a fixed pattern, not all zeros, so
// that the wrapping arithmetic is exercised.
[[nodiscard]] inline std::vector<std::uint8_t> light_delta_base(std::size_t size) {
  std::vector<std::uint8_t> base(size);
  for (std::size_t i = 0; i < size; ++i) base[i] = static_cast<std::uint8_t>(i * 37 + (i >> 7));
  return base;
}

// frame_follower: messages one after the other, each prefixed with its length (2 bytes,
// little-endian); the last one may run to the end of the input.
inline constexpr std::size_t kLengthBytes = 2;
// Where the follower's latency probes wait for a predator mark and a rock, world units.
inline constexpr float kProbeX = 400.0F;
inline constexpr float kProbeY = 300.0F;

[[nodiscard]] inline std::string length_prefixed(const std::vector<std::string>& messages) {
  std::string out;
  for (const std::string& m : messages) {
    out.push_back(static_cast<char>(m.size() & 0xFFU));
    out.push_back(static_cast<char>((m.size() >> 8) & 0xFFU));
    out.append(m);
  }
  return out;
}

}  // namespace meadow::fuzz
