#include "net/net_server.hpp"

#include <spdlog/spdlog.h>

#include <chrono>
#include <stdexcept>
#include <thread>
#include <vector>

#include "net/beast.hpp"
#include "net/listener.hpp"
#include "net/logger.hpp"

namespace meadow::net {

namespace {
// How long sessions get to finish their close handshakes at shutdown.
constexpr std::chrono::milliseconds kShutdownGrace{500};
}  // namespace

struct NetServer::Impl {
  Impl(NetConfig cfg, Hub& hub, stream::ActionQueue& actions, Metrics& metrics, Admission& admission)
      : config(std::move(cfg)),
        context{hub, actions, metrics, admission, config.limits, config.facts, config.web_root, config.trails, config.replays,
                config.not_ready} {}

  // Binds a listener; throws std::runtime_error saying what failed.
  std::shared_ptr<Listener> listen(const std::string& address_text, std::uint16_t on_port, HttpRoutes routes) {
    beast::error_code ec;
    const auto address = asio::ip::make_address(address_text, ec);
    if (ec) throw std::runtime_error("invalid bind address '" + address_text + "': " + ec.message());
    try {
      return std::make_shared<Listener>(io, tcp::endpoint{address, on_port}, context, routes);
    } catch (const boost::system::system_error& e) {
      throw std::runtime_error("cannot listen on " + address_text + ":" + std::to_string(on_port) + ": " +
                               e.code().message());
    }
  }

  NetConfig config;
  SessionContext context;
  asio::io_context io;
  std::shared_ptr<Listener> listener;
  std::shared_ptr<Listener> metrics_listener;
  std::vector<std::thread> threads;
  std::uint16_t port = 0;
  std::uint16_t metrics_port = 0;
  bool running = false;
};

NetServer::NetServer(NetConfig config, Hub& hub, stream::ActionQueue& actions, Metrics& metrics, Admission& admission)
    : impl_(std::make_unique<Impl>(std::move(config), hub, actions, metrics, admission)) {}

NetServer::~NetServer() { stop(); }

void NetServer::start() {
  auto& d = *impl_;
  const bool metrics_apart = !d.config.metrics_address.empty();
  d.listener = d.listen(d.config.bind_address, d.config.port, HttpRoutes{true, !metrics_apart});
  d.port = d.listener->local_endpoint().port();
  if (metrics_apart) {
    d.metrics_listener = d.listen(d.config.metrics_address, d.config.metrics_port, HttpRoutes{false, true});
    d.metrics_port = d.metrics_listener->local_endpoint().port();
    d.metrics_listener->run();
  }
  d.listener->run();
  const unsigned n = d.config.io_threads == 0 ? 1 : d.config.io_threads;
  d.threads.reserve(n);
  for (unsigned i = 0; i < n; ++i) d.threads.emplace_back([&io = d.io] { io.run(); });
  d.running = true;
}

std::uint16_t NetServer::port() const { return impl_->port; }

std::uint16_t NetServer::metrics_port() const { return impl_->metrics_port; }

void NetServer::stop() {
  auto& d = *impl_;
  if (!d.running) return;
  d.running = false;
  d.listener->stop();
  if (d.metrics_listener) d.metrics_listener->stop();
  d.context.hub.close_all("server shutting down");
  // Give close handshakes a moment, then stop whatever is left (HTTP keep-alives, slow peers).
  asio::steady_timer grace(d.io, kShutdownGrace);
  grace.async_wait([&io = d.io](beast::error_code) { io.stop(); });
  for (auto& t : d.threads) t.join();
  d.threads.clear();
  logger()->info("network stopped");
}

}  // namespace meadow::net
