#include "net/outbox.hpp"

#include <algorithm>
#include <utility>

namespace meadow::net {

Outbox::~Outbox() {
  register_video(-1);
  register_trails(-1);
}

void Outbox::register_video(int change) {
  if (video_on_ && video_ != nullptr) video_->watch(world_, change);
}

void Outbox::register_trails(int change) {
  // Counted for the world watched: only a world that offers live trails builds them, for its own
  // watchers, so a viewer of another world costs the frame path nothing.
  if (trails_on_ && trails_ != nullptr) trails_->watch(world_, change);
}

void Outbox::set_trails(bool on) {
  on = on && trails_ != nullptr;
  if (on == trails_on_) return;
  register_trails(-1);
  trails_on_ = on;
  register_trails(+1);
  if (!on) trails_next_.reset();
}

void Outbox::follow_with_trails(const stream::FrameBundlePtr& bundle) {
  if (trails_on_ && !bundle->world(world_).trail_message.empty()) {
    trails_next_ = bundle;
  }
}

void Outbox::set_world(sim::WorldKind world) {
  if (world == world_) return;
  register_video(-1);
  register_trails(-1);
  world_ = world;
  register_video(+1);
  register_trails(+1);
  trails_next_.reset();
  // The frames waiting are of the other world's stream.
  frames_dropped_ += pending_.size();
  pending_.clear();
  reset_delta_chain();
}

void Outbox::set_video(bool wanted) {
  const bool on = wanted && video_ != nullptr && video_->enabled();
  if (on == video_on_) {
    // A viewer that says hello again with video has lost its picture: start from a key frame.
    if (on) chain_.reset();
    return;
  }
  register_video(-1);
  video_on_ = on;
  register_video(+1);
  chain_.reset();
  if (on && latest_ != nullptr) pending_.push_back({std::move(latest_), false});
  latest_.reset();
  if (!on && !pending_.empty()) {
    frames_dropped_ += pending_.size() - 1;
    latest_ = std::move(pending_.back().bundle);
    pending_.clear();
  }
}

void Outbox::offer_frame(stream::FrameBundlePtr bundle) {
  if (bundle->stream_restart) {
    // What waits and what the viewer holds belong to a stream that ended: start from a key frame.
    frames_dropped_ += pending_.size();
    pending_.clear();
    reset_delta_chain();
  }
  if (!video_on_) {
    if (latest_ != nullptr) ++frames_dropped_;
    latest_ = std::move(bundle);
    return;
  }
  pending_.push_back({std::move(bundle), false});
  trim_video();
}

bool Outbox::offer_reliable(SharedBytes message) {
  if (reliable_.size() >= reliable_capacity_) return false;
  reliable_.push_back(std::move(message));
  return true;
}

void Outbox::lost_frames() {
  if (video_on_) chain_.reset();
}

void Outbox::trim_video() {
  const auto live = [this] {
    return static_cast<std::size_t>(std::count_if(pending_.begin(), pending_.end(), [](const Waiting& w) { return !w.skip; }));
  };
  // Skips every waiting frame but the newest that `skippable` says may go, while more than
  // `most` wait.
  const auto skip_while = [&](std::size_t most, auto skippable) {
    for (auto it = pending_.begin(); live() > most && it + 1 != pending_.end(); ++it) {
      if (!it->skip && skippable(it->bundle->world(world_))) it->skip = true;
    }
  };
  // One frame may wait while one is written; past that the top layer goes, then every upper one
  // (and zstd-only frames, which no video frame refers to).
  skip_while(1, [](const stream::WorldFrame& f) { return f.video_message.empty() || !f.video_reference; });
  skip_while(kVideoBacklog, [](const stream::WorldFrame& f) { return f.video_message.empty() || f.video_layer > 0; });
  if (live() <= kVideoBacklog && pending_.size() <= kVideoQueueMost) return;
  // Even layer 0 cannot keep up: give up the chain; the newest frame goes as a zstd key frame and
  // the video starts again from the next key frame.
  frames_dropped_ += pending_.size() - 1;
  pending_.erase(pending_.begin(), pending_.end() - 1);
  chain_.reset();
}

OutMessage Outbox::zstd_message(stream::FrameBundlePtr bundle) {
  const stream::WorldFrame& frame = bundle->world(world_);
  const bool delta_fits = !frame.delta_message.empty() && last_sent_frame_ && *last_sent_frame_ == frame.delta_base;
  const std::string& bytes = delta_fits ? frame.delta_message : frame.key_message;
  last_sent_frame_ = bundle->number;
  follow_with_trails(bundle);
  const std::uint64_t number = bundle->number;
  return OutMessage{std::move(bundle), std::string_view{bytes}, true, number};
}

std::optional<OutMessage> Outbox::next_video() {
  while (!pending_.empty()) {
    Waiting waiting = std::move(pending_.front());
    pending_.pop_front();
    const stream::WorldFrame& frame = waiting.bundle->world(world_);
    if (frame.key_message.empty()) continue;  // this world is not streamed in the bundle
    const bool newest = pending_.empty();
    if (!frame.video_message.empty()) {
      if (!waiting.skip && chain_.can_send(frame.video_key, frame.video_layer)) {
        chain_.sent(frame.video_key, frame.video_layer);
        last_sent_frame_.reset();  // the viewer's zstd base is gone: its next zstd frame is a key
        follow_with_trails(waiting.bundle);
        const std::uint64_t number = waiting.bundle->number;
        const std::string_view bytes{frame.video_message};
        return OutMessage{std::move(waiting.bundle), bytes, true, number, true};
      }
      chain_.skipped(frame.video_key, frame.video_layer, frame.video_reference);
      if (!chain_.started() && video_ != nullptr) video_->ask_key(world_);
      // Without a chain the viewer still sees the light: the newest frame as zstd.
      if (newest && !chain_.started()) return zstd_message(std::move(waiting.bundle));
    } else if (newest) {
      return zstd_message(std::move(waiting.bundle));
    }
    ++frames_dropped_;
  }
  return std::nullopt;
}

std::optional<OutMessage> Outbox::next() {
  if (!reliable_.empty()) {
    SharedBytes message = std::move(reliable_.front());
    reliable_.pop_front();
    const std::string_view bytes{*message};
    return OutMessage{std::move(message), bytes};
  }
  if (trails_next_ != nullptr) {
    stream::FrameBundlePtr bundle = std::move(trails_next_);
    trails_next_.reset();
    const std::string_view bytes{bundle->world(world_).trail_message};
    return OutMessage{std::move(bundle), bytes};
  }
  if (video_on_) return next_video();
  if (latest_ != nullptr) {
    stream::FrameBundlePtr bundle = std::move(latest_);
    latest_.reset();
    if (bundle->world(world_).key_message.empty()) return std::nullopt;  // this world is not streamed in the bundle
    return zstd_message(std::move(bundle));
  }
  return std::nullopt;
}

}  // namespace meadow::net
