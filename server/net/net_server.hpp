#pragma once
// The network side of the server behind one small facade, so nothing outside net/ includes
// Beast: binds HTTP + WebSocket on one port and runs the I/O threads.
#include <cstdint>
#include <filesystem>
#include <functional>
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
  // /metrics on its own listener at this address and port (then not on the viewers' port);
  // empty: on the viewers' port. Port 0 picks a free one (see NetServer::metrics_port).
  std::string metrics_address;
  std::uint16_t metrics_port = 0;
  std::filesystem::path web_root;
  unsigned io_threads = 1;
  SessionLimits limits;
  ServerFacts facts;
  TrailsControl* trails = nullptr;  // records trails for viewers (null: none); outlives the server
  ReplayControl* replays = nullptr;  // replays the night for viewers (null: none); outlives the server
  std::function<std::string()> not_ready;  // SessionContext::not_ready
};

class NetServer {
 public:
  NetServer(NetConfig config, Hub& hub, stream::ActionQueue& actions, Metrics& metrics, Admission& admission);
  ~NetServer();
  NetServer(const NetServer&) = delete;
  NetServer& operator=(const NetServer&) = delete;

  // Binds and starts the I/O threads; throws std::runtime_error saying what failed.
  void start();
  // The port actually bound (useful with port 0).
  [[nodiscard]] std::uint16_t port() const;
  // The metrics listener's port; 0 when /metrics is served on the viewers' port.
  [[nodiscard]] std::uint16_t metrics_port() const;
  // Stops accepting, closes every session with "going away" and joins the I/O threads.
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace meadow::net
