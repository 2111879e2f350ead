#pragma once
// The attacks meadow-abuse makes on a running server, each as one hostile visitor on the
// gallery's network would, within what a browser may send. Each attack connects from its own
// loopback address (127.0.0.N), so the server's per-address limits meet the attacker and not the
// viewer watching beside it on 127.0.0.1. Each runs for a bounded time and then reports what the
// server answered it. The attacks on one world's own settings are that world's
// (abuse/<world>/, registered in world_attacks.hpp).
#include <boost/asio/io_context.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <string>

namespace meadow::client::abuse {

struct AttackContext {
  boost::asio::io_context& io;  // run by the caller's threads for the whole attack
  std::string host = "127.0.0.1";
  std::uint16_t port = 0;
  std::string source;  // the attacker's loopback address
  std::chrono::milliseconds duration{10'000};
  const std::atomic<bool>* interrupted = nullptr;  // set: end early
};

struct AttackOutcome {
  std::uint64_t attempts = 0;  // messages sent, or connections tried
  // What came back, counted: "notice <code>", "HTTP <status>: <first body line>",
  // "closed: <why>", "no connection: <why>", "still open, unanswered", "upgraded (101)".
  std::map<std::string, std::uint64_t> answers;
  // Whether the attacker was refused or closed with a clear answer as the attack asks
  // (attack by attack, below), and if not, why not.
  bool answered_clearly = false;
  std::string verdict;
};

// One viewer taps a rock on and off at one spot, and at new spots, 60 times a second.
// Clear: notices that say why taps are refused (a cooldown, a per-viewer cap).
AttackOutcome rock_flood(const AttackContext& context);
// One visitor reconnecting again and again, each session placing three rocks at new spots. Clear:
// told that its address's rocks are all placed (the cap holds per visitor, not per session).
AttackOutcome rock_reconnect(const AttackContext& context);
// Eight viewers of one address walk every world the server runs, from its welcome's settings
// schemas: choosing it, every setting at its least and its most, every preset, a flower tap and a
// handful, at the rate limit. A world added later is walked without a line here. Clear: every one
// of them told why what it asked was held back (a cooldown, a cap, a ceiling).
AttackOutcome settings_walk(const AttackContext& context);
// Eight viewers of one address replay the night and scrub it at the rate limit: starts, seeks to
// random moments of the last hour, speeds, stops, and taps on the meadow while they watch the past.
// Clear: told why (the door's rate, "replaying" for a tap, the server's replay limit or that it
// keeps no journal, in a ReplayState's reason).
AttackOutcome replay_flood(const AttackContext& context);
// The largest trails recording every second, and live trails switched on and off at the rate limit.
AttackOutcome trails_flood(const AttackContext& context);
// Eight viewers of one address send every ClientMessage body with each of its fields at its
// extremes (extreme_messages.hpp, by reflection), at the rate limit. Clear: every one of them told
// why what it sent was refused.
AttackOutcome every_field(const AttackContext& context);

// `connections` connections from one address, each asking for a WebSocket upgrade and then
// never reading. Clear: every connection beyond what the server takes from one address is
// answered with an HTTP refusal (or closed), none left hanging.
AttackOutcome connection_flood(const AttackContext& context, std::size_t connections);

// `clients` connections from one address that send their request a byte every half second.
// Clear: each is cut off (closed or answered) before the attack ends; none still hangs.
AttackOutcome slow_http(const AttackContext& context, std::size_t clients);

// `requests` malformed WebSocket upgrades and requests of six kinds. Clear: every one answered
// with an HTTP 4xx status and a reason.
AttackOutcome bad_upgrades(const AttackContext& context, std::size_t requests);

// One viewer that chases the predator across the meadow with 1,000 moves a second, far past the
// rate limit (60 a second, bursts of 120). Clear: the server tells it to slow down (a
// "rate_limited" notice about once a second) or closes it; the judge of the turn sees that the
// others' frames and the tick did not notice.
AttackOutcome action_flood(const AttackContext& context);

// `viewers` WebSocket viewers that upgrade and then never read a byte (a tiny receive buffer, so
// the server's side of each connection fills at once), from as many loopback addresses as the
// server's per-address cap (8) needs, starting at 127.0.0.100. They hold on until the server has
// closed every one (meadow_sessions_closed_slow_total grew by as many, meadow_sessions is back
// where it was) or the attack's time (the bound) is up. Clear: every one was taken as a viewer
// and closed by the server within the bound.
AttackOutcome never_read(const AttackContext& context, std::size_t viewers);

}  // namespace meadow::client::abuse
