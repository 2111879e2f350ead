#pragma once
// The viewers' gRPC port's door (docs/limits.md "At the door": gRPC connections counted and
// capped). Debian 12's gRPC (1.51) accepts connections itself, with no cap on them and no hook on
// accepting one (gRPC added a server cap in 2024). So this door listens itself and admits each
// connection as the HTTP door does (Admission: 1,024 connections in all and 32 per address,
// WebSocket and gRPC together; a trusted proxy's counted only in the total), closes the refused at
// once, and hands the admitted to the gRPC server (grpc::AddInsecureChannelFromFd). From then on
// gRPC owns the socket: the door only looks, a few times a second, whether the descriptor it handed
// over is still that socket (its inode), and gives the slot back when gRPC has closed it.
#include <cstdint>
#include <memory>
#include <string>

namespace grpc {
class Server;
}

namespace meadow::net {

class Admission;
struct Metrics;

class GrpcDoor {
 public:
  // Listens on `bind_address`:`port` (0: a free port). Throws std::runtime_error when it cannot.
  GrpcDoor(Admission& admission, Metrics& metrics, const std::string& bind_address, std::uint16_t port);
  ~GrpcDoor();
  GrpcDoor(const GrpcDoor&) = delete;
  GrpcDoor& operator=(const GrpcDoor&) = delete;

  // Starts admitting connections into `server` (built and started, with no port of its own).
  void start(grpc::Server& server);
  // Stops accepting; the slots of connections still open are held until forget_all().
  void stop();
  // After the gRPC server shut down (it closed every connection): every slot given back.
  void forget_all();

  [[nodiscard]] std::uint16_t port() const;
  // The peer of the connection gRPC calls "fd:N", as gRPC would name it had it accepted it
  // ("ipv4:10.0.0.2:5000", "ipv6:[::1]:5000"); "unknown" for one the door did not hand over.
  // Other names are given back as they are.
  [[nodiscard]] std::string peer_of(const std::string& grpc_peer) const;
  // Connections handed to gRPC and still open (as last looked at).
  [[nodiscard]] std::size_t open_connections() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace meadow::net
