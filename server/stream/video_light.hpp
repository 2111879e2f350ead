#pragma once
// The light as video (LIGHT_CODEC_VP9, docs/light-codec.md "Video"): a world's light raster is a
// VP9 picture, the intensity in the luma plane and the heat (when the world has one) in the first
// chroma plane at half resolution; the second chroma plane is a flat 128. One encoder per world
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

// VP9's constant-quality level, 0 (best) … 63. Measured on a recorded minute of the real swarm
// with a predator scattering it (docs/perf/video-light.md): 16 keeps the worst frame's intensity
// at 45 dB PSNR at 5,000 fireflies in a sixth of the zstd codec's bytes; 24 costs a tenth less
// and drops the worst frame to 43 dB.
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

// The heat plane as the video carries it: `width` × `height` bytes to ceil(width / 2) ×
// ceil(height / 2), each the rounded mean of its 2 × 2 block (of what lies inside the raster).
// `at(cx, cy, value)` receives each.
template <typename Put>
void half_resolution_heat(std::span<const std::uint8_t> heat, std::uint32_t width, std::uint32_t height, Put&& at) {
  const std::uint32_t chroma_width = (width + 1) / 2;
  const std::uint32_t chroma_height = (height + 1) / 2;
  for (std::uint32_t cy = 0; cy < chroma_height; ++cy) {
    const std::uint32_t y0 = cy * 2;
    const std::uint32_t y1 = y0 + 1 < height ? y0 + 1 : height - 1;
    for (std::uint32_t cx = 0; cx < chroma_width; ++cx) {
      const std::uint32_t x0 = cx * 2;
      const std::uint32_t x1 = x0 + 1 < width ? x0 + 1 : width - 1;
      const unsigned sum = heat[std::size_t{y0} * width + x0] + heat[std::size_t{y0} * width + x1] +
                           heat[std::size_t{y1} * width + x0] + heat[std::size_t{y1} * width + x1];
      at(cx, cy, static_cast<std::uint8_t>((sum + 2) / 4));
    }
  }
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
