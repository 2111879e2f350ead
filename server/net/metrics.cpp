#include "net/metrics.hpp"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <fmt/format.h>

namespace meadow::net {

namespace {

constexpr double kNanosPerSecond = 1e9;

// The process's resident set from /proc/self/statm (pages × page size); 0 where unreadable.
std::int64_t resident_bytes() {
  std::FILE* f = std::fopen("/proc/self/statm", "r");
  if (f == nullptr) return 0;
  long long size = 0;
  long long resident = 0;
  const int read = std::fscanf(f, "%lld %lld", &size, &resident);
  std::fclose(f);
  return read == 2 ? static_cast<std::int64_t>(resident) * sysconf(_SC_PAGESIZE) : 0;
}

template <typename T>
T load(const std::atomic<T>& a) {
  return a.load(std::memory_order_relaxed);
}

}  // namespace

void render_counter(std::string& out, const char* name, const char* help, std::uint64_t value) {
  out += fmt::format("# HELP {0} {1}\n# TYPE {0} counter\n{0} {2}\n", name, help, value);
}

void render_gauge(std::string& out, const char* name, const char* help, std::int64_t value) {
  out += fmt::format("# HELP {0} {1}\n# TYPE {0} gauge\n{0} {2}\n", name, help, value);
}

void render_histogram(std::string& out, const char* name, const char* help, const Histogram& histogram) {
  out += fmt::format("# HELP {0} {1}\n# TYPE {0} histogram\n", name, help);
  histogram.render(out, name, "");
}

void Histogram::observe(double seconds) {
  std::size_t i = 0;
  while (i < kBounds.size() && seconds > kBounds[i]) ++i;
  buckets_[i].fetch_add(1, std::memory_order_relaxed);
  count_.fetch_add(1, std::memory_order_relaxed);
  const double nanos = std::isfinite(seconds) && seconds > 0 ? seconds * kNanosPerSecond : 0.0;
  sum_nanos_.fetch_add(static_cast<std::uint64_t>(nanos), std::memory_order_relaxed);
}

void Histogram::render(std::string& out, const std::string& name, const std::string& labels) const {
  const std::string sep = labels.empty() ? "" : ",";
  std::uint64_t cumulative = 0;
  for (std::size_t i = 0; i < kBounds.size(); ++i) {
    cumulative += load(buckets_[i]);
    out += fmt::format("{}_bucket{{{}{}le=\"{}\"}} {}\n", name, labels, sep, kBounds[i], cumulative);
  }
  cumulative += load(buckets_[kBounds.size()]);
  out += fmt::format("{}_bucket{{{}{}le=\"+Inf\"}} {}\n", name, labels, sep, cumulative);
  const std::string braces = labels.empty() ? "" : "{" + labels + "}";
  out += fmt::format("{}_sum{} {}\n", name, braces,
                     static_cast<double>(load(sum_nanos_)) / kNanosPerSecond);
  out += fmt::format("{}_count{} {}\n", name, braces, cumulative);
}

std::string Metrics::render() const {
  std::string out;
  out.reserve(4096);
  render_counter(out, "meadow_ticks_total", "Simulation ticks run.", load(ticks_total));
  render_counter(out, "meadow_ticks_skipped_total",
          "Ticks skipped because steps could not keep up (the meadow slows instead of stuttering).",
          load(ticks_skipped_total));
  out += "# HELP meadow_step_seconds Time to step one world by one tick.\n";
  out += "# TYPE meadow_step_seconds histogram\n";
  for (const sim::WorldKind kind : sim::kAllWorldKinds) {
    if (!world_runs[sim::index_of(kind)].load(std::memory_order_relaxed)) continue;
    step_seconds[sim::index_of(kind)].render(out, "meadow_step_seconds", fmt::format("world=\"{}\"", sim::world_name(kind)));
  }
  out += "# HELP meadow_frame_build_seconds Time to raster and encode one frame bundle.\n";
  out += "# TYPE meadow_frame_build_seconds histogram\n";
  frame_build_seconds.render(out, "meadow_frame_build_seconds", "");
  if (snapshot_copy_seconds.count() > 0) {
    out += "# HELP meadow_snapshot_copy_seconds The sim thread's copy of the meadow for a snapshot.\n";
    out += "# TYPE meadow_snapshot_copy_seconds histogram\n";
    snapshot_copy_seconds.render(out, "meadow_snapshot_copy_seconds", "");
  }
  if (video_encode_seconds.count() > 0) {
    out += "# HELP meadow_video_encode_seconds Time to encode one world's light as one video frame.\n";
    out += "# TYPE meadow_video_encode_seconds histogram\n";
    video_encode_seconds.render(out, "meadow_video_encode_seconds", "");
  }
  render_counter(out, "meadow_frames_total", "Frame bundles built (each encoded once).", load(frames_total));
  out += "# HELP meadow_frame_bytes_total Bytes of frames written to sessions, by the light codec they carried.\n";
  out += "# TYPE meadow_frame_bytes_total counter\n";
  out += fmt::format("meadow_frame_bytes_total{{codec=\"zstd\"}} {}\n", load(frame_bytes_zstd_total));
  out += fmt::format("meadow_frame_bytes_total{{codec=\"vp9\"}} {}\n", load(frame_bytes_video_total));
  render_counter(out, "meadow_sent_frames_total", "Frames written to sessions.", load(sent_frames_total));
  render_counter(out, "meadow_frames_dropped_total",
          "Frames replaced by a newer one before a slow session could send them.",
          load(frames_dropped_total));
  render_counter(out, "meadow_sent_bytes_total", "Bytes written to viewers (HTTP responses and WebSocket messages).",
          load(sent_bytes_total));
  render_counter(out, "meadow_received_messages_total", "Messages received from viewers.",
          load(received_messages_total));
  render_counter(out, "meadow_rejected_messages_total",
          "Viewer messages rejected by validation or rate limits.", load(rejected_messages_total));
  render_counter(out, "meadow_sessions_closed_slow_total",
          "Sessions closed because they stayed behind past the limits.",
          load(sessions_closed_slow_total));
  render_counter(out, "meadow_http_requests_total", "HTTP requests served.", load(http_requests_total));
  render_counter(out, "meadow_http_bad_requests_total", "HTTP requests refused as malformed or too large.",
          load(http_bad_requests_total));
  render_gauge(out, "meadow_connections", "HTTP connections open, viewers' included.", load(connections));
  out += "# HELP meadow_refused_total Connections and viewers refused at the door.\n# TYPE meadow_refused_total counter\n";
  out += fmt::format("meadow_refused_total{{what=\"connection\",why=\"full\"}} {}\n", load(connections_refused_full_total));
  out += fmt::format("meadow_refused_total{{what=\"connection\",why=\"address\"}} {}\n", load(connections_refused_address_total));
  out += fmt::format("meadow_refused_total{{what=\"viewer\",why=\"full\"}} {}\n", load(viewers_refused_full_total));
  out += fmt::format("meadow_refused_total{{what=\"viewer\",why=\"address\"}} {}\n", load(viewers_refused_address_total));
  out += fmt::format("meadow_refused_total{{what=\"viewer\",why=\"kept_out\"}} {}\n", load(viewers_kept_out_total));
  out += fmt::format("meadow_refused_total{{what=\"viewer\",why=\"origin\"}} {}\n", load(viewers_refused_origin_total));
  render_counter(out, "meadow_accept_errors_total", "Failed accepts (the listener backs off after each).",
          load(accept_errors_total));
  render_gauge(out, "meadow_sessions", "Viewer sessions connected.", load(sessions));
  out += "# HELP meadow_tick_seconds Time of one whole tick (actions, steps, frame).\n";
  out += "# TYPE meadow_tick_seconds histogram\n";
  tick_seconds.render(out, "meadow_tick_seconds", "");
  out += fmt::format("# HELP meadow_tick_p99_seconds A whole tick's 99th percentile over about the last 10 s.\n"
                     "# TYPE meadow_tick_p99_seconds gauge\nmeadow_tick_p99_seconds {}\n",
                     static_cast<double>(load(tick_p99_nanos)) * 1e-9);
  render_counter(out, "meadow_ticks_over_budget_total", "Ticks that took longer than one tick (1/60 s).",
          load(ticks_over_budget_total));
  render_gauge(out, "process_resident_memory_bytes", "Resident memory of the server process.", resident_bytes());
  if (render_more) render_more(out);
  return out;
}

std::string Metrics::render_worlds(const MeadowStatus& status) {
  std::string out = "# HELP meadow_engine_info The engine each world runs on.\n# TYPE meadow_engine_info gauge\n";
  for (const WorldStatus& w : status.worlds) {
    out += fmt::format("meadow_engine_info{{world=\"{}\",engine=\"{}\"}} 1\n", sim::world_name(w.kind), w.engine);
  }
  out += "# HELP meadow_world_figure Each world's live figures (count, store, order, …).\n# TYPE meadow_world_figure gauge\n";
  for (const WorldStatus& w : status.worlds) {
    for (const auto& [name, value] : w.figures) {
      out += fmt::format("meadow_world_figure{{world=\"{}\",figure=\"{}\"}} {}\n", sim::world_name(w.kind), name, value);
    }
  }
  if (status.save) {
    const SaveStatus& s = *status.save;
    const auto gauge = [&](const char* name, const char* help, double value) {
      out += fmt::format("# HELP {0} {1}\n# TYPE {0} gauge\n{0} {2}\n", name, help, value);
    };
    const auto counter = [&](const char* name, const char* help, std::uint64_t value) {
      out += fmt::format("# HELP {0} {1}\n# TYPE {0} counter\n{0} {2}\n", name, help, value);
    };
    gauge("meadow_store_saving", "1 while the meadow is being saved; 0 when the store fails (see the log).",
          s.saving ? 1.0 : 0.0);
    gauge("meadow_snapshot_last_timestamp_seconds", "Unix time of the last snapshot written (0: none yet).",
          static_cast<double>(s.last_snapshot_at_ms) / 1000.0);
    gauge("meadow_snapshot_last_tick", "The tick of the last snapshot written.", static_cast<double>(s.last_snapshot_tick));
    gauge("meadow_snapshot_last_bytes", "Size of the last snapshot written.", static_cast<double>(s.last_snapshot_bytes));
    gauge("meadow_snapshot_last_seconds", "Time to map, serialise and commit the last snapshot (off the sim thread).",
          s.last_snapshot_seconds);
    counter("meadow_snapshots_written_total", "Snapshots written.", s.snapshots_written);
    counter("meadow_journal_records_total", "Journal records (actions, step budgets) written.", s.records_written);
    counter("meadow_journal_records_dropped_total", "Journal records lost while the store could not write.",
            s.records_dropped);
  }
  return out;
}

}  // namespace meadow::net
