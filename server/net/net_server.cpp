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
  Impl(NetConfig cfg, Hub& hub, stream::ActionQueue& actions, Metrics& metrics)
      : config(std::move(cfg)),
        context{hub, actions, metrics, config.limits, config.facts, config.web_root} {}

  NetConfig config;
  SessionContext context;
  asio::io_context io;
  std::shared_ptr<Listener> listener;
  std::vector<std::thread> threads;
  std::uint16_t port = 0;
  bool running = false;
};

NetServer::NetServer(NetConfig config, Hub& hub, stream::ActionQueue& actions, Metrics& metrics)
    : impl_(std::make_unique<Impl>(std::move(config), hub, actions, metrics)) {}

NetServer::~NetServer() { stop(); }

void NetServer::start() {
  auto& d = *impl_;
  beast::error_code ec;
  const auto address = asio::ip::make_address(d.config.bind_address, ec);
  if (ec) throw std::runtime_error("invalid bind address '" + d.config.bind_address + "': " + ec.message());
  try {
    d.listener = std::make_shared<Listener>(d.io, tcp::endpoint{address, d.config.port}, d.context);
  } catch (const boost::system::system_error& e) {
    throw std::runtime_error("cannot listen on " + d.config.bind_address + ":" +
                             std::to_string(d.config.port) + ": " + e.code().message());
  }
  d.port = d.listener->local_endpoint().port();
  d.listener->run();
  const unsigned n = d.config.io_threads == 0 ? 1 : d.config.io_threads;
  d.threads.reserve(n);
  for (unsigned i = 0; i < n; ++i) d.threads.emplace_back([&io = d.io] { io.run(); });
  d.running = true;
}

std::uint16_t NetServer::port() const { return impl_->port; }

void NetServer::stop() {
  auto& d = *impl_;
  if (!d.running) return;
  d.running = false;
  d.listener->stop();
  d.context.hub.close_all("server shutting down");
  // Give close handshakes a moment, then stop whatever is left (HTTP keep-alives, slow peers).
  asio::steady_timer grace(d.io, kShutdownGrace);
  grace.async_wait([&io = d.io](beast::error_code) { io.stop(); });
  for (auto& t : d.threads) t.join();
  d.threads.clear();
  logger()->info("network stopped");
}

}  // namespace meadow::net
