#include "net/viewer_grpc_server.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>

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
  GrpcServing serving = listen_grpc(
      {c.bind_address, c.port, grpc::InsecureServerCredentials(), &impl_->service, limits, "the viewers' gRPC"});
  impl_->server = std::move(serving.server);
  impl_->port = serving.port;
  logger()->info("viewer gRPC on {}:{}", serving.host, impl_->port);
}

std::uint16_t ViewerGrpcServer::port() const { return impl_->port; }

void ViewerGrpcServer::stop() {
  if (!impl_ || !impl_->server) return;
  impl_->service.close_all("server shutting down");
  impl_->server->Shutdown(std::chrono::system_clock::now() + kShutdownGrace);
  impl_->server->Wait();
  impl_->server.reset();
}

}  // namespace meadow::net
