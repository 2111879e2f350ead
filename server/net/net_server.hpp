#pragma once
// The network side of the server behind one small facade, so nothing outside net/ includes
// Beast: binds HTTP + WebSocket on one port and runs the I/O threads.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "net/hub.hpp"
#include "net/metrics.hpp"
#include "net/session_context.hpp"
#include "stream/action_queue.hpp"

namespace meadow::net {

struct NetConfig {
  std::string bind_address = "127.0.0.1";
  std::uint16_t port = 8080;  // 0 picks a free port (see NetServer::port)
  std::filesystem::path web_root;
  unsigned io_threads = 1;
  SessionLimits limits;
  ServerFacts facts;
};

class NetServer {
 public:
  NetServer(NetConfig config, Hub& hub, stream::ActionQueue& actions, Metrics& metrics);
  ~NetServer();
  NetServer(const NetServer&) = delete;
  NetServer& operator=(const NetServer&) = delete;

  // Binds and starts the I/O threads; throws std::runtime_error saying what failed.
  void start();
  // The port actually bound (useful with port 0).
  [[nodiscard]] std::uint16_t port() const;
  // Stops accepting, closes every session with "going away" and joins the I/O threads.
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace meadow::net
