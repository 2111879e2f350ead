#pragma once
// Who wants the light as video (docs/light-codec.md), between the sessions (any thread) and the
// frame path (the sim thread): how many sessions of each world take video, so that a world nobody
// watches in video costs no encoding, and whether one of them waits for a key frame to start from.
// The frame path grants key frames no more often than kVideoMinKeyGap frames apart, so that joiners
// cannot turn the stream into key frames; meanwhile they are sent the zstd codec's frames.
#include <array>
#include <atomic>
#include <cstdint>

#include "sim/world_kind.hpp"
#include "stream/video_light.hpp"

namespace meadow::stream {

// The fewest frames between two key frames asked for by sessions: 0.4 s at 30 frames a second,
// so a viewer's video starts within half a second of asking.
inline constexpr std::uint32_t kVideoMinKeyGap = 12;

class VideoDemand {
 public:
  // `enabled` false: the server sends no video whatever clients offer (--light-video off).
  explicit VideoDemand(bool enabled = true, VideoLightSettings settings = {}) : enabled_(enabled), settings_(settings) {}

  [[nodiscard]] bool enabled() const { return enabled_; }
  [[nodiscard]] const VideoLightSettings& settings() const { return settings_; }

  // A session starts (+1) or stops (−1) taking `world`'s light as video.
  void watch(sim::WorldKind world, int change) {
    viewers_[sim::index_of(world)].fetch_add(change, std::memory_order_relaxed);
  }
  [[nodiscard]] int viewers(sim::WorldKind world) const {
    return viewers_[sim::index_of(world)].load(std::memory_order_relaxed);
  }
  [[nodiscard]] bool wanted(sim::WorldKind world) const {
    return enabled_ && viewers_[sim::index_of(world)].load(std::memory_order_relaxed) > 0;
  }
  // A session has no frame to start `world`'s video from.
  void ask_key(sim::WorldKind world) { key_asked_[sim::index_of(world)].store(true, std::memory_order_relaxed); }
  // Frame path: whether a key frame was asked for since the last one granted; clears the ask.
  [[nodiscard]] bool take_key_ask(sim::WorldKind world) {
    return key_asked_[sim::index_of(world)].exchange(false, std::memory_order_relaxed);
  }
  [[nodiscard]] bool key_asked(sim::WorldKind world) const {
    return key_asked_[sim::index_of(world)].load(std::memory_order_relaxed);
  }

 private:
  const bool enabled_;
  const VideoLightSettings settings_;
  std::array<std::atomic<int>, sim::kWorldKinds> viewers_{};
  std::array<std::atomic<bool>, sim::kWorldKinds> key_asked_{};
};

}  // namespace meadow::stream
