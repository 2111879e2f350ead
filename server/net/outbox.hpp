#pragma once
// What one session still has to send: a one-slot "latest frame" (a newer frame replaces an unsent
// older one) plus a bounded queue of reliable messages (rocks, notices, pongs). Nothing here
// grows without bound: a session that cannot keep up loses stale frames, and one whose reliable
// queue overflows is marked to be closed, because a reliable message must never be lost silently.
// Not thread-safe: the owning session serialises access (its strand).
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "stream/frame_bundle.hpp"

namespace meadow::net {

// Bytes to write plus whatever keeps them alive until the write completes.
struct OutMessage {
  std::shared_ptr<const void> owner;
  std::string_view bytes;
  bool is_frame = false;
  std::uint64_t frame_number = 0;
};

using SharedBytes = std::shared_ptr<const std::string>;

// One encoded message, to be shared by whoever sends it.
[[nodiscard]] inline SharedBytes shared(std::string bytes) { return std::make_shared<const std::string>(std::move(bytes)); }

class Outbox {
 public:
  explicit Outbox(std::size_t reliable_capacity) : reliable_capacity_(reliable_capacity) {}

  void set_world(sim::WorldKind world) { world_ = world; }
  [[nodiscard]] sim::WorldKind world() const { return world_; }

  // Keeps only the newest frame; counts the one it replaces as dropped.
  void offer_frame(stream::FrameBundlePtr bundle);
  // False when the queue is full: the caller must close the session.
  [[nodiscard]] bool offer_reliable(SharedBytes message);

  // The next message to write, reliable messages first; nullopt when there is nothing to send.
  // A frame goes out as a delta when this session sent the delta's base, else as a key frame.
  [[nodiscard]] std::optional<OutMessage> next();

  [[nodiscard]] bool has_frame() const { return latest_ != nullptr; }
  [[nodiscard]] std::size_t reliable_size() const { return reliable_.size(); }
  [[nodiscard]] std::size_t reliable_capacity() const { return reliable_capacity_; }
  [[nodiscard]] std::uint64_t frames_dropped() const { return frames_dropped_; }
  // Forget what was sent, so the next frame is a key frame (after a world switch, say).
  void reset_delta_chain() { last_sent_frame_.reset(); }

 private:
  const std::size_t reliable_capacity_;
  sim::WorldKind world_ = sim::WorldKind::swarm;
  stream::FrameBundlePtr latest_;
  std::deque<SharedBytes> reliable_;
  std::optional<std::uint64_t> last_sent_frame_;
  std::uint64_t frames_dropped_ = 0;
};

}  // namespace meadow::net
