#pragma once
// The load mode of meadow-watch: N viewers in one process (asynchronous links on a few
// threads, not N processes), each doing what a person does: mostly watching, now and then
// holding and moving a predator or placing a rock and taking it away again. Reports what they
// received and how long their own actions took to show.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>

#include "watch/viewer_link.hpp"

namespace meadow::client {

enum class Transport { kWebSocket, kGrpc };

struct LoadOptions {
  LinkTarget target;             // host and the port of the chosen transport
  Transport transport = Transport::kWebSocket;
  std::uint16_t http_port = 0;   // the server's HTTP port for /metrics (0: not read)
  std::uint32_t viewers = 50;
  std::chrono::seconds duration{20};
  unsigned threads = 2;          // I/O threads for the WebSocket links
  std::uint64_t seed = 1;        // what the people do, and when
  bool act = true;               // people place rocks and move predators (else they only watch)
  // Of the viewers, this many replay the night instead (docs/gallery.md "Tonight so far"): from
  // the start of what is kept at `replay_speed`, again each time the server ends one.
  std::uint32_t replayers = 0;
  std::uint32_t replay_speed = 60;
  const std::atomic<bool>* interrupted = nullptr;  // set (Ctrl-C): the run ends early and reports
};

struct LoadReport {
  std::uint32_t viewers = 0;
  std::uint32_t viewers_with_frames = 0;
  std::uint32_t viewers_closed_early = 0;
  double seconds = 0.0;
  std::uint64_t frames_received = 0;
  std::uint64_t frames_dropped = 0;  // gaps in frame numbers: frames the server skipped for a slow viewer
  // Per viewer, over the time since it was connected (arrivals are spread over the first seconds).
  double frames_per_viewer_per_s = 0.0;
  double bytes_per_viewer_per_s = 0.0;
  // The fewest frames a second any one viewer received: a viewer whose stream stalled shows
  // here even when the others make the mean look fine.
  double slowest_viewer_frames_per_s = 0.0;
  std::uint64_t actions_sent = 0;
  std::uint64_t latency_samples = 0;
  double latency_p50_ms = 0.0;
  double latency_p99_ms = 0.0;
  // The live viewers alone (those that do not replay), and the replayers alone.
  double live_frames_per_viewer_per_s = 0.0;
  std::uint32_t replayers = 0;
  double bytes_per_replayer_per_s = 0.0;
  std::uint64_t replays_started = 0;
  std::uint64_t replays_refused = 0;
  double server_tick_p99_ms = -1.0;  // the worst of the server's p99 readings during the run; <0: unknown
  double server_rss_mb = -1.0;       // the server's resident memory at the end; <0: unknown
  std::string first_close_reason;

  [[nodiscard]] std::string json() const;
  [[nodiscard]] std::string text() const;
};

// Runs the load for the duration; throws std::runtime_error when nothing could be started.
[[nodiscard]] LoadReport run_load(const LoadOptions& options);

}  // namespace meadow::client
