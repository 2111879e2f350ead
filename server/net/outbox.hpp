#pragma once
// What one session still has to send: a one-slot "latest frame" (a newer frame replaces an unsent
// older one) plus a bounded queue of reliable messages (rocks, notices, pongs). Nothing here
// grows without bound: a session that cannot keep up loses stale frames, and one whose reliable
// queue overflows is marked to be closed, because a reliable message must never be lost silently.
//
// A session that takes the light as video (docs/light-codec.md) cannot simply skip to the newest
// frame: later video frames refer to earlier ones. Its frames wait in a short queue instead; when
// more than one waits, frames of the top temporal layer (referred to by nobody) are skipped, then
// the upper layers' frames, so a slow link gets 15 or 7.5 frames a second of the same stream; only
// when even layer 0 falls kVideoBacklog frames behind does it give up the chain. VideoChain
// decides, frame by frame in order, what the viewer can still decode. Until the viewer has a key
// frame (joined, switched worlds, gave up the chain) it is sent the zstd frames and a key frame is
// asked of the frame path. Not thread-safe: the owning session serialises access (its strand).
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "stream/frame_bundle.hpp"
#include "stream/trail_demand.hpp"
#include "stream/video_demand.hpp"
#include "stream/video_light.hpp"

namespace meadow::net {

// Bytes to write plus whatever keeps them alive until the write completes.
struct OutMessage {
  std::shared_ptr<const void> owner;
  std::string_view bytes;
  bool is_frame = false;
  std::uint64_t frame_number = 0;
  bool video = false;  // the frame's light is video
};

// Layer-0 frames that may wait for a video session before it gives up its chain (about half a
// second at 30 frames a second: four periods of the layer pattern).
inline constexpr std::size_t kVideoBacklog = 4;
// Frames of any layer that may wait at all (the skipped ones are held to be passed in order).
inline constexpr std::size_t kVideoQueueMost = 4 * stream::kVideoPeriod + 1;

using SharedBytes = std::shared_ptr<const std::string>;

// One encoded message, to be shared by whoever sends it.
[[nodiscard]] inline SharedBytes shared(std::string bytes) { return std::make_shared<const std::string>(std::move(bytes)); }

class Outbox {
 public:
  // `video`: where the session registers as taking the light as video (null: it never does);
  // `trails`: where it registers as watching a world's live trails (null: it never does).
  explicit Outbox(std::size_t reliable_capacity, stream::VideoDemand* video = nullptr,
                  stream::TrailDemand* trails = nullptr)
      : reliable_capacity_(reliable_capacity), video_(video), trails_(trails) {}
  ~Outbox();
  Outbox(const Outbox&) = delete;
  Outbox& operator=(const Outbox&) = delete;

  void set_world(sim::WorldKind world);
  [[nodiscard]] sim::WorldKind world() const { return world_; }
  // The viewer decodes video (its Hello offered it); taken only where the server sends video.
  void set_video(bool wanted);
  [[nodiscard]] bool video() const { return video_on_; }
  // The viewer watches the live trails: each frame of a world that has them is followed by its
  // trail points.
  void set_trails(bool on);
  [[nodiscard]] bool trails() const { return trails_on_; }

  // Without video: keeps only the newest frame; counts the one it replaces as dropped. With
  // video: queues it and skips what a slow link cannot carry (above).
  void offer_frame(stream::FrameBundlePtr bundle);
  // Frames were lost before they reached the outbox: a video chain cannot go on.
  void lost_frames();
  // False when the queue is full: the caller must close the session.
  [[nodiscard]] bool offer_reliable(SharedBytes message);

  // The next message to write, reliable messages first; nullopt when there is nothing to send.
  // A frame goes out as a delta when this session sent the delta's base, else as a key frame.
  [[nodiscard]] std::optional<OutMessage> next();

  [[nodiscard]] bool has_frame() const { return latest_ != nullptr || !pending_.empty(); }
  [[nodiscard]] std::size_t reliable_size() const { return reliable_.size(); }
  [[nodiscard]] std::size_t reliable_capacity() const { return reliable_capacity_; }
  [[nodiscard]] std::uint64_t frames_dropped() const { return frames_dropped_; }
  // The frames change source (a replay of the night starts or ends): what waits is dropped and
  // the next frame is a key frame.
  void restart_frames() {
    frames_dropped_ += pending_.size() + (latest_ != nullptr ? 1 : 0);
    pending_.clear();
    latest_.reset();
    trails_next_.reset();
    reset_delta_chain();
  }
  // Forget what was sent, so the next frame is a key frame (after a world switch, say).
  void reset_delta_chain() {
    last_sent_frame_.reset();
    chain_.reset();
  }

 private:
  struct Waiting {
    stream::FrameBundlePtr bundle;
    bool skip = false;
  };
  [[nodiscard]] OutMessage zstd_message(stream::FrameBundlePtr bundle);
  [[nodiscard]] std::optional<OutMessage> next_video();
  void trim_video();
  void register_video(int change);
  void register_trails(int change);
  // The frame just returned, whose trail points go next (when the viewer watches trails).
  void follow_with_trails(const stream::FrameBundlePtr& bundle);

  const std::size_t reliable_capacity_;
  stream::VideoDemand* const video_;
  stream::TrailDemand* const trails_;
  bool video_on_ = false;
  bool trails_on_ = false;
  stream::FrameBundlePtr trails_next_;  // the bundle whose trail message is the next to write
  sim::WorldKind world_ = sim::kAllWorldKinds.front();
  stream::FrameBundlePtr latest_;
  std::deque<Waiting> pending_;  // video sessions' frames, oldest first
  stream::VideoChain chain_;
  std::deque<SharedBytes> reliable_;
  std::optional<std::uint64_t> last_sent_frame_;
  std::uint64_t frames_dropped_ = 0;
};

}  // namespace meadow::net
