#include "stream/video_light.hpp"

#include <vpx/vp8cx.h>
#include <vpx/vp8dx.h>
#include <vpx/vpx_decoder.h>
#include <vpx/vpx_encoder.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <unordered_map>

namespace meadow::stream {

namespace {

// The second chroma plane carries nothing: VP9's neutral value.
constexpr std::uint8_t kNeutralChroma = 128;
// The heat plane's quantiser above the intensity's (libvpx allows −15 … 15): the heat is a tint,
// and coarser it costs 7 % fewer bytes at the same intensity PSNR (docs/perf/video-light.md).
constexpr int kVideoHeatQuantiserOffset = 15;
// Frames per second the encoder's clock counts in (its rate control only reads the ratio).
constexpr int kVideoTimebase = 30;

std::string vpx_message(vpx_codec_ctx_t* codec, const char* what) {
  std::string message = what;
  message += ": ";
  message += vpx_codec_error(codec);
  if (const char* detail = vpx_codec_error_detail(codec); detail != nullptr) {
    message += " (";
    message += detail;
    message += ")";
  }
  return message;
}

// The layer of each place in one period, for 1, 2 and 3 layers.
constexpr std::array<std::uint32_t, kVideoPeriod> kThreeLayers{0, 2, 1, 2};
constexpr std::array<std::uint32_t, kVideoPeriod> kTwoLayers{0, 1, 0, 1};

bool is_reference(std::uint32_t layer, std::uint32_t layers) { return layer + 1 < layers || layer == 0; }

// libvpx's flags for the frame at `place` in its period: which buffers it reads and replaces.
vpx_enc_frame_flags_t layer_flags(std::uint64_t position, std::uint32_t layers) {
  constexpr vpx_enc_frame_flags_t kOnlyLast = VP8_EFLAG_NO_REF_GF | VP8_EFLAG_NO_REF_ARF;
  constexpr vpx_enc_frame_flags_t kKeepNothing =
      VP8_EFLAG_NO_UPD_LAST | VP8_EFLAG_NO_UPD_GF | VP8_EFLAG_NO_UPD_ARF | VP8_EFLAG_NO_UPD_ENTROPY;
  const std::uint32_t layer = video_layer_at(position, layers);
  if (layer == 0) return kOnlyLast | VP8_EFLAG_NO_UPD_GF | VP8_EFLAG_NO_UPD_ARF;
  if (!is_reference(layer, layers)) {
    // The period's last frame of three layers may lean on the period's layer-1 frame too.
    const bool golden_too = layers == 3 && position % kVideoPeriod == 3;
    return (golden_too ? vpx_enc_frame_flags_t{VP8_EFLAG_NO_REF_ARF} : kOnlyLast) | kKeepNothing;
  }
  // Layer 1 of three: kept as GOLDEN for the period's last frame, entropy left alone.
  return kOnlyLast | VP8_EFLAG_NO_UPD_LAST | VP8_EFLAG_NO_UPD_ARF | VP8_EFLAG_NO_UPD_ENTROPY;
}

void check(vpx_codec_err_t result, vpx_codec_ctx_t* codec, const char* what) {
  if (result != VPX_CODEC_OK) throw VideoError(vpx_message(codec, what));
}

}  // namespace

std::uint32_t video_layer_at(std::uint64_t position, std::uint32_t layers) {
  const auto place = static_cast<std::size_t>(position % kVideoPeriod);
  if (layers >= 3) return kThreeLayers[place];
  if (layers == 2) return kTwoLayers[place];
  return 0;
}

VideoLightEncoder::VideoLightEncoder(VideoLightSettings settings) : settings_(settings) {
  settings_.layers = std::clamp<std::uint32_t>(settings_.layers, 1, kVideoLayers);
  settings_.key_interval = std::max<std::uint32_t>(settings_.key_interval, 1);
}

VideoLightEncoder::~VideoLightEncoder() { close(); }

void VideoLightEncoder::close() {
  if (codec_ != nullptr) vpx_codec_destroy(codec_.get());
  codec_.reset();
  if (image_ != nullptr) vpx_img_free(image_.get());
  image_.reset();
}

void VideoLightEncoder::open(std::uint32_t width, std::uint32_t height) {
  close();
  vpx_codec_enc_cfg_t config{};
  check(vpx_codec_enc_config_default(vpx_codec_vp9_cx(), &config, 0), nullptr, "VP9 defaults");
  config.g_w = width;
  config.g_h = height;
  config.g_timebase = {1, kVideoTimebase};
  config.g_threads = 1;          // the frame path's own thread; a world's raster is small
  config.g_lag_in_frames = 0;    // real time: a frame out for every frame in
  config.g_error_resilient = 1;  // no leaning on the previous frame's motion (layers above)
  config.rc_end_usage = VPX_Q;   // constant quality: a still meadow costs next to nothing
  config.rc_min_quantizer = 0;
  config.rc_max_quantizer = 63;
  config.rc_dropframe_thresh = 0;
  config.kf_mode = VPX_KF_DISABLED;  // key frames when this class says
  auto codec = std::make_unique<vpx_codec_ctx_t>();
  check(vpx_codec_enc_init(codec.get(), vpx_codec_vp9_cx(), &config, 0), codec.get(), "VP9 encoder");
  codec_ = std::move(codec);
  check(vpx_codec_control(codec_.get(), VP8E_SET_CPUUSED, std::clamp(settings_.speed, 5, 9)), codec_.get(),
        "VP9 speed");
  check(vpx_codec_control(codec_.get(), VP8E_SET_CQ_LEVEL, static_cast<unsigned>(std::clamp(settings_.quality, 0, 63))),
        codec_.get(), "VP9 quality");
  check(vpx_codec_control(codec_.get(), VP9E_SET_AQ_MODE, 0), codec_.get(), "VP9 adaptive quantisation");
  check(vpx_codec_control(codec_.get(), VP9E_SET_DELTA_Q_UV, kVideoHeatQuantiserOffset), codec_.get(),
        "VP9 heat quantiser");
  image_ = std::make_unique<vpx_image_t>();
  if (vpx_img_alloc(image_.get(), VPX_IMG_FMT_I420, width, height, 16) == nullptr) {
    image_.reset();
    throw VideoError("VP9 encoder: no memory for a " + std::to_string(width) + " × " + std::to_string(height) +
                     " picture");
  }
  width_ = width;
  height_ = height;
  position_ = 0;
}

void VideoLightEncoder::fill(std::span<const std::uint8_t> intensity, std::span<const std::uint8_t> heat) {
  vpx_image_t& image = *image_;
  for (std::uint32_t y = 0; y < height_; ++y) {
    std::memcpy(image.planes[VPX_PLANE_Y] + static_cast<std::ptrdiff_t>(y) * image.stride[VPX_PLANE_Y],
                intensity.data() + static_cast<std::size_t>(y) * width_, width_);
  }
  const std::uint32_t chroma_width = (width_ + 1) / 2;
  const std::uint32_t chroma_height = (height_ + 1) / 2;
  const auto row = [&image](int plane, std::uint32_t cy) {
    return image.planes[plane] + static_cast<std::ptrdiff_t>(cy) * image.stride[plane];
  };
  for (std::uint32_t cy = 0; cy < chroma_height; ++cy) {
    std::memset(row(VPX_PLANE_V, cy), kNeutralChroma, chroma_width);
    if (heat.empty()) std::memset(row(VPX_PLANE_U, cy), kNeutralChroma, chroma_width);
  }
  if (heat.empty()) return;
  half_resolution_hot_light(intensity, heat, width_, height_,
                       [&](std::uint32_t cx, std::uint32_t cy, std::uint8_t value) { row(VPX_PLANE_U, cy)[cx] = value; });
}

VideoLightFrame VideoLightEncoder::encode(std::span<const std::uint8_t> intensity, std::span<const std::uint8_t> heat,
                                          std::uint32_t width, std::uint32_t height, bool key) {
  const std::size_t pixels = std::size_t{width} * height;
  if (width == 0 || height == 0 || pixels > kVideoMaxPixels || intensity.size() != pixels ||
      (!heat.empty() && heat.size() != pixels)) {
    throw VideoError("VP9 encoder: planes of " + std::to_string(intensity.size()) + " and " +
                     std::to_string(heat.size()) + " bytes for a " + std::to_string(width) + " × " +
                     std::to_string(height) + " picture");
  }
  if (codec_ == nullptr || width != width_ || height != height_) {
    open(width, height);
    key = true;
  }
  key = key || position_ == 0 || position_ >= settings_.key_interval;
  if (key) position_ = 0;
  fill(intensity, heat);
  const std::uint32_t layer = video_layer_at(position_, settings_.layers);
  vpx_enc_frame_flags_t flags = key ? vpx_enc_frame_flags_t{VPX_EFLAG_FORCE_KF} : layer_flags(position_, settings_.layers);
  check(vpx_codec_encode(codec_.get(), image_.get(), pts_++, 1, flags, VPX_DL_REALTIME), codec_.get(), "VP9 encode");
  VideoLightFrame frame;
  frame.key = key;
  frame.layer = key ? 0 : layer;
  frame.reference = key || is_reference(layer, settings_.layers);
  vpx_codec_iter_t iter = nullptr;
  while (const vpx_codec_cx_pkt_t* packet = vpx_codec_get_cx_data(codec_.get(), &iter)) {
    if (packet->kind != VPX_CODEC_CX_FRAME_PKT) continue;
    frame.data.append(static_cast<const char*>(packet->data.frame.buf), packet->data.frame.sz);
  }
  if (frame.data.empty()) throw VideoError("VP9 encoder: no frame came out");
  ++position_;
  return frame;
}

// The decoder's frame buffers come from here, so that a stream declaring a huge picture is
// refused before libvpx allocates it (the data must be zeroed: libvpx's rule). libvpx releases a
// buffer when no frame refers to it any more, but not those it still holds when it is destroyed:
// the pool frees them then.
struct VideoLightDecoder::FrameBuffers {
  std::unordered_map<std::uint8_t*, std::unique_ptr<std::uint8_t[]>> held;

  static int get(void* priv, std::size_t min_size, vpx_codec_frame_buffer_t* buffer) {
    if (min_size > kVideoMaxFrameBufferBytes) return -1;
    auto data = std::make_unique<std::uint8_t[]>(min_size);  // value-initialised: zeroed
    buffer->data = data.get();
    buffer->size = min_size;
    buffer->priv = nullptr;
    static_cast<FrameBuffers*>(priv)->held.emplace(data.get(), std::move(data));
    return 0;
  }
  static int release(void* priv, vpx_codec_frame_buffer_t* buffer) {
    static_cast<FrameBuffers*>(priv)->held.erase(buffer->data);
    buffer->data = nullptr;
    buffer->size = 0;
    return 0;
  }
};

VideoLightDecoder::VideoLightDecoder()
    : buffers_(std::make_unique<FrameBuffers>()), codec_(std::make_unique<vpx_codec_ctx_t>()) {
  vpx_codec_dec_cfg_t config{};
  config.threads = 1;
  if (vpx_codec_dec_init(codec_.get(), vpx_codec_vp9_dx(), &config, 0) != VPX_CODEC_OK) {
    const std::string message = vpx_message(codec_.get(), "VP9 decoder");
    codec_.reset();
    throw VideoError(message);
  }
  if (vpx_codec_set_frame_buffer_functions(codec_.get(), FrameBuffers::get, FrameBuffers::release, buffers_.get()) !=
      VPX_CODEC_OK) {
    const std::string message = vpx_message(codec_.get(), "VP9 decoder's frame buffers");
    vpx_codec_destroy(codec_.get());
    codec_.reset();
    throw VideoError(message);
  }
}

VideoLightDecoder::~VideoLightDecoder() {
  if (codec_ != nullptr) vpx_codec_destroy(codec_.get());
}

DecodedLight VideoLightDecoder::decode(std::string_view data) {
  if (data.empty()) throw VideoError("VP9 decode: an empty frame");
  // A key frame says its size up front: one too large for any light is refused before libvpx
  // sizes its tables for it. (An inter frame's size is bounded by the frame buffers above.)
  vpx_codec_stream_info_t info{};
  info.sz = sizeof(info);
  if (vpx_codec_peek_stream_info(vpx_codec_vp9_dx(), reinterpret_cast<const std::uint8_t*>(data.data()),
                                 static_cast<unsigned>(data.size()), &info) == VPX_CODEC_OK &&
      std::size_t{info.w} * info.h > kVideoMaxPixels) {
    throw VideoError("VP9 decode: a key frame declaring " + std::to_string(info.w) + " × " + std::to_string(info.h) +
                     " pixels, more than any light raster");
  }
  check(vpx_codec_decode(codec_.get(), reinterpret_cast<const std::uint8_t*>(data.data()),
                         static_cast<unsigned>(data.size()), nullptr, 0),
        codec_.get(), "VP9 decode");
  vpx_codec_iter_t iter = nullptr;
  const vpx_image_t* image = vpx_codec_get_frame(codec_.get(), &iter);
  if (image == nullptr) throw VideoError("VP9 decode: no picture came out");
  if (image->fmt != VPX_IMG_FMT_I420) throw VideoError("VP9 decode: a picture that is not 8-bit 4:2:0");
  if (std::size_t{image->d_w} * image->d_h > kVideoMaxPixels) {
    throw VideoError("VP9 decode: a " + std::to_string(image->d_w) + " × " + std::to_string(image->d_h) +
                     " picture is larger than any light raster");
  }
  DecodedLight out;
  out.width = image->d_w;
  out.height = image->d_h;
  out.intensity.resize(std::size_t{out.width} * out.height);
  out.heat.resize(out.intensity.size());
  for (std::uint32_t y = 0; y < out.height; ++y) {
    const std::uint8_t* luma = image->planes[VPX_PLANE_Y] + static_cast<std::ptrdiff_t>(y) * image->stride[VPX_PLANE_Y];
    std::memcpy(out.intensity.data() + std::size_t{y} * out.width, luma, out.width);
  }
  const auto hot = [image](std::uint32_t cx, std::uint32_t cy) -> unsigned {
    return image->planes[VPX_PLANE_U][static_cast<std::ptrdiff_t>(cy) * image->stride[VPX_PLANE_U] + cx];
  };
  heat_from_hot_light(hot, out.intensity, out.width, out.height, out.heat);
  return out;
}

bool VideoChain::can_send(bool key, std::uint32_t layer) const {
  if (key) return true;
  return started_ && (layer == 0 || layer < lowest_skipped_);
}

void VideoChain::sent(bool key, std::uint32_t layer) {
  if (key) started_ = true;
  if (key || layer == 0) lowest_skipped_ = kVideoLayers;
}

void VideoChain::skipped(bool key, std::uint32_t layer, bool reference) {
  if (key || layer == 0) {
    started_ = false;
    return;
  }
  if (reference) lowest_skipped_ = std::min(lowest_skipped_, layer);
}

}  // namespace meadow::stream
