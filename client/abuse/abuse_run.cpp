#include "abuse/abuse_run.hpp"

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>

#include <nlohmann/json.hpp>

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
// Each attacker's own loopback address; the bystander is on 127.0.0.1.
std::string attacker_address(std::size_t turn) { return "127.0.0." + std::to_string(10 + turn); }

// A viewer that only watches: frames and rocks messages counted, and whether it is connected.
class Bystander {
 public:
  Bystander(boost::asio::io_context& io, const std::string& host, std::uint16_t port) {
    LinkTarget target;
    target.host = host;
    target.port = port;
    target.client_name = "meadow-abuse bystander";
    LinkHandlers handlers;
    handlers.on_message = [this](v1::ServerMessage&& message, std::size_t /*bytes*/) {
      if (message.has_frame()) frames_.fetch_add(1);
      if (message.has_rocks()) rocks_.fetch_add(1);
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

 private:
  std::unique_ptr<ViewerLink> link_;
  std::atomic<std::uint64_t> frames_{0};
  std::atomic<std::uint64_t> rocks_{0};
  mutable std::mutex mutex_;
  std::string closed_;
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

// Samples the server and the bystander every kSampleEvery on its own thread while an attack runs.
class Sampler {
 public:
  Sampler(const AbuseOptions& o, const Bystander& b) : thread_([this, &o, &b](const std::stop_token& stop) {
      while (!stop.stop_requested()) {
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
  if (name == "count-flood") return count_flood(c);
  if (name == "rock-flood") return rock_flood(c);
  if (name == "connection-flood") return connection_flood(c, o.connections);
  if (name == "slow-http") return slow_http(c, o.slow_clients);
  if (name == "bad-upgrades") return bad_upgrades(c, o.bad_requests);
  throw std::runtime_error("no attack called '" + name + "'");
}

void judge(TurnReport& t, const AbuseOptions& o) {
  char line[256];
  if (!t.bystander_connected) t.failures.emplace_back("the bystander lost its connection");
  if (!t.attack_outcome.answered_clearly) t.failures.emplace_back("the attacker was not answered clearly: " + t.attack_outcome.verdict);
  if (!o.judge_timing) return;
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

TurnReport run_turn(const std::string& name, std::size_t index, boost::asio::io_context& io, const Bystander& bystander,
                    const AbuseOptions& o) {
  TurnReport t;
  t.attack = name;
  const auto start = sample(o, bystander);
  if (!start) throw std::runtime_error("the server's /metrics cannot be read");
  Sampler sampler(o, bystander);
  const AttackContext context{io, o.host, o.port, attacker_address(index),
                              name == "slow-http" ? o.slow_seconds : o.seconds, o.interrupted};
  t.attack_outcome = run_attack(name, context, o);
  std::this_thread::sleep_for(kAfterglow);
  std::vector<Sample> samples = sampler.finish();
  const auto end = sample(o, bystander);
  if (!end) throw std::runtime_error("the server's /metrics cannot be read after " + name);
  samples.insert(samples.begin(), *start);
  samples.push_back(*end);

  t.seconds = Seconds(end->at - start->at).count();
  t.ticks = static_cast<std::uint64_t>(end->ticks - start->ticks);
  if (start->over_budget && end->over_budget) {
    t.ticks_over_budget = static_cast<std::uint64_t>(*end->over_budget - *start->over_budget);
  }
  t.bystander_fps = static_cast<double>(end->frames - start->frames) / t.seconds;
  t.bystander_rocks_messages = end->rocks - start->rocks;
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

}  // namespace

bool AbuseReport::passed() const {
  return std::all_of(turns.begin(), turns.end(), [](const TurnReport& t) { return t.failures.empty(); });
}

std::string AbuseReport::text() const {
  std::string out;
  char line[512];
  std::snprintf(line, sizeof line, "before the attacks: p99 tick %.2f ms, %.0f MB resident\n", baseline_tick_p99_ms,
                baseline_rss_mb);
  out += line;
  for (const TurnReport& t : turns) {
    std::string over = "not counted by this server";
    if (t.ticks_over_budget) {
      std::snprintf(line, sizeof line, "%llu over 16.7 ms (%.2f %%)", static_cast<unsigned long long>(*t.ticks_over_budget),
                    t.ticks == 0 ? 0.0 : 100.0 * static_cast<double>(*t.ticks_over_budget) / static_cast<double>(t.ticks));
      over = line;
    }
    std::snprintf(line, sizeof line,
                  "\n%s (%.1f s, %llu attempts): %s\n"
                  "  server     %llu ticks, %s, worst p99 reading %.2f ms, peak %.0f MB resident\n"
                  "  bystander  %.1f frames/s (slowest second %.1f), %llu rocks messages, %s\n"
                  "  attacker   %s\n",
                  t.attack.c_str(), t.seconds, static_cast<unsigned long long>(t.attack_outcome.attempts),
                  t.failures.empty() ? "PASS" : "FAIL", static_cast<unsigned long long>(t.ticks), over.c_str(),
                  t.worst_tick_p99_ms, t.peak_rss_mb, t.bystander_fps, t.bystander_slowest_second_fps,
                  static_cast<unsigned long long>(t.bystander_rocks_messages),
                  t.bystander_connected ? "connected throughout" : "DISCONNECTED", t.attack_outcome.verdict.c_str());
    out += line;
    out += answers_text(t.attack_outcome.answers);
    for (const std::string& f : t.failures) out += "  FAILED: " + f + "\n";
  }
  return out;
}

std::string AbuseReport::json() const {
  nlohmann::json j;
  j["baseline_tick_p99_ms"] = baseline_tick_p99_ms;
  j["baseline_rss_mb"] = baseline_rss_mb;
  j["passed"] = passed();
  for (const TurnReport& t : turns) {
    nlohmann::json turn{{"attack", t.attack},
                        {"seconds", t.seconds},
                        {"ticks", t.ticks},
                        {"worst_tick_p99_ms", t.worst_tick_p99_ms},
                        {"peak_rss_mb", t.peak_rss_mb},
                        {"bystander_fps", t.bystander_fps},
                        {"bystander_slowest_second_fps", t.bystander_slowest_second_fps},
                        {"bystander_rocks_messages", t.bystander_rocks_messages},
                        {"bystander_connected", t.bystander_connected},
                        {"attempts", t.attack_outcome.attempts},
                        {"answers", t.attack_outcome.answers},
                        {"verdict", t.attack_outcome.verdict},
                        {"failures", t.failures}};
    if (t.ticks_over_budget) turn["ticks_over_budget"] = *t.ticks_over_budget;
    j["turns"].push_back(std::move(turn));
  }
  return j.dump(2);
}

AbuseReport run_abuse(const AbuseOptions& o) {
  for (const std::string& name : o.attacks) {
    if (std::find(kAttackNames.begin(), kAttackNames.end(), name) == kAttackNames.end()) {
      throw std::runtime_error("no attack called '" + name + "'");
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
    std::this_thread::sleep_for(kSettle);
    if (const auto base = sample(o, bystander)) {
      report.baseline_tick_p99_ms = base->p99_ms;
      report.baseline_rss_mb = base->rss_mb;
    }
    for (std::size_t i = 0; i < o.attacks.size(); ++i) {
      if (o.interrupted != nullptr && o.interrupted->load()) break;
      report.turns.push_back(run_turn(o.attacks[i], i, io, bystander, o));
      std::fprintf(stderr, "meadow-abuse: %s done\n", o.attacks[i].c_str());
      std::this_thread::sleep_for(kSettle);
    }
  }
  return report;
}

}  // namespace meadow::client::abuse
