#pragma once
// What every viewer session counts, the same for the WebSocket and gRPC: the world it watches,
// bytes and frames sent, frames dropped (replaced before it took them), both in the server's
// metrics and for the operator's list of viewers. Written by the session, read from any thread.
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>

#include "net/meadow_status.hpp"
#include "net/metrics.hpp"
#include "stream/frame_bundle.hpp"

namespace meadow::net {

class SessionCounters {
 public:
  explicit SessionCounters(Metrics& metrics) : metrics_(metrics) {}

  void watching(sim::WorldKind world) { world_.store(static_cast<int>(world), std::memory_order_relaxed); }
  void frame_dropped(std::uint64_t frames = 1) {
    metrics_.frames_dropped_total.fetch_add(frames, std::memory_order_relaxed);
    frames_dropped_.fetch_add(frames, std::memory_order_relaxed);
  }
  // The session's outbox has dropped `outbox_total` frames in all: counts the new ones. Called
  // by the session's one writer (its strand or its lock).
  void outbox_dropped(std::uint64_t outbox_total) {
    if (outbox_total > outbox_reported_) frame_dropped(outbox_total - outbox_reported_);
    outbox_reported_ = outbox_total;
  }
  // `video`: the frame's light was video (counted apart, per codec).
  void sent(std::size_t bytes, bool frame, bool video = false) {
    metrics_.sent_bytes_total.fetch_add(bytes, std::memory_order_relaxed);
    bytes_sent_.fetch_add(bytes, std::memory_order_relaxed);
    if (!frame) return;
    (video ? metrics_.frame_bytes_video_total : metrics_.frame_bytes_zstd_total).fetch_add(bytes, std::memory_order_relaxed);
    metrics_.sent_frames_total.fetch_add(1, std::memory_order_relaxed);
    frames_sent_.fetch_add(1, std::memory_order_relaxed);
  }
  [[nodiscard]] std::uint64_t frames_dropped() const { return frames_dropped_.load(std::memory_order_relaxed); }

  [[nodiscard]] SessionInfo info(std::uint64_t id, const std::string& address) const {
    SessionInfo out;
    out.id = id;
    out.address = address;
    out.world = static_cast<sim::WorldKind>(world_.load(std::memory_order_relaxed));
    out.connected_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - connected_at_).count();
    out.bytes_sent = bytes_sent_.load(std::memory_order_relaxed);
    out.frames_sent = frames_sent_.load(std::memory_order_relaxed);
    out.frames_dropped = frames_dropped();
    return out;
  }

 private:
  Metrics& metrics_;
  const std::chrono::steady_clock::time_point connected_at_ = std::chrono::steady_clock::now();
  std::atomic<int> world_{static_cast<int>(sim::kAllWorldKinds.front())};
  std::atomic<std::uint64_t> bytes_sent_{0};
  std::atomic<std::uint64_t> frames_sent_{0};
  std::atomic<std::uint64_t> frames_dropped_{0};
  std::uint64_t outbox_reported_ = 0;
};

}  // namespace meadow::net
