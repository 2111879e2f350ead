#pragma once
// Accepts TCP connections and starts an HttpSession on its own strand for each.
#include <memory>

#include "net/beast.hpp"
#include "net/session_context.hpp"

namespace meadow::net {

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  // Binds and listens; throws boost::system::system_error with a clear message on failure.
  Listener(asio::io_context& io, const tcp::endpoint& endpoint, SessionContext& context);
  void run();
  void stop();
  [[nodiscard]] tcp::endpoint local_endpoint() const { return acceptor_.local_endpoint(); }

 private:
  void do_accept();
  void on_accept(beast::error_code ec, tcp::socket socket);

  asio::io_context& io_;
  tcp::acceptor acceptor_;
  SessionContext& context_;
};

}  // namespace meadow::net
