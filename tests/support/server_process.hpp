#pragma once
// Starts the real meadow-server on a free loopback port for a test and stops it afterwards.
#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace meadow::testing {

// How long a test waits for the server's answer (a welcome, a notice, a frame) before it fails:
// generous, because under the sanitizers on a busy machine a reply can take seconds.
inline constexpr std::chrono::seconds kReplyWait{10};

class ServerProcess {
 public:
  // Starts `binary` with `--bind 127.0.0.1 --port 0` plus `args`, and waits for the line that
  // names the port. Throws std::runtime_error when it does not come up in time.
  explicit ServerProcess(const std::string& binary, std::vector<std::string> args = {},
                         std::chrono::milliseconds startup_timeout = std::chrono::seconds(20));
  ~ServerProcess();
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  [[nodiscard]] std::uint16_t port() const { return port_; }
  // The operator's gRPC port, when started with an operator token (0 otherwise).
  [[nodiscard]] std::uint16_t operator_port() const { return operator_port_; }
  // The viewers' gRPC port (meadow.v1.Viewer); a free one unless args name --viewer-grpc-port.
  [[nodiscard]] std::uint16_t viewer_grpc_port() const { return viewer_grpc_port_; }
  // Sends SIGTERM and waits; returns the exit status (or -1 if it had to be killed).
  int stop(std::chrono::milliseconds timeout = std::chrono::seconds(10));

 private:
  pid_t pid_ = -1;
  int stdout_fd_ = -1;
  std::uint16_t port_ = 0;
  std::uint16_t operator_port_ = 0;
  std::uint16_t viewer_grpc_port_ = 0;
};

// One plain HTTP/1.0 request over a socket; returns the whole response (status line, headers,
// body). The request line is sent exactly as given, so tests can send what a browser would not.
std::string http_request(std::uint16_t port, const std::string& request_line);

}  // namespace meadow::testing
