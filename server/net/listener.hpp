#pragma once
// Accepts TCP connections, takes each a connection slot (Admission) and starts an HttpSession on
// its own strand; a connection over the caps is answered 503 with a reason and closed. When
// accept itself fails (out of descriptors, say) the listener backs off, 10 ms doubling to 1 s,
// instead of trying again at once.
#include <chrono>
#include <memory>

#include "net/beast.hpp"
#include "net/session_context.hpp"

namespace meadow::net {

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  // Binds and listens; throws boost::system::system_error with a clear message on failure.
  Listener(asio::io_context& io, const tcp::endpoint& endpoint, SessionContext& context, HttpRoutes routes);
  void run();
  void stop();
  [[nodiscard]] tcp::endpoint local_endpoint() const { return acceptor_.local_endpoint(); }

  static constexpr std::chrono::milliseconds kFirstBackoff{10};
  static constexpr std::chrono::milliseconds kLongestBackoff{1000};

 private:
  void do_accept();
  void on_accept(beast::error_code ec, tcp::socket socket);

  asio::io_context& io_;
  tcp::acceptor acceptor_;
  asio::steady_timer backoff_timer_;
  std::chrono::milliseconds backoff_ = kFirstBackoff;
  SessionContext& context_;
  const HttpRoutes routes_;
};

// The peer's address as text, an IPv4 one without its IPv6 mapping ("::ffff:10.0.0.2" →
// "10.0.0.2"); "unknown" when the socket has none.
[[nodiscard]] std::string peer_address(const tcp::socket& socket);

}  // namespace meadow::net
