#include "net/listener.hpp"

#include <spdlog/spdlog.h>

#include "net/http_session.hpp"
#include "net/logger.hpp"

namespace meadow::net {

Listener::Listener(asio::io_context& io, const tcp::endpoint& endpoint, SessionContext& context)
    : io_(io), acceptor_(asio::make_strand(io)), context_(context) {
  acceptor_.open(endpoint.protocol());
  acceptor_.set_option(asio::socket_base::reuse_address(true));
  acceptor_.bind(endpoint);
  acceptor_.listen(asio::socket_base::max_listen_connections);
}

void Listener::run() { do_accept(); }

void Listener::stop() {
  asio::post(acceptor_.get_executor(), [self = shared_from_this()] {
    beast::error_code ec;
    self->acceptor_.close(ec);
  });
}

void Listener::do_accept() {
  acceptor_.async_accept(asio::make_strand(io_),
                         beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
}

void Listener::on_accept(beast::error_code ec, tcp::socket socket) {
  if (ec == asio::error::operation_aborted) return;  // stopped
  if (ec) {
    fail(ec, "accept");
  } else {
    beast::error_code nodelay_ec;
    socket.set_option(tcp::no_delay(true), nodelay_ec);  // frames are latency-sensitive
    std::make_shared<HttpSession>(std::move(socket), context_)->run();
  }
  if (acceptor_.is_open()) do_accept();
}

}  // namespace meadow::net
