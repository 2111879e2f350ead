#pragma once
// Starting a gRPC server on one address, the same way for every service we serve (the
// operator's, the viewers'): IPv6 literals bracketed, the port actually bound reported, a clear
// error when it cannot listen, and the limits every public gRPC port should have: no
// SO_REUSEPORT (a second process must not silently share the port), idle and age limits on
// connections, a cap on streams per connection, and a resource quota (memory and threads).
#include <grpcpp/grpcpp.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

namespace meadow::net {

struct GrpcLimits {
  // A connection with no call in flight this long is closed.
  std::chrono::milliseconds max_idle{std::chrono::minutes(5)};
  // A connection is asked to go away after this long, and cut after the grace that follows:
  // nobody holds a connection (and what it pins) forever. Watches reconnect.
  std::chrono::milliseconds max_age{std::chrono::hours(24)};
  std::chrono::milliseconds max_age_grace{std::chrono::minutes(1)};
  int max_streams_per_connection = 16;
  // Memory gRPC may take for this server's buffers, and threads it may run our handlers on.
  std::size_t memory_bytes = std::size_t{64} << 20;
  int max_threads = 16;
  int max_receive_bytes = -1;  // -1: gRPC's default (4 MiB)
};

struct GrpcListen {
  std::string bind_address;
  std::uint16_t port = 0;  // 0 picks a free port
  std::shared_ptr<grpc::ServerCredentials> credentials;
  grpc::Service* service = nullptr;
  GrpcLimits limits;
  const char* what = "gRPC";   // for the error: "cannot serve <what> on …"
  bool listens = true;         // false: no port of its own (a door hands it connections, grpc_door.hpp)
};

struct GrpcServing {
  std::unique_ptr<grpc::Server> server;
  std::uint16_t port = 0;
  std::string host;  // as listened on (bracketed when IPv6)
};

// Throws std::runtime_error when the address is taken or not valid.
[[nodiscard]] GrpcServing listen_grpc(const GrpcListen& listen);

// The address in a gRPC peer string ("ipv4:10.0.0.2:5000" → "10.0.0.2", "ipv6:[::1]:5000" →
// "::1"); the string itself when it is of another form.
[[nodiscard]] std::string grpc_peer_address(const std::string& peer);

}  // namespace meadow::net
