#pragma once
// meadow-abuse's run: a bystander viewer watches the meadow while the attacks (attacks.hpp) take
// their turns, and each turn is judged by what it did to the meadow and to the bystander:
// - the sim thread's tick: at most 1 % of the turn's ticks over one tick (1/60 s), i.e. the
//   p99 tick under 16.7 ms (from meadow_ticks_over_budget_total; the p99 gauge is reported too);
// - the server's resident memory stays under a bound, and grows by less than another over a turn;
// - the bystander keeps its frames (30 a second by default) and its connection, and its pings
//   come back at once (the median round trip);
// - each attacker was refused or closed with a clear answer.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "abuse/attacks.hpp"

namespace meadow::client::abuse {

// The shared attacks by name (each world's own: world_attacks.hpp).
inline const std::vector<std::string> kSharedAttackNames = {
    "trails-flood", "every-field", "settings-walk",    "rock-reconnect", "rock-flood", "action-flood",
    "connection-flood", "slow-http", "never-read", "bad-upgrades",  "replay-flood"};
// The shared turns of a full run, in order, each world's attacks then joining the turn it names.
// Attacks joined by '+' run at the same time in one turn (each for its own time; the turn lasts
// as long as the longest), judged together: what the turn's figures show, the meadow held against
// all at once. The first turn is left to a world's heaviest flood on the tick, alone; then
// every-field and the walk of every world's settings beside the trails' flood (and a world's
// settings flood), the bad upgrades beside the connection flood.
inline const std::vector<std::string> kSharedTurns = {"", "trails-flood+every-field+settings-walk",
                                                      "rock-flood+action-flood+rock-reconnect+replay-flood",
                                                      "connection-flood+bad-upgrades", "slow-http+never-read"};

// Every attack by name: the shared ones and each world's.
[[nodiscard]] std::vector<std::string> attack_names();
// The turns of a full run: kSharedTurns with each world's attacks ahead of the shared ones of the
// turn they join, a turn without attacks left out.
[[nodiscard]] std::vector<std::string> default_turns();

struct AbuseOptions {
  std::string host = "127.0.0.1";
  std::uint16_t port = 0;
  std::vector<std::string> attacks = default_turns();  // the turns: attack names, or names joined by '+'
  std::chrono::seconds seconds{12};       // each attack
  std::chrono::seconds slow_seconds{14};  // the slow clients' attack: past the server's request timeout
  // The bound within which the server must close every viewer that never reads: its write
  // timeout (10 s) after their connections filled (the kernel's send buffer, about 4 s of frames
  // of the default worlds), with room to spare. The attack ends as soon as all are closed.
  std::chrono::seconds never_read_seconds{20};
  std::size_t connections = 2000;
  std::size_t slow_clients = 200;
  std::size_t bad_requests = 300;
  std::size_t silent_viewers = 100;  // viewers that never read
  double frame_rate = 30.0;   // the frames a second the bystander should get
  double max_rss_mb = 1024.0;
  double max_rss_growth_mb = 32.0;  // over a turn, from its start to its peak
  // More for a turn with replays of the night: each holds a copy of the world it shows (the largest
  // a viewer may ask for, 24,000 movers, its frames and its snapshot read: 8–12 MB), and the
  // server runs four at once by default (--replays-most).
  double replays_rss_mb = 48.0;
  // The bystander's ping round trip, its median over a turn (its p99 is reported: a burst of a
  // thousand connections delays a few by a tenth of a second).
  double max_ping_ms = 20.0;
  bool check = true;          // judge each turn (false: measure only)
  // Judge the tick, memory and the bystander's frame rate too (false for a sanitizer build, which
  // runs several times slower: then only the answers and the connection are judged).
  bool judge_timing = true;
  const std::atomic<bool>* interrupted = nullptr;
};

// The bystander's latency: the round trip of its pings (four a second, answered by the network
// thread that also reads the attackers) and the longest wait between two of its frames.
struct Latency {
  double ping_p50_ms = 0.0;
  double ping_p99_ms = 0.0;
  std::size_t pings = 0;  // answered
  double longest_frame_gap_ms = 0.0;
};

struct AttackerReport {
  std::string attack;
  AttackOutcome outcome;
};

struct TurnReport {
  std::string attack;  // the turn's attacks, joined by " + "
  double seconds = 0.0;
  // The server, over the turn.
  std::uint64_t ticks = 0;
  std::optional<std::uint64_t> ticks_over_budget;  // absent when the server does not count them
  double worst_tick_p99_ms = 0.0;                   // the highest reading of the p99 gauge
  double start_rss_mb = 0.0;
  double peak_rss_mb = 0.0;
  // The bystander, over the turn.
  double bystander_fps = 0.0;
  double bystander_slowest_second_fps = 0.0;
  Latency bystander_latency;
  std::uint64_t bystander_rocks_messages = 0;
  bool bystander_connected = true;
  // The attackers, one a turn or more at once.
  std::vector<AttackerReport> attackers;
  std::vector<std::string> failures;  // empty: the turn passed (or was not judged)
};

struct AbuseReport {
  std::vector<TurnReport> turns;
  double baseline_tick_p99_ms = 0.0;
  double baseline_rss_mb = 0.0;
  Latency baseline_latency;  // the bystander's, before the attacks
  [[nodiscard]] bool passed() const;
  [[nodiscard]] std::string text() const;
  [[nodiscard]] std::string json() const;
};

// Runs the attacks one after another against the server at host:port. Throws
// std::runtime_error when the bystander cannot connect or the server's /metrics cannot be read.
[[nodiscard]] AbuseReport run_abuse(const AbuseOptions& options);

}  // namespace meadow::client::abuse
