#include "support/server_process.hpp"

#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <stdexcept>

namespace meadow::testing {

ServerProcess::ServerProcess(const std::string& binary, std::vector<std::string> args,
                             std::chrono::milliseconds startup_timeout) {
  // The viewers' gRPC port too is a free one unless the test names it (tests run side by side).
  bool names_grpc_port = false;
  bool wants_operator = false;
  for (const auto& a : args) {
    names_grpc_port = names_grpc_port || a == "--viewer-grpc-port";
    wants_operator = wants_operator || a == "--operator-token-file" || a == "--operator-insecure-local";
  }
  client::LaunchSpec spec;
  spec.binary = binary;
  spec.args = {"--bind", "127.0.0.1", "--port", "0"};
#if defined(__SANITIZE_THREAD__)
  // Under ThreadSanitizer no gRPC port: Debian's gRPC is not instrumented, so its own threads'
  // synchronisation shows as races. The networking tests under TSan are the WebSocket's.
  if (!names_grpc_port) spec.args.emplace_back("--no-viewer-grpc");
#else
  if (!names_grpc_port) spec.args.insert(spec.args.end(), {"--viewer-grpc-port", "0"});
#endif
  spec.args.insert(spec.args.end(), args.begin(), args.end());
  spec.startup_timeout = startup_timeout;
  spec.wants_operator = wants_operator;
  server_ = std::make_unique<client::LaunchedServer>(spec);
}

ServerProcess::~ServerProcess() {
  if (checked_) return;
  const int status = server_->stop();
  if (status != 0) ADD_FAILURE() << "meadow-server did not exit cleanly: " << server_->ending();
}

int ServerProcess::stop(std::chrono::milliseconds timeout) {
  checked_ = true;
  return server_->stop(timeout);
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
