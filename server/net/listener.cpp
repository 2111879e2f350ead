#include "net/listener.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <string>

#include "net/http_responses.hpp"
#include "net/http_session.hpp"
#include "net/log_throttle.hpp"
#include "net/logger.hpp"

namespace meadow::net {

namespace {

// Writes a canned refusal to a connection that was not admitted, then closes it.
void refuse(tcp::socket socket, std::string bytes) {
  struct Refused {
    beast::tcp_stream stream;
    std::string bytes;
  };
  auto r = std::make_shared<Refused>(Refused{beast::tcp_stream(std::move(socket)), std::move(bytes)});
  r->stream.expires_after(kRefusalWriteTimeout);
  asio::async_write(r->stream, asio::buffer(r->bytes), [r](beast::error_code, std::size_t) {
    beast::error_code ignored;
    r->stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
    r->stream.socket().close(ignored);
  });
}

}  // namespace

std::string peer_address(const tcp::socket& socket) {
  beast::error_code ec;
  const tcp::endpoint endpoint = socket.remote_endpoint(ec);
  if (ec) return "unknown";
  const asio::ip::address address = endpoint.address();
  if (address.is_v6() && address.to_v6().is_v4_mapped()) {
    return asio::ip::make_address_v4(asio::ip::v4_mapped, address.to_v6()).to_string();
  }
  return address.to_string();
}

Listener::Listener(asio::io_context& io, const tcp::endpoint& endpoint, SessionContext& context, HttpRoutes routes)
    : io_(io), acceptor_(asio::make_strand(io)), backoff_timer_(acceptor_.get_executor()), context_(context), routes_(routes) {
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
    self->backoff_timer_.cancel();
  });
}

void Listener::do_accept() {
  acceptor_.async_accept(asio::make_strand(io_),
                         beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
}

void Listener::on_accept(beast::error_code ec, tcp::socket socket) {
  if (ec == asio::error::operation_aborted || !acceptor_.is_open()) return;  // stopped
  if (ec) {
    // The pending connection stays in the backlog, so trying again at once would spin: wait.
    context_.metrics.accept_errors_total.fetch_add(1, std::memory_order_relaxed);
    warn_throttled("accept", "accepting a connection failed: {}; trying again in {} ms", ec.message(), backoff_.count());
    backoff_timer_.expires_after(backoff_);
    backoff_ = std::min(backoff_ * 2, kLongestBackoff);
    backoff_timer_.async_wait([self = shared_from_this()](beast::error_code wait_ec) {
      if (!wait_ec && self->acceptor_.is_open()) self->do_accept();
    });
    return;
  }
  backoff_ = kFirstBackoff;
  std::string address = peer_address(socket);
  Admitted admitted = context_.admission.admit_connection(address);
  if (!admitted.ticket.held()) {
    record_refusal(context_.metrics, Refused::kConnection, admitted, address);
    refuse(std::move(socket), canned_refusal(http::status::service_unavailable, admitted.reason(), kRetryAfterSeconds));
  } else {
    beast::error_code nodelay_ec;
    socket.set_option(tcp::no_delay(true), nodelay_ec);  // frames are latency-sensitive
    std::make_shared<HttpSession>(std::move(socket), context_, routes_, std::move(admitted.ticket))->run();
  }
  do_accept();
}

}  // namespace meadow::net
