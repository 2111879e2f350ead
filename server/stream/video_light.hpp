#pragma once
// The light as video (LIGHT_CODEC_VP9, docs/light-codec.md "Video"): a world's light raster is a
// VP9 picture, the intensity in the luma plane and the hot light (when the world has heat: the
// heat times the intensity, below) in the first chroma plane at half resolution; the second chroma
// plane is a flat 128. One encoder per world
// runs on the frame path and every session shares its bytes.
//
// Temporal layers, so that a slow viewer can be sent fewer frames of the same stream: frames
// follow a pattern of kVideoPeriod, layer 0, 2, 1, 2 (as libvpx's real-time layering examples).
//   layer 0 refers to the previous layer-0 frame (LAST) and replaces it;
//   layer 1 refers to the layer-0 frame before it and is kept as GOLDEN;
//   layer 2 refers to LAST (and, in the period's last place, GOLDEN) and is kept by nobody.
// Only layer-0 frames adapt the entropy contexts, and the error-resilient bit keeps a frame from
// leaning on the motion vectors of whichever frame the decoder saw last, so a decoder that was
// never sent a frame of layer 2, or a period's layer 1 and the layer-2 frame after it, decodes
// every other frame exactly as one that saw them all (tests/stream/video_light_test.cpp checks
// this bit for bit). VideoChain (below) is that rule for a sender.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

struct vpx_codec_ctx;
struct vpx_image;

namespace meadow::stream {

// Frames in one period of the layer pattern; kVideoLayers temporal layers.
inline constexpr std::uint32_t kVideoPeriod = 4;
inline constexpr std::uint32_t kVideoLayers = 3;

// VP9's constant-quality level, 0 (best) … 63. Measured on a recorded minute of real light, 5,000
// points scattered by a chase (docs/perf/video-light.md): 16 keeps the worst frame's intensity
// at 45 dB PSNR in an eighth of the zstd codec's bytes; 24 costs a tenth less and drops the worst
// frame to 43 dB.
inline constexpr int kVideoDefaultQuality = 16;
// libvpx's real-time speed, 5 … 9: higher is faster and a little larger (speed 6: 1.3 ms a
// frame at 400 × 225, 5 % smaller than 9).
inline constexpr int kVideoDefaultSpeed = 6;
// A key frame at least this often, frames (10 s at 30 frames a second), so a viewer whose chain
// broke never waits long even if nobody asks for one.
inline constexpr std::uint32_t kVideoDefaultKeyInterval = 300;

struct VideoLightSettings {
  int quality = kVideoDefaultQuality;
  int speed = kVideoDefaultSpeed;
  std::uint32_t key_interval = kVideoDefaultKeyInterval;  // frames
  std::uint32_t layers = kVideoLayers;                    // 1 … kVideoLayers
  friend bool operator==(const VideoLightSettings&, const VideoLightSettings&) = default;
};

// Thrown when libvpx refuses a configuration or a frame, with its message.
class VideoError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The heat as the video carries it: not the share of the light that is hot (that steps from 0
// to its value at the edge of the light, which a video codec pays for dearly) but the hot light
// itself, the share times the intensity, which fades out with the light as smoothly as the light
// does: 29 % fewer bytes a frame at 5,000 fireflies (docs/perf/video-light.md). One chroma sample
// per 2 × 2 block of pixels (of what lies inside the raster):
//   hot = round(Σ heat × intensity / (4 × 255)).
// A decoder divides it back by the block's decoded intensity (heat_from_hot_light).
template <typename Visit>
void for_each_block(std::uint32_t width, std::uint32_t height, Visit&& visit) {
  const std::uint32_t chroma_width = (width + 1) / 2;
  const std::uint32_t chroma_height = (height + 1) / 2;
  for (std::uint32_t cy = 0; cy < chroma_height; ++cy) {
    const std::uint32_t y0 = cy * 2;
    const std::uint32_t y1 = y0 + 1 < height ? y0 + 1 : height - 1;
    for (std::uint32_t cx = 0; cx < chroma_width; ++cx) {
      const std::uint32_t x0 = cx * 2;
      const std::uint32_t x1 = x0 + 1 < width ? x0 + 1 : width - 1;
      visit(cx, cy,
            std::array<std::size_t, 4>{std::size_t{y0} * width + x0, std::size_t{y0} * width + x1,
                                       std::size_t{y1} * width + x0, std::size_t{y1} * width + x1});
    }
  }
}

// The hot light of each block, as above: `at(cx, cy, value)` receives each.
template <typename Put>
void half_resolution_hot_light(std::span<const std::uint8_t> intensity, std::span<const std::uint8_t> heat,
                               std::uint32_t width, std::uint32_t height, Put&& at) {
  for_each_block(width, height, [&](std::uint32_t cx, std::uint32_t cy, const std::array<std::size_t, 4>& pixels) {
    unsigned sum = 0;
    for (const std::size_t i : pixels) sum += unsigned{heat[i]} * intensity[i];
    at(cx, cy, static_cast<std::uint8_t>((sum + 510) / 1020));
  });
}

// Below this mean intensity of a block (grey levels of 255) a decoder shows no heat: the hot
// light there is a level or two, too coarse to divide back, and the light too dim to show colour.
inline constexpr unsigned kVideoHeatLeastIntensity = 4;

// A decoder's half: the heat of each pixel (the share, 0 … 255, as the zstd codec sends it) from
// its block's hot light `hot(cx, cy)` and the decoded `intensity`, into `heat` (width × height).
template <typename Hot>
void heat_from_hot_light(Hot&& hot, std::span<const std::uint8_t> intensity, std::uint32_t width,
                         std::uint32_t height, std::span<std::uint8_t> heat) {
  for_each_block(width, height, [&](std::uint32_t cx, std::uint32_t cy, const std::array<std::size_t, 4>& pixels) {
    unsigned sum = 0;
    for (const std::size_t i : pixels) sum += intensity[i];
    const unsigned mean = (sum + 2) / 4;
    const unsigned share = mean < kVideoHeatLeastIntensity ? 0U : std::min(255U, (hot(cx, cy) * 255U + mean / 2) / mean);
    for (const std::size_t i : pixels) heat[i] = static_cast<std::uint8_t>(share);
  });
}

// The temporal layer of the frame at `position` since the last key frame (the key is 0).
[[nodiscard]] std::uint32_t video_layer_at(std::uint64_t position, std::uint32_t layers);

// One encoded picture.
struct VideoLightFrame {
  std::string data;
  bool key = false;
  std::uint32_t layer = 0;
  // True when a later frame may refer to this one: a sender must not skip it and send what follows.
  bool reference = true;
};

class VideoLightEncoder {
 public:
  explicit VideoLightEncoder(VideoLightSettings settings = {});
  ~VideoLightEncoder();
  VideoLightEncoder(const VideoLightEncoder&) = delete;
  VideoLightEncoder& operator=(const VideoLightEncoder&) = delete;

  // Encodes one raster: `intensity` of width × height bytes, row-major; `heat` the same size, or
  // empty for a light without heat. A key frame when `key` is asked, when the size changed, at
  // the first frame and every key_interval frames. Throws VideoError.
  [[nodiscard]] VideoLightFrame encode(std::span<const std::uint8_t> intensity, std::span<const std::uint8_t> heat,
                                       std::uint32_t width, std::uint32_t height, bool key);

  [[nodiscard]] const VideoLightSettings& settings() const { return settings_; }

 private:
  void open(std::uint32_t width, std::uint32_t height);
  void close();
  void fill(std::span<const std::uint8_t> intensity, std::span<const std::uint8_t> heat);

  VideoLightSettings settings_;
  std::unique_ptr<vpx_codec_ctx> codec_;
  std::unique_ptr<vpx_image> image_;
  std::vector<std::uint8_t> planes_;  // the image's Y, U and V planes, one after another
  std::uint32_t width_ = 0;
  std::uint32_t height_ = 0;
  std::uint64_t position_ = 0;        // frames since the last key frame
  std::int64_t pts_ = 0;
};

// A decoded picture: the planes the light raster has, at full size.
struct DecodedLight {
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  std::vector<std::uint8_t> intensity;  // width × height
  std::vector<std::uint8_t> heat;       // width × height, the chroma plane doubled back up
};

class VideoLightDecoder {
 public:
  VideoLightDecoder();
  ~VideoLightDecoder();
  VideoLightDecoder(const VideoLightDecoder&) = delete;
  VideoLightDecoder& operator=(const VideoLightDecoder&) = delete;

  // Decodes one frame. Throws VideoError for data libvpx cannot decode (a delta before any key,
  // damaged bytes) and when the picture is larger than kVideoMaxPixels.
  [[nodiscard]] DecodedLight decode(std::string_view data);

 private:
  struct FrameBuffers;  // what libvpx holds of ours (freed with the decoder: libvpx does not)
  std::unique_ptr<FrameBuffers> buffers_;
  std::unique_ptr<vpx_codec_ctx> codec_;
};

// The largest picture a decoder accepts, pixels (a raster is at most 480 × 270).
inline constexpr std::size_t kVideoMaxPixels = std::size_t{1} << 20;
// The largest frame buffer a decoder lets libvpx allocate, bytes: a picture of kVideoMaxPixels
// with the decoder's borders fits in about 2 MB; the limit leaves room for odd shapes. It bounds
// what a hostile stream can make the decoder take where the size is only known mid-decode (an
// inter frame may scale its references up to 16 times in each direction).
inline constexpr std::size_t kVideoMaxFrameBufferBytes = std::size_t{16} << 20;

// Which frames of a layered stream one receiver can still decode (the sender's half of the rule
// above): every layer-0 frame since its key, and a layer-1 or layer-2 frame only when no frame it
// may refer to was skipped.
class VideoChain {
 public:
  // True when the receiver, having been sent what this chain saw, can decode a frame of `layer`
  // (`key`: a key frame, always decodable).
  [[nodiscard]] bool can_send(bool key, std::uint32_t layer) const;
  // The receiver was sent this frame.
  void sent(bool key, std::uint32_t layer);
  // This frame was not sent. Skipping a layer-0 frame breaks the chain until the next key frame.
  void skipped(bool key, std::uint32_t layer, bool reference);
  // Forget everything: the next frame sent must be a key frame.
  void reset() { started_ = false; }
  [[nodiscard]] bool started() const { return started_; }

 private:
  bool started_ = false;  // a key frame was sent and no layer-0 frame since was skipped
  // The lowest layer of a skipped reference frame since the last layer-0 frame sent (none: past
  // every layer).
  std::uint32_t lowest_skipped_ = kVideoLayers;
};

}  // namespace meadow::stream
