#include "support/server_process.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>
#include <stdexcept>
#include <thread>

extern char** environ;

namespace meadow::testing {

namespace {
constexpr const char* kListeningPrefix = "meadow-server listening on http://127.0.0.1:";
constexpr const char* kOperatorPrefix = "meadow-server operator on 127.0.0.1:";
constexpr const char* kViewerGrpcPrefix = "meadow-server viewer gRPC on 127.0.0.1:";

// The port on the line that starts with `prefix`, once that line is complete; 0 before.
std::uint16_t port_after(const std::string& out, const char* prefix) {
  const auto at = out.find(prefix);
  if (at == std::string::npos || out.find('\n', at) == std::string::npos) return 0;
  return static_cast<std::uint16_t>(std::stoi(out.substr(at + std::strlen(prefix))));
}
}  // namespace

ServerProcess::ServerProcess(const std::string& binary, std::vector<std::string> args,
                             std::chrono::milliseconds startup_timeout) {
  int pipe_fds[2];
  if (pipe(pipe_fds) != 0) throw std::runtime_error("pipe failed");
  // The viewers' gRPC port too is a free one unless the test names it (tests run side by side).
  bool names_grpc_port = false;
  for (const auto& a : args) names_grpc_port = names_grpc_port || a == "--viewer-grpc-port";
  std::vector<std::string> argv_strings{binary, "--bind", "127.0.0.1", "--port", "0"};
#if defined(__SANITIZE_THREAD__)
  // Under ThreadSanitizer no gRPC port: Debian's gRPC is not instrumented, so its own threads'
  // synchronisation shows as races. The networking tests under TSan are the WebSocket's.
  if (!names_grpc_port) argv_strings.emplace_back("--no-viewer-grpc");
#else
  if (!names_grpc_port) argv_strings.insert(argv_strings.end(), {"--viewer-grpc-port", "0"});
#endif
  argv_strings.insert(argv_strings.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& s : argv_strings) argv.push_back(s.data());
  argv.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], STDOUT_FILENO);
  posix_spawn_file_actions_addclose(&actions, pipe_fds[0]);
  const int rc = posix_spawn(&pid_, binary.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(pipe_fds[1]);
  stdout_fd_ = pipe_fds[0];
  if (rc != 0) throw std::runtime_error("cannot start " + binary + ": " + std::strerror(rc));

  // A server with an operator token (or told to do without) opens the operator port too.
  bool wants_operator = false;
  for (const auto& a : args) wants_operator = wants_operator || a == "--operator-token-file" || a == "--operator-insecure-local";
  std::string out;
  const auto deadline = std::chrono::steady_clock::now() + startup_timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    pollfd pfd{stdout_fd_, POLLIN, 0};
    if (poll(&pfd, 1, 100) > 0) {
      char buf[256];
      const ssize_t n = read(stdout_fd_, buf, sizeof buf);
      if (n <= 0) break;
      out.append(buf, static_cast<std::size_t>(n));
      port_ = port_after(out, kListeningPrefix);
      operator_port_ = port_after(out, kOperatorPrefix);
      viewer_grpc_port_ = port_after(out, kViewerGrpcPrefix);
      // The listening line comes last: every port line is out by then.
      if (port_ != 0 && (!wants_operator || operator_port_ != 0)) return;
    }
  }
  stop();
  throw std::runtime_error("meadow-server did not report its port; stdout was: " + out);
}

ServerProcess::~ServerProcess() { stop(); }

int ServerProcess::stop(std::chrono::milliseconds timeout) {
  if (pid_ <= 0) return 0;
  kill(pid_, SIGTERM);
  int status = 0;
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      if (stdout_fd_ >= 0) close(stdout_fd_);
      stdout_fd_ = -1;
      return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  kill(pid_, SIGKILL);
  waitpid(pid_, &status, 0);
  pid_ = -1;
  if (stdout_fd_ >= 0) close(stdout_fd_);
  stdout_fd_ = -1;
  return -1;
}

std::string http_request(std::uint16_t port, const std::string& request_line) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) throw std::runtime_error("socket failed");
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    close(fd);
    throw std::runtime_error("connect failed");
  }
  const std::string request = request_line + "\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
  if (write(fd, request.data(), request.size()) != static_cast<ssize_t>(request.size())) {
    close(fd);
    throw std::runtime_error("write failed");
  }
  std::string response;
  char buf[4096];
  while (true) {
    pollfd pfd{fd, POLLIN, 0};
    if (poll(&pfd, 1, 5000) <= 0) break;
    const ssize_t n = read(fd, buf, sizeof buf);
    if (n <= 0) break;
    response.append(buf, static_cast<std::size_t>(n));
  }
  close(fd);
  return response;
}

}  // namespace meadow::testing
