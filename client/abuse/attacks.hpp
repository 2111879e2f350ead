#pragma once
// The attacks meadow-abuse makes on a running server, each as one hostile visitor on the
// gallery's network would, within what a browser may send. Each attack connects from its own
// loopback address (127.0.0.N), so the server's per-address limits meet the attacker and not the
// viewer watching beside it on 127.0.0.1. Each runs for a bounded time and then reports what the
// server answered it.
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

// One viewer asks for 2,000,000 fireflies and then 5,000, over and over, 60 messages a second
// (inside the rate limit). Clear: a notice that says why the count is held back.
AttackOutcome count_flood(const AttackContext& context);

// One viewer taps a rock on and off at one spot, and at new spots, 60 times a second.
// Clear: notices that say why taps are refused (a cooldown, a per-viewer cap).
AttackOutcome rock_flood(const AttackContext& context);

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

}  // namespace meadow::client::abuse
