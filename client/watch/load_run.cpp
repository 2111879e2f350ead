#include "watch/load_run.hpp"

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>
#include <mutex>
#include <random>
#include <stdexcept>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "watch/frame_follower.hpp"
#include "watch/grpc_link.hpp"
#include "watch/metrics_scrape.hpp"
#include "watch/world_hooks.hpp"
#include "watch/ws_link.hpp"

namespace meadow::client {

namespace {

namespace asio = boost::asio;
using Clock = std::chrono::steady_clock;
using Millis = std::chrono::milliseconds;

// What a person does, and how often (ours: a gallery visitor mostly watches).
constexpr double kPredatorShare = 0.4;  // of their turns: hold a predator and move it about
constexpr double kRockShare = 0.2;      // place a rock, and take it away a little later
constexpr Millis kWatchLow{2000};        // between turns: watching
constexpr Millis kWatchHigh{6000};
constexpr Millis kPredatorMoveEvery{120};  // a finger dragged: a few moves a second
constexpr int kPredatorMoves = 8;
constexpr float kPredatorStride = 15.0F;   // world units per move
constexpr Millis kRockKept{3000};
constexpr float kEdgeInset = 120.0F;       // world units: people do not act at the very edge
// Spread the arrivals: a thousand viewers do not all open the page in the same millisecond.
constexpr Millis kLongestRamp{5000};
constexpr std::chrono::seconds kMetricsEvery{5};
constexpr Millis kInterruptCheck{100};

class Person : public std::enable_shared_from_this<Person> {
 public:
  Person(asio::io_context& io, const LoadOptions& options, std::uint64_t seed, bool replays)
      : options_(options), timer_(asio::make_strand(io)), rng_(seed), replays_(replays) {}

  void open(asio::io_context& io, const std::shared_ptr<grpc::Channel>& channel) {
    LinkHandlers handlers;
    std::weak_ptr<Person> weak = weak_from_this();
    handlers.on_message = [weak](v1::ServerMessage&& message, std::size_t bytes) {
      if (auto self = weak.lock()) self->take(std::move(message), bytes);
    };
    handlers.on_closed = [weak](const std::string& why) {
      if (auto self = weak.lock()) self->closed(why);
    };
    link_ = options_.transport == Transport::kGrpc ? make_grpc_link(channel, options_.target, std::move(handlers))
                                                   : make_ws_link(io, options_.target, std::move(handlers));
  }

  void start(Millis after) {
    timer_.expires_after(after);
    timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
      if (ec) return;
      self->link_->start();
      self->next_turn(self->between_turns());
    });
  }

  void stop() {
    asio::post(timer_.get_executor(), [self = shared_from_this()] {
      self->stopped_ = true;
      self->timer_.cancel();
    });
    if (link_) link_->stop();
  }

  struct Figures {
    std::uint64_t frames = 0;
    std::uint64_t skipped = 0;
    double bytes_per_s = 0.0;   // over the time since its first message
    double frames_per_s = 0.0;
    std::vector<double> latencies_ms;
    std::uint64_t actions = 0;
    bool closed_early = false;
    std::string close_reason;
    bool replays = false;
    std::uint64_t replays_started = 0;
    std::uint64_t replays_refused = 0;
  };

  Figures figures(Clock::time_point end) const {
    std::lock_guard lock(mutex_);
    Figures f;
    f.frames = follower_.frames();
    f.skipped = follower_.frames_skipped();
    if (const auto first = follower_.first_message_at()) {
      const double s = std::chrono::duration<double>(end - *first).count();
      f.bytes_per_s = s > 0 ? static_cast<double>(follower_.bytes()) / s : 0.0;
      f.frames_per_s = s > 0 ? static_cast<double>(follower_.frames()) / s : 0.0;
    }
    f.latencies_ms = follower_.latencies_ms();
    f.actions = actions_;
    f.closed_early = closed_;
    f.close_reason = close_reason_;
    f.replays = replays_;
    f.replays_started = replays_started_;
    f.replays_refused = replays_refused_;
    return f;
  }

 private:
  void take(v1::ServerMessage&& message, std::size_t bytes) {
    std::lock_guard lock(mutex_);
    if (replays_ && (message.has_welcome() || (message.has_replay() && !message.replay().playing()))) {
      // Welcomed, or a replay ended (caught up with live, or refused): the night from its start again.
      if (message.has_replay() && !message.replay().reason().empty() && message.replay().reason().find("caught up") == std::string::npos) {
        ++replays_refused_;
      }
      asio::post(timer_.get_executor(), [self = shared_from_this()] { self->replay_from_the_start(); });
    }
    if (message.has_replay()) return;  // the follower knows only live messages
    const bool notice = message.has_notice();
    follower_.take(std::move(message), bytes, Clock::now());
    if (notice) follower_.drop_probes();  // a refused action never shows
  }

  void replay_from_the_start() {
    if (stopped_) return;
    v1::ClientMessage start;
    start.mutable_replay()->set_action(v1::ReplayRequest::ACTION_START);
    start.mutable_replay()->set_speed(options_.replay_speed);
    {
      std::lock_guard lock(mutex_);
      ++replays_started_;
    }
    link_->send(start);
  }

  void closed(const std::string& why) {
    if (why.empty()) return;  // we stopped it
    std::lock_guard lock(mutex_);
    closed_ = true;
    close_reason_ = why;
  }

  Millis between_turns() {
    return Millis(std::uniform_int_distribution<long>(kWatchLow.count(), kWatchHigh.count())(rng_));
  }

  void next_turn(Millis after) {
    if (stopped_) return;
    timer_.expires_after(after);
    timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
      if (!ec) self->turn();
    });
  }

  // One step of what the person is doing (on the timer's strand).
  void turn() {
    if (stopped_) return;
    v1::Rect world;
    bool welcomed = false;
    {
      std::lock_guard lock(mutex_);
      welcomed = follower_.welcomed() && !closed_;
      world = follower_.world_bounds();
    }
    if (!welcomed || !options_.act || replays_) return next_turn(between_turns());
    if (moves_left_ > 0) return move_predator(world);
    if (rock_placed_) return take_rock_away();
    const double roll = std::uniform_real_distribution<double>(0.0, 1.0)(rng_);
    if (people_hold_predators(options_.target.world) && roll < kPredatorShare) {
      at_ = random_point(world);
      moves_left_ = kPredatorMoves;
      act(v1::TOOL_PREDATOR, v1::ToolAction::PHASE_DOWN, at_, Probe::kPredator);
      return next_turn(kPredatorMoveEvery);
    }
    if (roll < kPredatorShare + kRockShare) {
      at_ = random_point(world);
      rock_placed_ = true;
      act(v1::TOOL_ROCK, v1::ToolAction::PHASE_TAP, at_, Probe::kRock);
      return next_turn(kRockKept);
    }
    next_turn(between_turns());
  }

  void move_predator(const v1::Rect& world) {
    if (--moves_left_ == 0) {
      act(v1::TOOL_PREDATOR, v1::ToolAction::PHASE_UP, at_, Probe::kNone);
      return next_turn(between_turns());
    }
    const float angle = std::uniform_real_distribution<float>(0.0F, 6.2831853F)(rng_);
    at_.set_x(std::clamp(at_.x() + kPredatorStride * std::cos(angle), world.x() + kEdgeInset,
                         world.x() + std::max(world.width() - kEdgeInset, kEdgeInset)));
    at_.set_y(std::clamp(at_.y() + kPredatorStride * std::sin(angle), world.y() + kEdgeInset,
                         world.y() + std::max(world.height() - kEdgeInset, kEdgeInset)));
    act(v1::TOOL_PREDATOR, v1::ToolAction::PHASE_MOVE, at_, Probe::kPredator);
    next_turn(kPredatorMoveEvery);
  }

  void take_rock_away() {
    rock_placed_ = false;
    bool there = false;
    {
      std::lock_guard lock(mutex_);
      for (const auto& rock : follower_.rocks()) {
        there = there || (std::abs(rock.center().x() - at_.x()) < 1.0F && std::abs(rock.center().y() - at_.y()) < 1.0F);
      }
    }
    // Tapping where no rock is would place one: only tap a rock that is there.
    if (there) act(v1::TOOL_ROCK, v1::ToolAction::PHASE_TAP, at_, Probe::kNone);
    next_turn(between_turns());
  }

  v1::Vec2 random_point(const v1::Rect& world) {
    const float w = std::max(world.width() - 2 * kEdgeInset, 1.0F);
    const float h = std::max(world.height() - 2 * kEdgeInset, 1.0F);
    v1::Vec2 p;
    p.set_x(world.x() + kEdgeInset + std::uniform_real_distribution<float>(0.0F, w)(rng_));
    p.set_y(world.y() + kEdgeInset + std::uniform_real_distribution<float>(0.0F, h)(rng_));
    return p;
  }

  enum class Probe { kNone, kPredator, kRock };

  void act(v1::Tool tool, v1::ToolAction::Phase phase, const v1::Vec2& at, Probe probe) {
    v1::ClientMessage message;
    auto* action = message.mutable_tool();
    action->set_tool(tool);
    action->set_phase(phase);
    *action->mutable_position() = at;
    {
      std::lock_guard lock(mutex_);
      const auto now = Clock::now();
      if (probe == Probe::kPredator) follower_.expect_predator_at(at, now);
      if (probe == Probe::kRock) follower_.expect_rock_at(at, now);
      ++actions_;
    }
    link_->send(message);
  }

  const LoadOptions& options_;
  asio::steady_timer timer_;
  std::mt19937_64 rng_;
  std::unique_ptr<ViewerLink> link_;
  bool stopped_ = false;
  int moves_left_ = 0;
  bool rock_placed_ = false;
  v1::Vec2 at_;

  const bool replays_;
  std::uint64_t replays_started_ = 0;
  std::uint64_t replays_refused_ = 0;

  mutable std::mutex mutex_;
  FrameFollower follower_{false};
  std::uint64_t actions_ = 0;
  bool closed_ = false;
  std::string close_reason_;
};

// The server's figures now, where its /metrics can be read.
void read_server(const LoadOptions& options, LoadReport& report, bool tick) {
  if (options.http_port == 0) return;
  const auto text = http_get(options.target.host, options.http_port, "/metrics");
  if (!text) return;
  if (tick) {
    if (const auto p99 = metric_value(*text, "meadow_tick_p99_seconds")) {
      report.server_tick_p99_ms = std::max(report.server_tick_p99_ms, *p99 * 1e3);
    }
  }
  if (const auto rss = metric_value(*text, "process_resident_memory_bytes")) report.server_rss_mb = *rss / 1e6;
}

}  // namespace

LoadReport run_load(const LoadOptions& options) {
  if (options.viewers == 0) throw std::runtime_error("--load needs at least one viewer");
  asio::io_context io;
  auto work = asio::make_work_guard(io);
  std::vector<std::jthread> threads;
  for (unsigned i = 0; i < std::max(1U, options.threads); ++i) threads.emplace_back([&io] { io.run(); });
  const auto channel = options.transport == Transport::kGrpc ? viewer_channel(options.target) : nullptr;

  std::vector<std::shared_ptr<Person>> people;
  people.reserve(options.viewers);
  const auto ramp = std::min<Millis>(kLongestRamp, std::chrono::duration_cast<Millis>(options.duration) / 4);
  for (std::uint32_t i = 0; i < options.viewers; ++i) {
    auto person = std::make_shared<Person>(io, options, options.seed * 1'000'003ULL + i, i < options.replayers);
    person->open(io, channel);
    person->start(Millis(ramp.count() * i / options.viewers));
    people.push_back(std::move(person));
  }

  LoadReport report;
  const auto started = Clock::now();
  const auto end = started + options.duration;
  // The server's tick tail is read after the arrivals, while everyone watches.
  auto next_read = started + ramp + kMetricsEvery;
  while (Clock::now() < end && !(options.interrupted != nullptr && options.interrupted->load())) {
    std::this_thread::sleep_until(std::min({end, next_read, Clock::now() + kInterruptCheck}));
    if (Clock::now() >= next_read) {
      read_server(options, report, true);
      next_read += kMetricsEvery;
    }
  }
  read_server(options, report, true);
  const auto stopped_at = Clock::now();

  report.viewers = options.viewers;
  report.seconds = std::chrono::duration<double>(stopped_at - started).count();
  std::vector<double> latencies;
  double bytes_per_s = 0.0;
  double frames_per_s = 0.0;
  double slowest_frames_per_s = std::numeric_limits<double>::infinity();
  double live_frames_per_s = 0.0;
  double replay_bytes_per_s = 0.0;
  for (const auto& person : people) {
    const Person::Figures f = person->figures(stopped_at);
    if (f.replays) {
      ++report.replayers;
      replay_bytes_per_s += f.bytes_per_s;
      report.replays_started += f.replays_started;
      report.replays_refused += f.replays_refused;
    } else {
      live_frames_per_s += f.frames_per_s;
    }
    report.frames_received += f.frames;
    report.frames_dropped += f.skipped;
    report.actions_sent += f.actions;
    if (f.frames > 0) ++report.viewers_with_frames;
    if (f.closed_early) {
      ++report.viewers_closed_early;
      if (report.first_close_reason.empty()) report.first_close_reason = f.close_reason;
    }
    bytes_per_s += f.bytes_per_s;
    frames_per_s += f.frames_per_s;
    slowest_frames_per_s = std::min(slowest_frames_per_s, f.frames_per_s);
    latencies.insert(latencies.end(), f.latencies_ms.begin(), f.latencies_ms.end());
  }
  for (const auto& person : people) person->stop();
  work.reset();
  io.stop();
  threads.clear();

  report.bytes_per_viewer_per_s = bytes_per_s / options.viewers;
  report.frames_per_viewer_per_s = frames_per_s / options.viewers;
  report.slowest_viewer_frames_per_s = people.empty() ? 0.0 : slowest_frames_per_s;
  if (report.replayers < options.viewers) live_frames_per_s /= options.viewers - report.replayers;
  report.live_frames_per_viewer_per_s = live_frames_per_s;
  if (report.replayers > 0) report.bytes_per_replayer_per_s = replay_bytes_per_s / report.replayers;
  report.latency_samples = latencies.size();
  report.latency_p50_ms = percentile(latencies, 50.0);
  report.latency_p99_ms = percentile(latencies, 99.0);
  return report;
}

std::string LoadReport::json() const {
  nlohmann::ordered_json j{
      {"viewers", viewers},
      {"viewers_with_frames", viewers_with_frames},
      {"viewers_closed_early", viewers_closed_early},
      {"seconds", seconds},
      {"frames_received", frames_received},
      {"frames_dropped", frames_dropped},
      {"frames_per_viewer_per_s", frames_per_viewer_per_s},
      {"slowest_viewer_frames_per_s", slowest_viewer_frames_per_s},
      {"bytes_per_viewer_per_s", bytes_per_viewer_per_s},
      {"actions_sent", actions_sent},
      {"latency_samples", latency_samples},
      {"latency_p50_ms", latency_p50_ms},
      {"latency_p99_ms", latency_p99_ms},
  };
  if (replayers > 0) {
    j["live_frames_per_viewer_per_s"] = live_frames_per_viewer_per_s;
    j["replayers"] = replayers;
    j["bytes_per_replayer_per_s"] = bytes_per_replayer_per_s;
    j["replays_started"] = replays_started;
    j["replays_refused"] = replays_refused;
  }
  // Figures the server did not give are left out rather than made up.
  if (server_tick_p99_ms >= 0) j["server_tick_p99_ms"] = server_tick_p99_ms;
  if (server_rss_mb >= 0) j["server_rss_mb"] = server_rss_mb;
  if (!first_close_reason.empty()) j["first_close_reason"] = first_close_reason;
  return j.dump();
}

std::string LoadReport::text() const {
  char buf[1024];
  std::snprintf(buf, sizeof buf,
                "%u viewers for %.1f s: %u received frames, %u closed early\n"
                "  frames   %llu received (%.1f per viewer per second, the slowest viewer %.1f), %llu skipped by the server\n"
                "  bytes    %.1f kB per viewer per second\n"
                "  actions  %llu sent; action to frame p50 %.1f ms, p99 %.1f ms (%llu seen)\n",
                viewers, seconds, viewers_with_frames, viewers_closed_early,
                static_cast<unsigned long long>(frames_received), frames_per_viewer_per_s, slowest_viewer_frames_per_s,
                static_cast<unsigned long long>(frames_dropped), bytes_per_viewer_per_s / 1e3,
                static_cast<unsigned long long>(actions_sent), latency_p50_ms, latency_p99_ms,
                static_cast<unsigned long long>(latency_samples));
  std::string out = buf;
  if (replayers > 0) {
    std::snprintf(buf, sizeof buf,
                  "  replays  %u viewers replayed the night (%llu started, %llu refused): %.1f kB a second each; "
                  "the live viewers %.1f frames a second each\n",
                  replayers, static_cast<unsigned long long>(replays_started), static_cast<unsigned long long>(replays_refused),
                  bytes_per_replayer_per_s / 1e3, live_frames_per_viewer_per_s);
    out += buf;
  }
  if (server_tick_p99_ms >= 0) out += "  server   p99 tick " + std::to_string(server_tick_p99_ms) + " ms";
  if (server_rss_mb >= 0) out += ", " + std::to_string(server_rss_mb) + " MB resident";
  if (server_tick_p99_ms >= 0 || server_rss_mb >= 0) out += "\n";
  if (!first_close_reason.empty()) out += "  first close: " + first_close_reason + "\n";
  return out;
}

}  // namespace meadow::client
