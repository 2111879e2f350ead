#include "stream/video_track.hpp"

#include <chrono>

namespace meadow::stream {

void VideoLightTrack::build(sim::WorldKind world, VideoDemand* demand, std::span<const std::uint8_t> intensity,
                            std::span<const std::uint8_t> heat, std::uint32_t width, std::uint32_t height,
                            v1::ServerMessage& message, WorldFrame& out) {
  if (demand == nullptr || !demand->wanted(world)) {
    // Kept warm a while for a viewer that comes back; then gone, and the next viewer starts
    // from a fresh encoder's key frame.
    if (encoder_ != nullptr && ++idle_frames_ > kVideoWarmFrames) encoder_.reset();
    return;
  }
  idle_frames_ = 0;
  if (encoder_ == nullptr || encoder_->settings() != demand->settings()) {
    encoder_ = std::make_unique<VideoLightEncoder>(demand->settings());
  }
  const bool grant_key = frames_since_key_ >= kVideoMinKeyGap && demand->take_key_ask(world);
  const auto start = std::chrono::steady_clock::now();
  VideoLightFrame frame;
  try {
    frame = encoder_->encode(intensity, heat, width, height, grant_key);
  } catch (const VideoError&) {
    ++errors_;
    encoder_.reset();
    return;
  }
  out.video_encode_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (frame.key) {
    frames_since_key_ = 0;
    (void)demand->take_key_ask(world);  // whoever asked starts from this one
  }
  ++frames_since_key_;
  v1::LightLayer& light = *message.mutable_frame()->mutable_light();
  light.set_codec(v1::LIGHT_CODEC_VP9);
  light.set_key(frame.key);
  light.set_base_frame(0);
  light.set_layer(frame.layer);
  light.set_data(std::move(frame.data));
  message.SerializeToString(&out.video_message);
  out.video_key = frame.key;
  out.video_layer = frame.layer;
  out.video_reference = frame.reference;
}

}  // namespace meadow::stream
