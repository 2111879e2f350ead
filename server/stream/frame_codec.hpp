#pragma once
// The light codec, LIGHT_CODEC_ZSTD_U8 (docs/light-codec.md has the exact byte layout; the
// browser decodes it with fzstd). A raster is rows of `row_bytes` bytes, top row first.
//   residual R: key frame   R = raster;
//               delta frame R[i] = (raster[i] − base[i]) mod 256, base being the raster of
//               the frame named by LightLayer.base_frame;
//   payload P:  the "up" row predictor (PNG's Up filter) on R: the first row as it is, every
//               later byte P[i] = (R[i] − R[i − row_bytes]) mod 256;
//   data:       one zstd frame of P, with its content size and a checksum.
// The row predictor makes frames about a fifth to a third smaller than zstd of R alone (a blurred
// glow changes slowly down a column); measured in docs/light-codec.md. Encoders and decoders
// keep their zstd contexts and scratch buffers, so they allocate only for the bytes they return.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

struct ZSTD_CCtx_s;
struct ZSTD_DCtx_s;

namespace meadow::stream {

// zstd level. Measured on flocking-like rasters (docs/light-codec.md): level 1 gives deltas as
// small as level 3 and keys ~7% larger, in about half the time; the sim thread encodes a key
// and a delta every frame, and deltas are what most sessions receive.
inline constexpr int kLightZstdLevel = 1;
// The most bytes a decoded raster may have (the largest raster with 4 channels, with room):
// a frame that claims more is refused before anything is allocated.
inline constexpr std::size_t kLightMaxRasterBytes = std::size_t{1} << 22;

// Thrown for input that is not a valid frame of the expected size: bad zstd data, truncated
// data, a size that does not match, a base of the wrong size, rows that do not fit the raster.
class CodecError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class FrameEncoder {
 public:
  explicit FrameEncoder(int zstd_level = kLightZstdLevel);
  ~FrameEncoder();
  FrameEncoder(const FrameEncoder&) = delete;
  FrameEncoder& operator=(const FrameEncoder&) = delete;
  FrameEncoder(FrameEncoder&&) noexcept;
  FrameEncoder& operator=(FrameEncoder&&) noexcept;

  // `row_bytes` is width × channels; it must divide the raster's size (and not be 0 unless the
  // raster is empty). Throws CodecError otherwise, or when base and raster differ in size.
  [[nodiscard]] std::string encode_key(std::span<const std::uint8_t> raster, std::size_t row_bytes);
  [[nodiscard]] std::string encode_delta(std::span<const std::uint8_t> raster,
                                         std::span<const std::uint8_t> base, std::size_t row_bytes);

 private:
  [[nodiscard]] std::string compress();

  struct CCtxFree {
    void operator()(ZSTD_CCtx_s* cctx) const;
  };
  std::unique_ptr<ZSTD_CCtx_s, CCtxFree> cctx_;
  std::vector<std::uint8_t> payload_;
};

class FrameDecoder {
 public:
  FrameDecoder();
  ~FrameDecoder();
  FrameDecoder(const FrameDecoder&) = delete;
  FrameDecoder& operator=(const FrameDecoder&) = delete;
  FrameDecoder(FrameDecoder&&) noexcept;
  FrameDecoder& operator=(FrameDecoder&&) noexcept;

  // Decodes a key frame of `rows` rows of `row_bytes` bytes into `out` (resized to fit).
  void decode_key(std::string_view data, std::size_t row_bytes, std::size_t rows,
                  std::vector<std::uint8_t>& out);
  // Decodes a delta frame against `base` into `out` (resized to base.size()). `out` may be the
  // vector `base` views: the frame is decoded into scratch first.
  void decode_delta(std::string_view data, std::span<const std::uint8_t> base,
                    std::size_t row_bytes, std::vector<std::uint8_t>& out);

 private:
  // Decompresses exactly `size` bytes into residual_ and undoes the row predictor there.
  void decode_residual(std::string_view data, std::size_t size, std::size_t row_bytes);

  struct DCtxFree {
    void operator()(ZSTD_DCtx_s* dctx) const;
  };
  std::unique_ptr<ZSTD_DCtx_s, DCtxFree> dctx_;
  std::vector<std::uint8_t> residual_;
};

}  // namespace meadow::stream
