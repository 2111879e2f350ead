#include "net/viewer_grpc_server.hpp"

#include <spdlog/spdlog.h>

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
  // Viewer messages are tiny; a request far larger than the WebSocket's limit is refused by gRPC.
  const int max_receive = static_cast<int>(impl_->context.limits.max_message_bytes) * 4;
  GrpcServing serving = listen_grpc(
      {c.bind_address, c.port, grpc::InsecureServerCredentials(), &impl_->service, max_receive, "the viewers' gRPC"});
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
