#pragma once
// Starting a gRPC server on one address, the same way for every service we serve (the
// operator's, the viewers'): IPv6 literals bracketed, the port actually bound reported, and a
// clear error when it cannot listen.
#include <grpcpp/grpcpp.h>

#include <cstdint>
#include <memory>
#include <string>

namespace meadow::net {

struct GrpcListen {
  std::string bind_address;
  std::uint16_t port = 0;  // 0 picks a free port
  std::shared_ptr<grpc::ServerCredentials> credentials;
  grpc::Service* service = nullptr;
  int max_receive_bytes = -1;  // -1: gRPC's default (4 MiB)
  const char* what = "gRPC";   // for the error: "cannot serve <what> on …"
};

struct GrpcServing {
  std::unique_ptr<grpc::Server> server;
  std::uint16_t port = 0;
  std::string host;  // as listened on (bracketed when IPv6)
};

// Throws std::runtime_error when the address is taken or not valid.
[[nodiscard]] GrpcServing listen_grpc(const GrpcListen& listen);

}  // namespace meadow::net
