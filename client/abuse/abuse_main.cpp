// meadow-abuse: attacks a meadow-server on loopback as hostile visitors would, while a bystander
// watches, and says whether the meadow held (abuse_run.hpp has the judgement). Starts the server
// itself with --server-bin (then its exit status counts too), or attacks one at --server.
#include <CLI/CLI.hpp>

#include <sys/resource.h>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>

#include "abuse/abuse_run.hpp"
#include "abuse/world_attacks.hpp"
#include "launch/server_launch.hpp"

namespace {

using namespace meadow;
namespace abuse = meadow::client::abuse;

constexpr int kExitPassed = 0;
constexpr int kExitFailed = 1;
constexpr int kExitCannotRun = 3;

std::atomic<bool> g_interrupted{false};
extern "C" void on_interrupt(int /*signal*/) { g_interrupted = true; }

// The connection flood needs a descriptor per connection, and more than the usual 1,024.
void raise_descriptor_limit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
  }
}

std::size_t lines_in(const std::string& path) {
  std::ifstream in(path);
  std::size_t n = 0;
  for (std::string line; std::getline(in, line);) ++n;
  return n;
}

std::string tail_of(const std::string& path, std::size_t lines) {
  std::ifstream in(path);
  std::vector<std::string> all;
  for (std::string line; std::getline(in, line);) all.push_back(line);
  std::string out;
  for (std::size_t i = all.size() > lines ? all.size() - lines : 0; i < all.size(); ++i) out += all[i] + "\n";
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  std::string world_floods;
  for (const abuse::WorldAttack& a : abuse::world_attacks()) world_floods += a.summary + ", ";
  std::string turns;
  for (const std::string& turn : abuse::default_turns()) turns += (turns.empty() ? "" : ", ") + turn;
  CLI::App app{
      "meadow-abuse: attacks a meadow-server on loopback as hostile visitors would (" + world_floods +
      "the largest trails every second, every field of every message at its extremes, a rock flood, rocks by reconnecting, "
      "1,000 actions a second, 2,000 connections from one address, slow HTTP clients, 100 viewers that never read, "
      "bad WebSocket upgrades) while a bystander watches, and checks that the meadow held: the p99 tick under "
      "16.7 ms, memory bounded, the bystander at its frame rate and its pings answered at once, every attacker "
      "refused or closed with a clear answer. Loopback only: each attacker uses its own 127.0.0.N.",
      "meadow-abuse"};
  std::string server = "127.0.0.1:8080";
  std::string server_bin;
  std::vector<std::string> server_args;
  std::string server_log;
  std::string json_path;
  bool no_check = false;
  bool no_timing = false;
  abuse::AbuseOptions o;
  std::uint64_t slow_seconds = static_cast<std::uint64_t>(o.slow_seconds.count());
  std::uint64_t never_read_seconds = static_cast<std::uint64_t>(o.never_read_seconds.count());
  std::string attacks;
  std::uint64_t seconds = static_cast<std::uint64_t>(o.seconds.count());
  app.add_option("--server", server, "HOST:PORT of a running server to attack (loopback)")->capture_default_str();
  app.add_option("--server-bin", server_bin,
                 "Start this meadow-server on a free loopback port, attack it, stop it, and fail unless it exits "
                 "cleanly");
  app.add_option("--server-arg", server_args, "An argument for the started server (repeat for more)")->allow_extra_args(false);
  app.add_option("--server-log", server_log, "Where the started server's log goes (default: a file in /tmp)");
  app.add_option("--attacks", attacks,
                 "Comma-separated turns; attacks joined by + run at the same time (default: " + turns + ")");
  app.add_option("--seconds", seconds, "Seconds each attack lasts (the slow clients' see --slow-seconds)")
      ->check(CLI::Range(1, 600))
      ->capture_default_str();
  app.add_option("--connections", o.connections, "Connections of the connection flood")->capture_default_str();
  app.add_option("--slow-clients", o.slow_clients, "Slow HTTP clients")->capture_default_str();
  app.add_option("--bad-requests", o.bad_requests, "Malformed upgrades and requests")->capture_default_str();
  app.add_option("--silent-viewers", o.silent_viewers, "Viewers that never read (8 from each address)")->capture_default_str();
  app.add_option("--never-read-seconds", never_read_seconds,
                 "Seconds within which the server must close every viewer that never reads (past its write timeout)")
      ->check(CLI::Range(1, 600))
      ->capture_default_str();
  app.add_option("--frame-rate", o.frame_rate, "Frames a second the bystander should keep")->capture_default_str();
  app.add_option("--max-rss-mb", o.max_rss_mb, "The bound on the server's resident memory")->capture_default_str();
  app.add_option("--max-rss-growth-mb", o.max_rss_growth_mb, "The bound on its growth over a turn")->capture_default_str();
  app.add_option("--replays-rss-mb", o.replays_rss_mb,
                 "More for a turn with replays of the night (each holds a copy of one world)")
      ->capture_default_str();
  app.add_option("--max-ping-ms", o.max_ping_ms, "The bound on the bystander's ping round trip (its median over a turn)")
      ->capture_default_str();
  app.add_option("--slow-seconds", slow_seconds, "Seconds the slow clients' attack lasts (past the server's request timeout)")
      ->check(CLI::Range(1, 600))
      ->capture_default_str();
  app.add_flag("--no-check", no_check, "Measure and report only: judge nothing (for figures before a fix)");
  app.add_flag("--no-timing", no_timing,
               "Judge only the answers, the bystander's connection and the exit, not the tick, memory or frame rate "
               "(for a sanitizer build)");
  app.add_option("--json", json_path, "Also write the report as JSON to this file");
  CLI11_PARSE(app, argc, argv);

  o.check = !no_check;
  o.judge_timing = !no_timing;
  o.seconds = std::chrono::seconds(seconds);
  o.slow_seconds = std::chrono::seconds(slow_seconds);
  o.never_read_seconds = std::chrono::seconds(never_read_seconds);
  o.interrupted = &g_interrupted;
  if (!attacks.empty()) {
    o.attacks.clear();
    std::stringstream in(attacks);
    for (std::string name; std::getline(in, name, ',');) o.attacks.push_back(name);
  }
  raise_descriptor_limit();
  std::signal(SIGINT, on_interrupt);
  std::signal(SIGPIPE, SIG_IGN);

  std::unique_ptr<client::LaunchedServer> launched;
  try {
    if (!server_bin.empty()) {
      if (server_log.empty()) server_log = "/tmp/meadow-abuse-server-" + std::to_string(getpid()) + ".log";
      client::LaunchSpec spec;
      spec.binary = server_bin;
      spec.args = {"--bind", "127.0.0.1", "--port", "0", "--no-viewer-grpc", "--seed", "1"};
      spec.args.insert(spec.args.end(), server_args.begin(), server_args.end());
      spec.stderr_path = server_log;
      launched = std::make_unique<client::LaunchedServer>(spec);
      o.host = "127.0.0.1";
      o.port = launched->port();
      std::fprintf(stderr, "meadow-abuse: started %s on port %u (log: %s)\n", server_bin.c_str(),
                   static_cast<unsigned>(o.port), server_log.c_str());
    } else {
      const auto colon = server.rfind(':');
      if (colon == std::string::npos) throw std::runtime_error("--server needs HOST:PORT");
      o.host = server.substr(0, colon);
      o.port = static_cast<std::uint16_t>(std::stoi(server.substr(colon + 1)));
    }
    const abuse::AbuseReport report = abuse::run_abuse(o);
    std::printf("%s", report.text().c_str());
    if (!json_path.empty()) std::ofstream(json_path) << report.json() << "\n";
    bool passed = report.passed() || !o.check;
    if (launched) {
      const int status = launched->stop();
      std::printf("\nserver: %s, %zu log lines\n", launched->ending().c_str(), lines_in(server_log));
      if (status != 0) {
        passed = false;
        std::printf("FAILED: the server did not exit cleanly; the end of its log:\n%s", tail_of(server_log, 40).c_str());
      }
    }
    // Counted by attack: each is judged (its own answers, and its turn's tick, memory and
    // bystander), whether it ran alone or beside others.
    std::size_t attacks_passed = 0;
    std::size_t attacks = 0;
    for (const auto& t : report.turns) {
      attacks += t.attackers.size();
      attacks_passed += t.failures.empty() ? t.attackers.size() : 0;
    }
    std::printf("meadow-abuse: %zu passed, %zu failed (attacks, in %zu turns)\n", attacks_passed,
                attacks - attacks_passed, report.turns.size());
    return passed ? kExitPassed : kExitFailed;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "meadow-abuse: %s\n", e.what());
    if (launched) {
      launched->stop();
      std::fprintf(stderr, "server: %s; the end of its log:\n%s", launched->ending().c_str(), tail_of(server_log, 40).c_str());
    }
    return kExitCannotRun;
  }
}
