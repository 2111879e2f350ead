#pragma once
// Starts a meadow-server process, learns its ports from the lines it prints, and stops it with
// SIGTERM, reporting how it ended. The tests' ServerProcess and meadow-abuse both start servers
// this way. Pure POSIX: no Beast, no gRPC.
#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace meadow::client {

struct LaunchSpec {
  std::string binary;
  std::vector<std::string> args;  // everything after the binary's name
  std::chrono::milliseconds startup_timeout{20'000};
  // The operator's port line is awaited too (the server was given a token or told to do without).
  bool wants_operator = false;
  // Where the server's standard error (its log) goes; empty: this process's standard error.
  std::filesystem::path stderr_path;
};

class LaunchedServer {
 public:
  // Starts the server and waits for its "listening" line. Throws std::runtime_error (with what
  // the server printed) when it does not come up in time or exits.
  explicit LaunchedServer(const LaunchSpec& spec);
  // Stops the server if it still runs (its exit status is then lost: call stop() to check it).
  ~LaunchedServer();
  LaunchedServer(const LaunchedServer&) = delete;
  LaunchedServer& operator=(const LaunchedServer&) = delete;

  [[nodiscard]] pid_t pid() const { return pid_; }
  [[nodiscard]] bool running() const { return pid_ > 0; }
  [[nodiscard]] std::uint16_t port() const { return port_; }
  // The operator's gRPC port, when it opened one (0 otherwise).
  [[nodiscard]] std::uint16_t operator_port() const { return operator_port_; }
  // The viewers' gRPC port, when it opened one (0 otherwise).
  [[nodiscard]] std::uint16_t viewer_grpc_port() const { return viewer_grpc_port_; }
  // /metrics' own port (--metrics-listen); 0 when /metrics is on the viewers' port.
  [[nodiscard]] std::uint16_t metrics_port() const { return metrics_port_; }

  // Sends SIGTERM and waits. Returns the exit code, 128 + the signal when a signal ended it, or
  // -1 when it had to be killed after the timeout. A second call returns the first's answer.
  int stop(std::chrono::milliseconds timeout = std::chrono::seconds(10));
  // How stop() ended it, in words ("exit code 0", "killed by signal 11", …).
  [[nodiscard]] const std::string& ending() const { return ending_; }

 private:
  pid_t pid_ = -1;
  int stdout_fd_ = -1;
  std::uint16_t port_ = 0;
  std::uint16_t operator_port_ = 0;
  std::uint16_t viewer_grpc_port_ = 0;
  std::uint16_t metrics_port_ = 0;
  int exit_status_ = 0;
  std::string ending_;
};

}  // namespace meadow::client
