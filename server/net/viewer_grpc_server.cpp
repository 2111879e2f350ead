#include "net/viewer_grpc_server.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>

#include "net/grpc_door.hpp"
#include "net/grpc_listen.hpp"
#include "net/logger.hpp"
#include "net/viewer_service.hpp"

namespace meadow::net {

namespace {

// How long stop() lets the Watches finish after asking them to, before gRPC cancels them.
constexpr std::chrono::seconds kShutdownGrace{1};

}  // namespace

struct ViewerGrpcServer::Impl {
  ViewerGrpcConfig config;
  SessionContext context;
  ViewerService service;
  std::unique_ptr<GrpcDoor> door;  // admits its connections (gRPC counts none itself)
  std::unique_ptr<grpc::Server> server;
  std::uint16_t port = 0;

  Impl(ViewerGrpcConfig c, SessionContext ctx) : config(std::move(c)), context(std::move(ctx)), service(context) {}
};

ViewerGrpcServer::ViewerGrpcServer(ViewerGrpcConfig config, SessionContext context)
    : impl_(std::make_unique<Impl>(std::move(config), std::move(context))) {}

ViewerGrpcServer::~ViewerGrpcServer() { stop(); }

void ViewerGrpcServer::start() {
  const auto& c = impl_->config;
  GrpcLimits limits;
  // Viewer messages are tiny; a request far larger than the WebSocket's limit is refused by gRPC.
  limits.max_receive_bytes = static_cast<int>(impl_->context.limits.max_message_bytes) * 4;
  // A native client may watch as several viewers over one connection (meadow-watch --load): as
  // many Watches as one address may hold, with room for their Sends.
  const std::size_t per_address = impl_->context.admission.limits().max_viewers_per_address;
  limits.max_streams_per_connection = static_cast<int>(std::clamp<std::size_t>(2 * per_address + 8, 16, 4096));
  limits.max_threads = 8;
  // The door listens first, so that a port taken fails before gRPC starts.
  impl_->door = std::make_unique<GrpcDoor>(impl_->context.admission, impl_->context.metrics, c.bind_address, c.port);
  GrpcServing serving = listen_grpc({.bind_address = c.bind_address,
                                     .port = c.port,
                                     .credentials = grpc::InsecureServerCredentials(),
                                     .service = &impl_->service,
                                     .limits = limits,
                                     .what = "the viewers' gRPC",
                                     .listens = false});
  impl_->server = std::move(serving.server);
  impl_->port = impl_->door->port();
  GrpcDoor* door = impl_->door.get();
  impl_->context.grpc_peer = [door](const std::string& peer) { return door->peer_of(peer); };
  impl_->door->start(*impl_->server);
  logger()->info("viewer gRPC on {}:{}", serving.host, impl_->port);
}

std::uint16_t ViewerGrpcServer::port() const { return impl_->port; }

void ViewerGrpcServer::stop() {
  if (!impl_ || !impl_->server) return;
  impl_->door->stop();
  impl_->service.close_all("server shutting down");
  impl_->server->Shutdown(std::chrono::system_clock::now() + kShutdownGrace);
  impl_->server->Wait();
  impl_->door->forget_all();  // gRPC closed every connection it had
  impl_->context.grpc_peer = nullptr;
  impl_->server.reset();
  impl_->door.reset();
}

}  // namespace meadow::net
