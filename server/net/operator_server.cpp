#include "net/operator_server.hpp"

#include <grpcpp/grpcpp.h>
#include <spdlog/spdlog.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "net/grpc_listen.hpp"
#include "net/logger.hpp"
#include "net/operator_service.hpp"

namespace meadow::net {

namespace {

std::string read_file(const std::filesystem::path& path, const char* what) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(std::string("cannot read the operator's TLS ") + what + " " + path.string());
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

bool is_loopback(const std::string& address) {
  return address == "localhost" || address == "::1" || address.rfind("127.", 0) == 0;
}

}  // namespace

struct OperatorServer::Impl {
  OperatorConfig config;
  OperatorService service;
  std::unique_ptr<grpc::Server> server;
  int port = 0;

  Impl(OperatorConfig c, Hub& hub, stream::ActionQueue& actions, Metrics& metrics)
      : config(std::move(c)),
        service(hub, actions, metrics, config.token, config.server_version, config.max_swarm_count) {}
};

OperatorServer::OperatorServer(OperatorConfig config, Hub& hub, stream::ActionQueue& actions, Metrics& metrics)
    : impl_(std::make_unique<Impl>(std::move(config), hub, actions, metrics)) {}

OperatorServer::~OperatorServer() { stop(); }

void OperatorServer::start() {
  const OperatorConfig& c = impl_->config;
  if (c.token.empty() && !c.insecure_local) {
    throw std::runtime_error(
        "the operator port needs a token: --operator-token-file FILE or MEADOW_OPERATOR_TOKEN "
        "(or --operator-insecure-local on a loopback address)");
  }
  if (c.token.empty() && !is_loopback(c.bind_address)) {
    throw std::runtime_error("--operator-insecure-local only on a loopback address, not " + c.bind_address);
  }
  std::shared_ptr<grpc::ServerCredentials> credentials;
  if (!c.tls_cert.empty() || !c.tls_key.empty()) {
    if (c.tls_cert.empty() || c.tls_key.empty()) {
      throw std::runtime_error("operator TLS needs both --operator-tls-cert and --operator-tls-key");
    }
    grpc::SslServerCredentialsOptions options;
    options.pem_key_cert_pairs.push_back({read_file(c.tls_key, "key"), read_file(c.tls_cert, "certificate")});
    credentials = grpc::SslServerCredentials(options);
  } else {
    credentials = grpc::InsecureServerCredentials();
  }
  GrpcServing serving = listen_grpc({c.bind_address, c.port, credentials, &impl_->service, -1, "the operator"});
  impl_->server = std::move(serving.server);
  impl_->port = serving.port;
  const std::string& host = serving.host;
  logger()->info("operator service on {}:{} ({}{})", host, impl_->port, c.token.empty() ? "no token, loopback" : "token",
                 credentials == nullptr ? "" : (c.tls_cert.empty() ? ", plain" : ", TLS"));
}

std::uint16_t OperatorServer::port() const { return static_cast<std::uint16_t>(impl_->port); }

void OperatorServer::stop() {
  if (!impl_ || !impl_->server) return;
  impl_->server->Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(1));
  impl_->server->Wait();
  impl_->server.reset();
}

}  // namespace meadow::net
