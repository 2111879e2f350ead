#include "abuse/abuse_run.hpp"

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <thread>

#include <nlohmann/json.hpp>

#include "abuse/world_attacks.hpp"
#include "watch/metrics_scrape.hpp"
#include "watch/ws_link.hpp"

namespace meadow::client::abuse {

namespace {

using Clock = std::chrono::steady_clock;
using Millis = std::chrono::milliseconds;
using Seconds = std::chrono::duration<double>;

// One tick at 60 ticks a second: the budget a tick must keep (SimLoop's).
constexpr double kTickBudgetMs = 1000.0 / 60.0;
// At most this share of a turn's ticks may run over the budget: the p99 tick stays inside it.
constexpr double kOverBudgetShare = 0.01;
// The bystander keeps at least this share of the frame rate over a turn, and in its slowest
// second at least the second share (a second can lose a frame or two to scheduling alone).
constexpr double kBystanderShare = 0.95;
constexpr double kBystanderSlowestShare = 0.8;
constexpr Millis kSampleEvery{250};
constexpr int kSamplesPerSecond = 4;
// Between turns: the previous attacker's connections and the server's timeouts settle.
constexpr Millis kSettle{2000};
// After an attack the turn goes on this long, so that what the attack set going is counted.
constexpr Millis kAfterglow{1000};
constexpr std::chrono::seconds kFirstFrameWait{15};
// Each attacker's own loopback address (the n-th attack of the run); the bystander is on 127.0.0.1.
std::string attacker_address(std::size_t n) { return "127.0.0." + std::to_string(10 + n); }

// The value below which `share` of `sorted` lies (0 for none).
double percentile(const std::vector<double>& sorted, double share) {
  if (sorted.empty()) return 0.0;
  const auto rank = static_cast<std::size_t>(std::ceil(share * static_cast<double>(sorted.size())));
  return sorted[std::min(sorted.size() - 1, rank == 0 ? 0 : rank - 1)];
}

// A viewer that only watches: frames and rocks messages counted, its pings timed, and whether
// it is connected.
class Bystander {
 public:
  Bystander(boost::asio::io_context& io, const std::string& host, std::uint16_t port) {
    LinkTarget target;
    target.host = host;
    target.port = port;
    target.client_name = "meadow-abuse bystander";
    LinkHandlers handlers;
    handlers.on_message = [this](v1::ServerMessage&& message, std::size_t /*bytes*/) {
      if (message.has_frame()) on_frame();
      if (message.has_rocks()) rocks_.fetch_add(1);
      if (message.has_pong()) on_pong(message.pong().client_time_ms());
    };
    handlers.on_closed = [this](const std::string& why) {
      std::lock_guard lock(mutex_);
      closed_ = why.empty() ? "stopped" : why;
    };
    link_ = make_ws_link(io, target, std::move(handlers));
    link_->start();
  }
  ~Bystander() { link_->stop(); }

  [[nodiscard]] std::uint64_t frames() const { return frames_.load(); }
  [[nodiscard]] std::uint64_t rocks() const { return rocks_.load(); }
  [[nodiscard]] std::string closed() const {
    std::lock_guard lock(mutex_);
    return closed_;
  }

  // Sends a ping; its pong's round trip is timed.
  void ping() {
    const auto now = Clock::now();
    const auto stamp = static_cast<std::uint64_t>(std::chrono::duration_cast<Millis>(now - epoch_).count());
    {
      std::lock_guard lock(mutex_);
      pinged_[stamp] = now;
    }
    v1::ClientMessage m;
    m.mutable_ping()->set_client_time_ms(stamp);
    link_->send(m);
  }

  // The latency since the last call (or the start), and a fresh start.
  Latency take_latency() {
    std::lock_guard lock(mutex_);
    Latency l;
    std::sort(round_trips_ms_.begin(), round_trips_ms_.end());
    l.pings = round_trips_ms_.size();
    l.ping_p50_ms = percentile(round_trips_ms_, 0.5);
    l.ping_p99_ms = percentile(round_trips_ms_, 0.99);
    l.longest_frame_gap_ms = longest_gap_ms_;
    round_trips_ms_.clear();
    longest_gap_ms_ = 0.0;
    return l;
  }

 private:
  void on_frame() {
    frames_.fetch_add(1);
    const auto now = Clock::now();
    std::lock_guard lock(mutex_);
    if (last_frame_) longest_gap_ms_ = std::max(longest_gap_ms_, std::chrono::duration<double, std::milli>(now - *last_frame_).count());
    last_frame_ = now;
  }

  void on_pong(std::uint64_t stamp) {
    const auto now = Clock::now();
    std::lock_guard lock(mutex_);
    const auto it = pinged_.find(stamp);
    if (it == pinged_.end()) return;
    round_trips_ms_.push_back(std::chrono::duration<double, std::milli>(now - it->second).count());
    pinged_.erase(pinged_.begin(), std::next(it));  // older ones went unanswered
  }

  std::unique_ptr<ViewerLink> link_;
  std::atomic<std::uint64_t> frames_{0};
  std::atomic<std::uint64_t> rocks_{0};
  const Clock::time_point epoch_ = Clock::now();
  mutable std::mutex mutex_;
  std::string closed_;
  std::map<std::uint64_t, Clock::time_point> pinged_;
  std::vector<double> round_trips_ms_;
  std::optional<Clock::time_point> last_frame_;
  double longest_gap_ms_ = 0.0;
};

struct Sample {
  Clock::time_point at;
  double ticks = 0.0;
  std::optional<double> over_budget;
  double p99_ms = 0.0;
  double rss_mb = 0.0;
  std::uint64_t frames = 0;
  std::uint64_t rocks = 0;
};

std::optional<Sample> sample(const AbuseOptions& o, const Bystander& bystander) {
  const auto text = http_get(o.host, o.port, "/metrics");
  if (!text) return std::nullopt;
  Sample s;
  s.at = Clock::now();
  s.frames = bystander.frames();
  s.rocks = bystander.rocks();
  s.ticks = metric_value(*text, "meadow_ticks_total").value_or(0.0);
  s.over_budget = metric_value(*text, "meadow_ticks_over_budget_total");
  s.p99_ms = metric_value(*text, "meadow_tick_p99_seconds").value_or(0.0) * 1e3;
  s.rss_mb = metric_value(*text, "process_resident_memory_bytes").value_or(0.0) / 1e6;
  return s;
}

// Samples the server and the bystander every kSampleEvery on its own thread while an attack runs,
// and has the bystander ping as often.
class Sampler {
 public:
  Sampler(const AbuseOptions& o, Bystander& b) : thread_([this, &o, &b](const std::stop_token& stop) {
      while (!stop.stop_requested()) {
        b.ping();
        if (auto s = sample(o, b)) {
          std::lock_guard lock(mutex_);
          samples_.push_back(*s);
        }
        std::this_thread::sleep_for(kSampleEvery);
      }
    }) {}

  std::vector<Sample> finish() {
    thread_.request_stop();
    thread_.join();
    std::lock_guard lock(mutex_);
    return samples_;
  }

 private:
  std::mutex mutex_;
  std::vector<Sample> samples_;
  std::jthread thread_;
};

AttackOutcome run_attack(const std::string& name, const AttackContext& c, const AbuseOptions& o) {
  if (const WorldAttack* own = world_attack(name)) return own->run(c);
  if (name == "rock-flood") return rock_flood(c);
  if (name == "trails-flood") return trails_flood(c);
  if (name == "replay-flood") return replay_flood(c);
  if (name == "every-field") return every_field(c);
  if (name == "settings-walk") return settings_walk(c);
  if (name == "rock-reconnect") return rock_reconnect(c);
  if (name == "action-flood") return action_flood(c);
  if (name == "connection-flood") return connection_flood(c, o.connections);
  if (name == "slow-http") return slow_http(c, o.slow_clients);
  if (name == "never-read") return never_read(c, o.silent_viewers);
  if (name == "bad-upgrades") return bad_upgrades(c, o.bad_requests);
  throw std::runtime_error("no attack called '" + name + "'");
}

std::chrono::seconds duration_of(const std::string& attack, const AbuseOptions& o) {
  if (attack == "slow-http") return o.slow_seconds;
  if (attack == "never-read") return o.never_read_seconds;
  return o.seconds;
}

// The attacks of a turn: "a+b" → {"a", "b"}.
std::vector<std::string> attacks_of(const std::string& turn) {
  std::vector<std::string> names;
  std::stringstream in(turn);
  for (std::string name; std::getline(in, name, '+');) names.push_back(name);
  return names;
}

void judge(TurnReport& t, const AbuseOptions& o) {
  char line[256];
  if (!t.bystander_connected) t.failures.emplace_back("the bystander lost its connection");
  for (const AttackerReport& a : t.attackers) {
    if (!a.outcome.answered_clearly) {
      t.failures.emplace_back("the " + a.attack + " attacker was not answered clearly: " + a.outcome.verdict);
    }
  }
  if (!o.judge_timing) return;
  const bool replays = t.attack.find("replay-flood") != std::string::npos;
  const double rss_bound = o.max_rss_growth_mb + (replays ? o.replays_rss_mb : 0.0);
  if (t.peak_rss_mb - t.start_rss_mb > rss_bound) {
    std::snprintf(line, sizeof line, "the server's memory grew by %.0f MB over the turn (bound %.0f MB)",
                  t.peak_rss_mb - t.start_rss_mb, rss_bound);
    t.failures.emplace_back(line);
  }

  if (t.bystander_latency.ping_p50_ms > o.max_ping_ms) {
    std::snprintf(line, sizeof line, "the bystander's pings took %.1f ms to come back (median; bound %.0f ms)",
                  t.bystander_latency.ping_p50_ms, o.max_ping_ms);
    t.failures.emplace_back(line);
  }
  if (t.ticks_over_budget) {
    const double share = t.ticks == 0 ? 1.0 : static_cast<double>(*t.ticks_over_budget) / static_cast<double>(t.ticks);
    if (t.ticks == 0 || share > kOverBudgetShare) {
      std::snprintf(line, sizeof line, "%llu of %llu ticks (%.1f %%) took longer than %.1f ms: the p99 tick is over budget",
                    static_cast<unsigned long long>(*t.ticks_over_budget), static_cast<unsigned long long>(t.ticks),
                    share * 100.0, kTickBudgetMs);
      t.failures.emplace_back(line);
    }
  } else if (t.worst_tick_p99_ms >= kTickBudgetMs) {
    std::snprintf(line, sizeof line, "the p99 tick reached %.1f ms (budget %.1f ms)", t.worst_tick_p99_ms, kTickBudgetMs);
    t.failures.emplace_back(line);
  }
  if (t.peak_rss_mb > o.max_rss_mb) {
    std::snprintf(line, sizeof line, "the server's memory reached %.0f MB (bound %.0f MB)", t.peak_rss_mb, o.max_rss_mb);
    t.failures.emplace_back(line);
  }
  if (t.bystander_fps < kBystanderShare * o.frame_rate || t.bystander_slowest_second_fps < kBystanderSlowestShare * o.frame_rate) {
    std::snprintf(line, sizeof line, "the bystander got %.1f frames a second (slowest second %.0f), not %.0f",
                  t.bystander_fps, t.bystander_slowest_second_fps, o.frame_rate);
    t.failures.emplace_back(line);
  }
}

// Runs a turn's attacks at the same time, each from its own address (the next of the run's).
TurnReport run_turn(const std::string& turn, std::size_t& attacks_run, boost::asio::io_context& io, Bystander& bystander,
                    const AbuseOptions& o) {
  TurnReport t;
  const std::vector<std::string> names = attacks_of(turn);
  for (const std::string& name : names) t.attack += (t.attack.empty() ? "" : " + ") + name;
  const auto start = sample(o, bystander);
  if (!start) throw std::runtime_error("the server's /metrics cannot be read");
  (void)bystander.take_latency();
  Sampler sampler(o, bystander);
  t.attackers.resize(names.size());
  {
    std::vector<std::jthread> running;
    for (std::size_t i = 0; i < names.size(); ++i) {
      t.attackers[i].attack = names[i];
      const AttackContext context{io, o.host, o.port, attacker_address(attacks_run++), duration_of(names[i], o),
                                  o.interrupted};
      running.emplace_back([&o, &a = t.attackers[i], context] { a.outcome = run_attack(a.attack, context, o); });
    }
  }
  std::this_thread::sleep_for(kAfterglow);
  std::vector<Sample> samples = sampler.finish();
  t.bystander_latency = bystander.take_latency();
  const auto end = sample(o, bystander);
  if (!end) throw std::runtime_error("the server's /metrics cannot be read after " + t.attack);
  samples.insert(samples.begin(), *start);
  samples.push_back(*end);

  t.seconds = Seconds(end->at - start->at).count();
  t.ticks = static_cast<std::uint64_t>(end->ticks - start->ticks);
  if (start->over_budget && end->over_budget) {
    t.ticks_over_budget = static_cast<std::uint64_t>(*end->over_budget - *start->over_budget);
  }
  t.bystander_fps = static_cast<double>(end->frames - start->frames) / t.seconds;
  t.bystander_rocks_messages = end->rocks - start->rocks;
  t.start_rss_mb = start->rss_mb;
  t.bystander_slowest_second_fps = t.bystander_fps;
  for (std::size_t i = 0; i < samples.size(); ++i) {
    t.worst_tick_p99_ms = std::max(t.worst_tick_p99_ms, samples[i].p99_ms);
    t.peak_rss_mb = std::max(t.peak_rss_mb, samples[i].rss_mb);
    if (i + kSamplesPerSecond < samples.size()) {
      const Sample& a = samples[i];
      const Sample& b = samples[i + kSamplesPerSecond];
      const double dt = Seconds(b.at - a.at).count();
      if (dt > 0.5) {
        t.bystander_slowest_second_fps =
            std::min(t.bystander_slowest_second_fps, static_cast<double>(b.frames - a.frames) / dt);
      }
    }
  }
  t.bystander_connected = bystander.closed().empty();
  if (o.check) judge(t, o);
  return t;
}

std::string answers_text(const std::map<std::string, std::uint64_t>& answers) {
  std::string out;
  for (const auto& [what, n] : answers) out += "      " + std::to_string(n) + " × " + what + "\n";
  return out;
}

std::string latency_text(const Latency& l) {
  char line[192];
  std::snprintf(line, sizeof line, "ping p50 %.2f ms, p99 %.2f ms (%zu), longest wait for a frame %.0f ms", l.ping_p50_ms,
                l.ping_p99_ms, l.pings, l.longest_frame_gap_ms);
  return line;
}

nlohmann::json latency_json(const Latency& l) {
  return {{"ping_p50_ms", l.ping_p50_ms},
          {"ping_p99_ms", l.ping_p99_ms},
          {"pings", l.pings},
          {"longest_frame_gap_ms", l.longest_frame_gap_ms}};
}

}  // namespace

bool AbuseReport::passed() const {
  return std::all_of(turns.begin(), turns.end(), [](const TurnReport& t) { return t.failures.empty(); });
}

std::string AbuseReport::text() const {
  std::string out;
  char line[512];
  std::snprintf(line, sizeof line, "before the attacks: p99 tick %.2f ms, %.0f MB resident; bystander %s\n",
                baseline_tick_p99_ms, baseline_rss_mb, latency_text(baseline_latency).c_str());
  out += line;
  for (const TurnReport& t : turns) {
    std::string over = "not counted by this server";
    if (t.ticks_over_budget) {
      std::snprintf(line, sizeof line, "%llu over 16.7 ms (%.2f %%)", static_cast<unsigned long long>(*t.ticks_over_budget),
                    t.ticks == 0 ? 0.0 : 100.0 * static_cast<double>(*t.ticks_over_budget) / static_cast<double>(t.ticks));
      over = line;
    }
    std::snprintf(line, sizeof line,
                  "\n%s (%.1f s): %s\n"
                  "  server     %llu ticks, %s, worst p99 reading %.2f ms, peak %.0f MB resident (%+.1f MB over the turn)\n"
                  "  bystander  %.1f frames/s (slowest second %.1f), %llu rocks messages, %s\n"
                  "             %s\n",
                  t.attack.c_str(), t.seconds, t.failures.empty() ? "PASS" : "FAIL",
                  static_cast<unsigned long long>(t.ticks), over.c_str(), t.worst_tick_p99_ms, t.peak_rss_mb,
                  t.peak_rss_mb - t.start_rss_mb, t.bystander_fps, t.bystander_slowest_second_fps,
                  static_cast<unsigned long long>(t.bystander_rocks_messages),
                  t.bystander_connected ? "connected throughout" : "DISCONNECTED", latency_text(t.bystander_latency).c_str());
    out += line;
    for (const AttackerReport& a : t.attackers) {
      out += "  " + a.attack + " (" + std::to_string(a.outcome.attempts) + " attempts): " + a.outcome.verdict + "\n";
      out += answers_text(a.outcome.answers);
    }
    for (const std::string& f : t.failures) out += "  FAILED: " + f + "\n";
  }
  return out;
}

std::string AbuseReport::json() const {
  nlohmann::json j;
  j["baseline_tick_p99_ms"] = baseline_tick_p99_ms;
  j["baseline_rss_mb"] = baseline_rss_mb;
  j["baseline_latency"] = latency_json(baseline_latency);
  j["passed"] = passed();
  for (const TurnReport& t : turns) {
    nlohmann::json turn{{"attack", t.attack},
                        {"seconds", t.seconds},
                        {"ticks", t.ticks},
                        {"worst_tick_p99_ms", t.worst_tick_p99_ms},
                        {"start_rss_mb", t.start_rss_mb},
                        {"peak_rss_mb", t.peak_rss_mb},
                        {"bystander_fps", t.bystander_fps},
                        {"bystander_slowest_second_fps", t.bystander_slowest_second_fps},
                        {"bystander_latency", latency_json(t.bystander_latency)},
                        {"bystander_rocks_messages", t.bystander_rocks_messages},
                        {"bystander_connected", t.bystander_connected},
                        {"failures", t.failures}};
    for (const AttackerReport& a : t.attackers) {
      turn["attackers"].push_back({{"attack", a.attack},
                                   {"attempts", a.outcome.attempts},
                                   {"answers", a.outcome.answers},
                                   {"verdict", a.outcome.verdict}});
    }
    if (t.ticks_over_budget) turn["ticks_over_budget"] = *t.ticks_over_budget;
    j["turns"].push_back(std::move(turn));
  }
  return j.dump(2);
}

std::vector<std::string> attack_names() {
  std::vector<std::string> names;
  for (const WorldAttack& a : world_attacks()) names.push_back(a.name);
  names.insert(names.end(), kSharedAttackNames.begin(), kSharedAttackNames.end());
  return names;
}

std::vector<std::string> default_turns() {
  std::vector<std::string> turns = kSharedTurns;
  // Walked backwards, each world's attack put first in its turn leaves them in world order.
  const std::vector<WorldAttack> own = world_attacks();
  for (auto a = own.rbegin(); a != own.rend(); ++a) {
    if (a->turn >= turns.size()) continue;
    std::string& turn = turns[a->turn];
    turn = turn.empty() ? a->name : a->name + "+" + turn;
  }
  std::erase_if(turns, [](const std::string& t) { return t.empty(); });
  return turns;
}

AbuseReport run_abuse(const AbuseOptions& o) {
  for (const std::string& turn : o.attacks) {
    for (const std::string& name : attacks_of(turn)) {
      const std::vector<std::string> names = attack_names();
      if (std::find(names.begin(), names.end(), name) == names.end()) {
        throw std::runtime_error("no attack called '" + name + "'");
      }
    }
  }
  boost::asio::io_context io;
  auto work = boost::asio::make_work_guard(io);
  std::vector<std::jthread> threads;
  for (int i = 0; i < 2; ++i) threads.emplace_back([&io] { io.run(); });
  // Destroyed after the viewers and probes below (which need the io_context running to stop),
  // before the threads are joined.
  struct StopIo {
    boost::asio::io_context& io;
    decltype(work)& guard;
    ~StopIo() {
      guard.reset();
      io.stop();
    }
  } stop_io{io, work};

  AbuseReport report;
  {
    Bystander bystander(io, o.host, o.port);
    const auto deadline = Clock::now() + kFirstFrameWait;
    while (bystander.frames() == 0 && Clock::now() < deadline) std::this_thread::sleep_for(Millis(50));
    if (bystander.frames() == 0) {
      throw std::runtime_error("the bystander got no frame within 15 s (" + bystander.closed() + ")");
    }
    {
      (void)bystander.take_latency();
      Sampler quiet(o, bystander);
      std::this_thread::sleep_for(kSettle);
      (void)quiet.finish();
      report.baseline_latency = bystander.take_latency();
    }
    if (const auto base = sample(o, bystander)) {
      report.baseline_tick_p99_ms = base->p99_ms;
      report.baseline_rss_mb = base->rss_mb;
    }
    std::size_t attacks_run = 0;
    for (std::size_t i = 0; i < o.attacks.size(); ++i) {
      if (o.interrupted != nullptr && o.interrupted->load()) break;
      report.turns.push_back(run_turn(o.attacks[i], attacks_run, io, bystander, o));
      std::fprintf(stderr, "meadow-abuse: %s done\n", o.attacks[i].c_str());
      std::this_thread::sleep_for(kSettle);
    }
  }
  return report;
}

}  // namespace meadow::client::abuse
