#pragma once
// The server's live figures, written by the sim thread and network threads with relaxed atomics
// and rendered as Prometheus text at /metrics. Fixed set of series: no allocation when counting.
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

#include "net/meadow_status.hpp"
#include "sim/world_kind.hpp"

namespace meadow::net {

// A Prometheus histogram with fixed upper bounds, lock-free to observe.
class Histogram {
 public:
  // Upper bounds of the buckets in seconds, from 50 µs to 1 s; +Inf is implied.
  static constexpr std::array<double, 12> kBounds = {0.00005, 0.0001, 0.00025, 0.0005, 0.001,
                                                     0.0025,  0.005,  0.01,    0.025,  0.05,
                                                     0.1,     1.0};
  void observe(double seconds);
  // Appends the series `name{labels,le=...}`, `_sum` and `_count`.
  void render(std::string& out, const std::string& name, const std::string& labels) const;
  [[nodiscard]] std::uint64_t count() const { return count_.load(std::memory_order_relaxed); }

 private:
  std::array<std::atomic<std::uint64_t>, kBounds.size() + 1> buckets_{};
  std::atomic<std::uint64_t> count_{0};
  std::atomic<std::uint64_t> sum_nanos_{0};
};

// One series in the Prometheus text format, with its HELP and TYPE lines (the edges' relay and
// link render theirs with these too).
void render_counter(std::string& out, const char* name, const char* help, std::uint64_t value);
void render_gauge(std::string& out, const char* name, const char* help, std::int64_t value);
void render_histogram(std::string& out, const char* name, const char* help, const Histogram& histogram);

struct Metrics {
  std::atomic<std::uint64_t> ticks_total{0};
  // When the sim thread last ran a tick, ms of the steady clock; 0: no sim in this process (an
  // edge). /healthz reads it: a thread that stopped ticking is a server to restart.
  std::atomic<std::int64_t> sim_alive_ms{0};
  std::atomic<std::uint64_t> ticks_skipped_total{0};  // ticks dropped to slow down, not stutter
  // One step of each world's engine (some take several a tick, others one), indexed by
  // sim::WorldKind; rendered for the worlds that run, labelled by world.
  std::array<Histogram, sim::kWorldKinds> step_seconds;
  std::array<std::atomic<bool>, sim::kWorldKinds> world_runs{};
  Histogram frame_build_seconds;
  Histogram tick_seconds;  // a whole tick: actions, steps, frame
  Histogram snapshot_copy_seconds;  // the sim thread's copy of the meadow for a snapshot
  std::atomic<std::uint64_t> tick_p99_nanos{0};  // over about the last 10 s
  std::atomic<std::uint64_t> ticks_over_budget_total{0};  // ticks that took longer than 1/60 s
  std::atomic<std::uint64_t> frames_total{0};
  std::atomic<std::uint64_t> sent_bytes_total{0};
  std::atomic<std::uint64_t> sent_frames_total{0};
  // Bytes of frames written to sessions by the light codec they carried: zstd, VP9 video.
  std::atomic<std::uint64_t> frame_bytes_zstd_total{0};
  std::atomic<std::uint64_t> frame_bytes_video_total{0};
  Histogram video_encode_seconds;  // one world's light encoded as one video frame
  std::atomic<std::uint64_t> frames_dropped_total{0};     // replaced before a slow session sent them
  std::atomic<std::uint64_t> received_messages_total{0};
  std::atomic<std::uint64_t> rejected_messages_total{0};  // failed validation or rate limits
  std::atomic<std::uint64_t> sessions_closed_slow_total{0};
  std::atomic<std::int64_t> sessions{0};
  std::atomic<std::uint64_t> http_requests_total{0};
  std::atomic<std::uint64_t> http_bad_requests_total{0};  // answered 4xx before being served
  std::atomic<std::int64_t> connections{0};               // HTTP connections open (viewers' included)
  // Refused at the door: the server was full, or the address held all it may.
  std::atomic<std::uint64_t> connections_refused_full_total{0};
  std::atomic<std::uint64_t> connections_refused_address_total{0};
  std::atomic<std::uint64_t> viewers_refused_full_total{0};
  std::atomic<std::uint64_t> viewers_refused_address_total{0};
  std::atomic<std::uint64_t> viewers_kept_out_total{0};  // addresses the operator keeps out
  std::atomic<std::uint64_t> viewers_refused_origin_total{0};  // a WebSocket from a page not allowed
  std::atomic<std::uint64_t> accept_errors_total{0};  // accept() failed (out of descriptors, say)

  // More series, from parts of the server net/ does not know (the edges' relay, docs/edges.md); set
  // before the server starts.
  std::function<void(std::string& out)> render_more;

  // The whole exposition, Prometheus text format 0.0.4.
  [[nodiscard]] std::string render() const;
  // Each world's engine (an info series) and its live figures (a gauge labelled by world and
  // figure), from the sim's latest status.
  [[nodiscard]] static std::string render_worlds(const MeadowStatus& status);
};

}  // namespace meadow::net
