#include "stream/frame_codec.hpp"

#include <zstd.h>

#include <algorithm>
#include <string>

namespace meadow::stream {

namespace {

[[noreturn]] void fail(const std::string& what) { throw CodecError("light codec: " + what); }

void check(std::size_t zstd_result, const char* what) {
  if (ZSTD_isError(zstd_result) != 0U) {
    fail(std::string(what) + ": " + ZSTD_getErrorName(zstd_result));
  }
}

void check_rows(std::size_t size, std::size_t row_bytes) {
  if (size > kLightMaxRasterBytes) fail("raster of " + std::to_string(size) + " bytes is too large");
  if (size == 0) return;
  if (row_bytes == 0 || size % row_bytes != 0) {
    fail("rows of " + std::to_string(row_bytes) + " bytes do not fit a raster of " +
         std::to_string(size) + " bytes");
  }
}

}  // namespace

void FrameEncoder::CCtxFree::operator()(ZSTD_CCtx_s* cctx) const { ZSTD_freeCCtx(cctx); }
void FrameDecoder::DCtxFree::operator()(ZSTD_DCtx_s* dctx) const { ZSTD_freeDCtx(dctx); }

FrameEncoder::FrameEncoder(int zstd_level) : cctx_(ZSTD_createCCtx()) {
  if (!cctx_) fail("cannot create a zstd compression context");
  check(ZSTD_CCtx_setParameter(cctx_.get(), ZSTD_c_compressionLevel, zstd_level), "level");
  // The content size lets decoders check the length before writing; the checksum lets the
  // C++ decoder tell corrupt data from a valid frame (fzstd need not check it).
  check(ZSTD_CCtx_setParameter(cctx_.get(), ZSTD_c_contentSizeFlag, 1), "content size flag");
  check(ZSTD_CCtx_setParameter(cctx_.get(), ZSTD_c_checksumFlag, 1), "checksum flag");
}

FrameEncoder::~FrameEncoder() = default;
FrameEncoder::FrameEncoder(FrameEncoder&&) noexcept = default;
FrameEncoder& FrameEncoder::operator=(FrameEncoder&&) noexcept = default;

std::string FrameEncoder::compress() {
  std::string out(ZSTD_compressBound(payload_.size()), '\0');
  const std::size_t written =
      ZSTD_compress2(cctx_.get(), out.data(), out.size(), payload_.data(), payload_.size());
  check(written, "compress");
  out.resize(written);
  return out;
}

std::string FrameEncoder::encode_key(std::span<const std::uint8_t> raster, std::size_t row_bytes) {
  check_rows(raster.size(), row_bytes);
  payload_.resize(raster.size());
  const std::size_t first_row = std::min(row_bytes, raster.size());
  std::copy_n(raster.begin(), first_row, payload_.begin());
  // Unsigned arithmetic wraps: each byte is (R[i] − R[i − row]) mod 256.
  for (std::size_t i = first_row; i < raster.size(); ++i) {
    payload_[i] = static_cast<std::uint8_t>(raster[i] - raster[i - row_bytes]);
  }
  return compress();
}

std::string FrameEncoder::encode_delta(std::span<const std::uint8_t> raster,
                                       std::span<const std::uint8_t> base, std::size_t row_bytes) {
  if (raster.size() != base.size()) {
    fail("delta base has " + std::to_string(base.size()) + " bytes, raster " +
         std::to_string(raster.size()));
  }
  check_rows(raster.size(), row_bytes);
  payload_.resize(raster.size());
  const std::size_t first_row = std::min(row_bytes, raster.size());
  for (std::size_t i = 0; i < first_row; ++i) {
    payload_[i] = static_cast<std::uint8_t>(raster[i] - base[i]);
  }
  // R[i] = raster[i] − base[i]; P[i] = R[i] − R[i − row], all mod 256.
  for (std::size_t i = first_row; i < raster.size(); ++i) {
    const std::size_t up = i - row_bytes;
    payload_[i] = static_cast<std::uint8_t>(raster[i] - base[i] - raster[up] + base[up]);
  }
  return compress();
}

FrameDecoder::FrameDecoder() : dctx_(ZSTD_createDCtx()) {
  if (!dctx_) fail("cannot create a zstd decompression context");
}

FrameDecoder::~FrameDecoder() = default;
FrameDecoder::FrameDecoder(FrameDecoder&&) noexcept = default;
FrameDecoder& FrameDecoder::operator=(FrameDecoder&&) noexcept = default;

void FrameDecoder::decode_residual(std::string_view data, std::size_t size, std::size_t row_bytes) {
  check_rows(size, row_bytes);
  const unsigned long long content = ZSTD_getFrameContentSize(data.data(), data.size());
  if (content == ZSTD_CONTENTSIZE_ERROR) fail("not a zstd frame");
  if (content == ZSTD_CONTENTSIZE_UNKNOWN) fail("zstd frame without a content size");
  if (content != size) {
    fail("frame holds " + std::to_string(content) + " bytes, expected " + std::to_string(size));
  }
  // The data must be exactly one zstd frame: nothing missing, nothing after it.
  const std::size_t frame_size = ZSTD_findFrameCompressedSize(data.data(), data.size());
  check(frame_size, "frame");
  if (frame_size != data.size()) fail("trailing bytes after the zstd frame");
  residual_.resize(size);
  const std::size_t written =
      ZSTD_decompressDCtx(dctx_.get(), residual_.data(), residual_.size(), data.data(), data.size());
  check(written, "decompress");
  if (written != size) fail("frame decoded to " + std::to_string(written) + " bytes");
  // Undo the row predictor top to bottom: each row adds the already rebuilt row above.
  for (std::size_t i = std::min(row_bytes, size); i < size; ++i) {
    residual_[i] = static_cast<std::uint8_t>(residual_[i] + residual_[i - row_bytes]);
  }
}

void FrameDecoder::decode_key(std::string_view data, std::size_t row_bytes, std::size_t rows,
                              std::vector<std::uint8_t>& out) {
  if (row_bytes != 0 && rows > kLightMaxRasterBytes / row_bytes) fail("raster is too large");
  decode_residual(data, row_bytes * rows, row_bytes);
  out.assign(residual_.begin(), residual_.end());
}

void FrameDecoder::decode_delta(std::string_view data, std::span<const std::uint8_t> base,
                                std::size_t row_bytes, std::vector<std::uint8_t>& out) {
  decode_residual(data, base.size(), row_bytes);
  out.resize(base.size());
  for (std::size_t i = 0; i < out.size(); ++i) {
    out[i] = static_cast<std::uint8_t>(residual_[i] + base[i]);
  }
}

}  // namespace meadow::stream
