#include "net/operator_server.hpp"

#include <grpcpp/grpcpp.h>
#include <spdlog/spdlog.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "net/grpc_listen.hpp"
#include "net/log_throttle.hpp"
#include "net/logger.hpp"
#include "net/secret.hpp"
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

// The largest operator request gRPC reads (the biggest, SetLocks or ChangeSettings, is a few hundred
// bytes).
constexpr int kMaxOperatorRequestBytes = 64 * 1024;

// Checks "authorization: Bearer <token>" as the call's metadata arrives (TLS ports only: gRPC runs
// auth metadata processors only for secure credentials).
class BearerTokenCheck final : public grpc::AuthMetadataProcessor {
 public:
  explicit BearerTokenCheck(const std::string& token) : expected_("Bearer " + token) {}
  bool IsBlocking() const override { return false; }
  grpc::Status Process(const InputMetadata& metadata, grpc::AuthContext* /*context*/, OutputMetadata* /*consumed*/,
                       OutputMetadata* /*response*/) override {
    const auto it = metadata.find("authorization");
    if (it != metadata.end() && same_secret(std::string_view(it->second.data(), it->second.size()), expected_)) {
      return grpc::Status::OK;
    }
    warn_throttled("operator token", "operator call refused before it began: missing or wrong token");
    return grpc::Status(grpc::StatusCode::UNAUTHENTICATED,
                        "an operator token is needed: metadata 'authorization: Bearer <token>'");
  }

 private:
  const std::string expected_;
};

}  // namespace

struct OperatorServer::Impl {
  OperatorConfig config;
  OperatorService service;
  std::unique_ptr<grpc::Server> server;
  int port = 0;

  Impl(OperatorConfig c, Hub& hub, stream::ActionQueue& actions, Metrics& metrics)
      : config(std::move(c)),
        service(config, hub, actions, metrics) {}
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
  const bool tls = !c.tls_cert.empty() || !c.tls_key.empty();
  if (!tls && !is_loopback(c.bind_address) && !c.allow_plaintext) {
    throw std::runtime_error("the operator port on " + c.bind_address +
                             " would carry the token in plain text: give it --operator-tls-cert and "
                             "--operator-tls-key, or pass --operator-allow-plaintext if a tunnel or a trusted network "
                             "protects it");
  }
  std::shared_ptr<grpc::ServerCredentials> credentials;
  if (tls) {
    if (c.tls_cert.empty() || c.tls_key.empty()) {
      throw std::runtime_error("operator TLS needs both --operator-tls-cert and --operator-tls-key");
    }
    grpc::SslServerCredentialsOptions options;
    options.pem_key_cert_pairs.push_back({read_file(c.tls_key, "key"), read_file(c.tls_cert, "certificate")});
    credentials = grpc::SslServerCredentials(options);
    // Over TLS the token is checked as the call's metadata arrives, before its message is read
    // or a handler runs (the handlers check again: they serve plain-text loopback ports too).
    if (!c.token.empty()) credentials->SetAuthMetadataProcessor(std::make_shared<BearerTokenCheck>(c.token));
  } else {
    if (!is_loopback(c.bind_address)) {
      logger()->warn("the operator port on {} is plain text (--operator-allow-plaintext): the token crosses the "
                     "network readable by anyone on the way", c.bind_address);
    }
    credentials = grpc::InsecureServerCredentials();
  }
  GrpcLimits limits;
  // Operator requests are small; an unauthenticated caller cannot make gRPC read a large one.
  limits.max_receive_bytes = kMaxOperatorRequestBytes;
  limits.max_streams_per_connection = 32;
  limits.memory_bytes = std::size_t{16} << 20;
  limits.max_threads = 4;
  GrpcServing serving = listen_grpc({c.bind_address, c.port, credentials, &impl_->service, limits, "the operator"});
  impl_->server = std::move(serving.server);
  impl_->port = serving.port;
  const std::string& host = serving.host;
  logger()->info("operator service on {}:{} ({}, {})", host, impl_->port, c.token.empty() ? "no token, loopback" : "token",
                 tls ? "TLS" : "plain text");
}

std::uint16_t OperatorServer::port() const { return static_cast<std::uint16_t>(impl_->port); }

void OperatorServer::stop() {
  if (!impl_ || !impl_->server) return;
  impl_->server->Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(1));
  impl_->server->Wait();
  impl_->server.reset();
}

}  // namespace meadow::net
