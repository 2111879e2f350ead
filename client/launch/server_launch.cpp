#include "launch/server_launch.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>
#include <stdexcept>
#include <thread>

extern char** environ;

namespace meadow::client {

namespace {
// The lines meadow-server prints on standard output once it listens (app/main.cpp); the
// listening line comes last.
constexpr const char* kListening = "meadow-server listening on http://";
constexpr const char* kOperator = "meadow-server operator on ";
constexpr const char* kViewerGrpc = "meadow-server viewer gRPC on ";
constexpr const char* kMetrics = "meadow-server metrics on ";

// The port at the end of the complete line that starts with `prefix` ("…host:port\n"); 0 before
// that line is complete.
std::uint16_t port_after(const std::string& out, const char* prefix) {
  const auto at = out.find(prefix);
  if (at == std::string::npos) return 0;
  const auto eol = out.find('\n', at);
  if (eol == std::string::npos) return 0;
  const auto colon = out.rfind(':', eol);
  if (colon == std::string::npos || colon < at) return 0;
  return static_cast<std::uint16_t>(std::stoi(out.substr(colon + 1, eol - colon - 1)));
}

std::string describe(int status) {
  if (WIFEXITED(status)) return "exit code " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return "killed by signal " + std::to_string(WTERMSIG(status));
  return "ended with status " + std::to_string(status);
}
}  // namespace

LaunchedServer::LaunchedServer(const LaunchSpec& spec) {
  int pipe_fds[2];
  if (pipe(pipe_fds) != 0) throw std::runtime_error("pipe failed");
  std::vector<std::string> argv_strings{spec.binary};
  argv_strings.insert(argv_strings.end(), spec.args.begin(), spec.args.end());
  std::vector<char*> argv;
  for (auto& s : argv_strings) argv.push_back(s.data());
  argv.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], STDOUT_FILENO);
  posix_spawn_file_actions_addclose(&actions, pipe_fds[0]);
  if (!spec.stderr_path.empty()) {
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, spec.stderr_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                     0644);
  }
  const int rc = posix_spawn(&pid_, spec.binary.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(pipe_fds[1]);
  stdout_fd_ = pipe_fds[0];
  if (rc != 0) {
    pid_ = -1;
    throw std::runtime_error("cannot start " + spec.binary + ": " + std::strerror(rc));
  }

  std::string out;
  const auto deadline = std::chrono::steady_clock::now() + spec.startup_timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    pollfd pfd{stdout_fd_, POLLIN, 0};
    if (poll(&pfd, 1, 100) > 0) {
      char buf[256];
      const ssize_t n = read(stdout_fd_, buf, sizeof buf);
      if (n <= 0) break;  // the server closed its standard output: it ended
      out.append(buf, static_cast<std::size_t>(n));
      port_ = port_after(out, kListening);
      operator_port_ = port_after(out, kOperator);
      viewer_grpc_port_ = port_after(out, kViewerGrpc);
      metrics_port_ = port_after(out, kMetrics);
      // The listening line comes last: every port line is out by then.
      if (port_ != 0 && (!spec.wants_operator || operator_port_ != 0)) return;
    }
  }
  const int status = stop();
  throw std::runtime_error("meadow-server did not report its port (" +
                           (status == -1 ? std::string("killed") : ending_) + "); stdout was: " + out);
}

LaunchedServer::~LaunchedServer() { stop(); }

int LaunchedServer::stop(std::chrono::milliseconds timeout) {
  if (pid_ <= 0) return exit_status_;
  kill(pid_, SIGTERM);
  int status = 0;
  bool ended = false;
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      ended = true;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  if (ended) {
    exit_status_ = WIFEXITED(status) ? WEXITSTATUS(status) : WIFSIGNALED(status) ? 128 + WTERMSIG(status) : -1;
    ending_ = describe(status);
  } else {
    kill(pid_, SIGKILL);
    waitpid(pid_, &status, 0);
    exit_status_ = -1;
    ending_ = "did not stop within " + std::to_string(timeout.count()) + " ms of SIGTERM and was killed";
  }
  pid_ = -1;
  if (stdout_fd_ >= 0) close(stdout_fd_);
  stdout_fd_ = -1;
  return exit_status_;
}

}  // namespace meadow::client
