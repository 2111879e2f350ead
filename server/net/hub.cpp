#include "net/hub.hpp"

#include <algorithm>
#include <utility>

namespace meadow::net {

Hub::Hub(bool video, stream::VideoLightSettings video_settings)
    : land_(std::make_shared<const sim::Land>()), video_(video, video_settings) {}

LandSnapshot Hub::join(const std::shared_ptr<HubSession>& session) {
  const std::lock_guard lock(mutex_);
  sessions_[session->id()] = session;
  return land_;
}

void Hub::leave(std::uint64_t session_id) {
  const std::lock_guard lock(mutex_);
  sessions_.erase(session_id);
}

void Hub::start_session_ids_at(std::uint64_t first) {
  const std::lock_guard lock(mutex_);
  next_id_ = std::max(next_id_, first);
  first_id_ = std::max(first_id_, first);
}

std::uint64_t Hub::first_session_id() const {
  const std::lock_guard lock(mutex_);
  return first_id_;
}

std::uint64_t Hub::reserve_session_ids(std::uint64_t count) {
  const std::lock_guard lock(mutex_);
  const std::uint64_t first = next_id_;
  next_id_ += count;
  return first;
}

std::uint64_t Hub::next_session_id() {
  const std::lock_guard lock(mutex_);
  return next_id_++;
}

std::vector<std::shared_ptr<HubSession>> Hub::sessions_locked() const {
  std::vector<std::shared_ptr<HubSession>> live;
  live.reserve(sessions_.size());
  for (const auto& [id, weak] : sessions_) {
    if (auto session = weak.lock()) live.push_back(std::move(session));
  }
  return live;
}

void Hub::publish(stream::FrameBundlePtr bundle) {
  latest_tick_.store(bundle->tick, std::memory_order_relaxed);
  std::vector<std::shared_ptr<HubSession>> live;
  {
    const std::lock_guard lock(mutex_);
    live = sessions_locked();
  }
  latest_sessions_.store(live.size(), std::memory_order_relaxed);
  for (const auto& session : live) session->deliver_frame(bundle);
  if (relay_ != nullptr) relay_->relay_frame(bundle);
}

void Hub::broadcast(SharedBytes message) {
  std::vector<std::shared_ptr<HubSession>> live;
  {
    const std::lock_guard lock(mutex_);
    live = sessions_locked();
  }
  for (const auto& session : live) session->deliver_reliable(message);
  if (relay_ != nullptr) relay_->relay_broadcast(message, nullptr);
}

void Hub::set_standing_notice(SharedBytes message) {
  const std::lock_guard lock(mutex_);
  standing_notice_ = std::move(message);
}

SharedBytes Hub::standing_notice() const {
  const std::lock_guard lock(mutex_);
  return standing_notice_;
}

bool Hub::send_to(std::uint64_t session_id, SharedBytes message) {
  std::shared_ptr<HubSession> session;
  {
    const std::lock_guard lock(mutex_);
    const auto it = sessions_.find(session_id);
    if (it != sessions_.end()) session = it->second.lock();
  }
  if (!session) return relay_ != nullptr && relay_->relay_send_to(session_id, message);
  session->deliver_reliable(std::move(message));
  return true;
}

void Hub::update_land(LandSnapshot land, SharedBytes announcement) {
  std::vector<std::shared_ptr<HubSession>> live;
  {
    const std::lock_guard lock(mutex_);
    land_ = std::move(land);
    if (announcement) live = sessions_locked();
    // Deliveries only post onto each session's strand, so doing them under the lock is cheap,
    // and it orders them before any session that joins after the new land is visible.
    for (const auto& session : live) session->deliver_land(announcement);
    // The edges get the new land with the announcement (or alone), in the same order.
    if (relay_ != nullptr) relay_->relay_broadcast(announcement, land_);
  }
}

LandSnapshot Hub::land() const {
  const std::lock_guard lock(mutex_);
  return land_;
}

void Hub::close_all(const char* reason) {
  std::vector<std::shared_ptr<HubSession>> live;
  {
    const std::lock_guard lock(mutex_);
    live = sessions_locked();
  }
  for (const auto& session : live) session->close_soon(reason);
}

bool Hub::close(std::uint64_t session_id, const char* reason) {
  std::shared_ptr<HubSession> session;
  {
    const std::lock_guard lock(mutex_);
    const auto it = sessions_.find(session_id);
    if (it != sessions_.end()) session = it->second.lock();
  }
  if (!session) return relay_ != nullptr && relay_->relay_close(session_id, reason);
  session->close_soon(reason);
  return true;
}

std::vector<SessionInfo> Hub::sessions() const {
  std::vector<std::shared_ptr<HubSession>> live;
  {
    const std::lock_guard lock(mutex_);
    live = sessions_locked();
  }
  std::vector<SessionInfo> out;
  out.reserve(live.size());
  for (const auto& session : live) out.push_back(session->info());
  if (relay_ != nullptr) relay_->relay_sessions(out);
  std::sort(out.begin(), out.end(), [](const SessionInfo& a, const SessionInfo& b) { return a.id < b.id; });
  return out;
}

void Hub::publish_status(std::shared_ptr<const MeadowStatus> status) {
  const std::lock_guard lock(mutex_);
  status_ = std::move(status);
}

std::shared_ptr<const MeadowStatus> Hub::status() const {
  const std::lock_guard lock(mutex_);
  return status_;
}

std::size_t Hub::session_count() const {
  return local_session_count() + (relay_ != nullptr ? relay_->relay_session_count() : 0);
}

std::vector<EdgeSummary> Hub::edges() const {
  return relay_ != nullptr ? relay_->relay_edges() : std::vector<EdgeSummary>{};
}

std::size_t Hub::local_session_count() const {
  const std::lock_guard lock(mutex_);
  return sessions_.size();
}

}  // namespace meadow::net
