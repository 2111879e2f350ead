#pragma once
// The viewer protocol over gRPC for native clients (meadow.v1.Viewer) on its own port, behind a
// small facade so that nothing outside net/ includes gRPC. It shares the hub, the action queue,
// the metrics and the limits with the WebSocket server: its viewers are hub sessions like any.
#include <cstdint>
#include <memory>
#include <string>

#include "net/session_context.hpp"

namespace meadow::net {

struct ViewerGrpcConfig {
  std::string bind_address = "127.0.0.1";
  std::uint16_t port = 8082;  // 0 picks a free port
};

class ViewerGrpcServer {
 public:
  // `context` (hub, queue, metrics, limits, facts) must outlive this server.
  ViewerGrpcServer(ViewerGrpcConfig config, SessionContext context);
  ~ViewerGrpcServer();
  ViewerGrpcServer(const ViewerGrpcServer&) = delete;
  ViewerGrpcServer& operator=(const ViewerGrpcServer&) = delete;

  // Starts serving; throws std::runtime_error when it cannot listen.
  void start();
  [[nodiscard]] std::uint16_t port() const;
  // Ends every Watch ("going away") and stops; call before the sim loop stops.
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace meadow::net
