#pragma once
// Starts the real meadow-server on a free loopback port for a test and stops it afterwards. How
// it ended is part of the test: a server that does not exit cleanly (a sanitizer's report at
// exit, a crash, a hang on SIGTERM) fails the test that started it.
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "launch/server_launch.hpp"

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
  // Stops the server if the test did not, and fails the test unless it exited with status 0.
  ~ServerProcess();
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  [[nodiscard]] std::uint16_t port() const { return server_->port(); }
  // The operator's gRPC port, when started with an operator token (0 otherwise).
  [[nodiscard]] std::uint16_t operator_port() const { return server_->operator_port(); }
  // The viewers' gRPC port (meadow.v1.Viewer); a free one unless args name --viewer-grpc-port.
  [[nodiscard]] std::uint16_t viewer_grpc_port() const { return server_->viewer_grpc_port(); }
  // /metrics' own port when started with --metrics-listen (0 otherwise).
  [[nodiscard]] std::uint16_t metrics_port() const { return server_->metrics_port(); }
  // Sends SIGTERM and waits; returns the exit status (128 + the signal when a signal ended it,
  // -1 if it had to be killed). The caller checks it; the destructor then checks nothing more.
  int stop(std::chrono::milliseconds timeout = std::chrono::seconds(10));

 private:
  std::unique_ptr<client::LaunchedServer> server_;
  bool checked_ = false;  // stop() handed the exit status to the test
};

// One plain HTTP/1.0 request over a socket; returns the whole response (status line, headers,
// body). The request line is sent exactly as given, so tests can send what a browser would not.
std::string http_request(std::uint16_t port, const std::string& request_line);

}  // namespace meadow::testing
