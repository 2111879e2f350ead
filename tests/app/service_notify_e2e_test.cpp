// The real server under a stand-in for systemd: a datagram socket named by $NOTIFY_SOCKET, a
// watchdog of one second. It must say READY=1 once it listens, WATCHDOG=1 while its sim ticks
// (at least every half second), and STOPPING=1 when told to stop; and nothing without the socket.
#include <gtest/gtest.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "app/service_notify.hpp"
#include "launch/server_launch.hpp"
#include "support/temp_path.hpp"
#include "support/test_paths.hpp"

namespace meadow {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

// systemd's end of the protocol: the datagrams the service sends.
class FakeSystemd {
 public:
  FakeSystemd() : path_(testing::unique_temp_path("notify.sock")) {
    std::filesystem::remove(path_);
    fd_ = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    std::strncpy(addr.sun_path, path_.c_str(), sizeof(addr.sun_path) - 1);
    EXPECT_EQ(bind(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0) << path_;
  }
  ~FakeSystemd() {
    close(fd_);
    std::filesystem::remove(path_);
  }
  [[nodiscard]] const std::string& path() const { return path_; }
  // The datagrams that come within `wait`.
  std::vector<std::string> read_for(std::chrono::milliseconds wait) {
    std::vector<std::string> got;
    const auto until = Clock::now() + wait;
    while (Clock::now() < until) {
      pollfd p{fd_, POLLIN, 0};
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - Clock::now()).count();
      if (poll(&p, 1, static_cast<int>(std::max<long long>(left, 0))) <= 0) continue;
      char buffer[256];
      const ssize_t n = recv(fd_, buffer, sizeof buffer, 0);
      if (n > 0) got.emplace_back(buffer, static_cast<std::size_t>(n));
    }
    return got;
  }

 private:
  std::string path_;
  int fd_ = -1;
};

std::size_t count(const std::vector<std::string>& lines, const std::string& line) {
  return static_cast<std::size_t>(std::count(lines.begin(), lines.end(), line));
}

client::LaunchSpec server_spec() {
  client::LaunchSpec spec;
  spec.binary = MEADOW_SERVER_BIN;
  spec.args = {"--bind", "127.0.0.1", "--port", "0", "--no-viewer-grpc", "--swarm-engine", "cpu", "--mold-engine", "cpu",
               "--swarm-count", "300", "--log-level", "warn", "--web-root", MEADOW_TEST_WEB_ROOT};
  return spec;
}

TEST(ServiceNotifyE2e, ReadyThenAWatchdogWhileTheSimTicksThenStopping) {
  FakeSystemd systemd;
  setenv("NOTIFY_SOCKET", systemd.path().c_str(), 1);
  setenv("WATCHDOG_USEC", "1000000", 1);  // systemd's timeout 1 s: WATCHDOG=1 every 0.5 s
  client::LaunchedServer server(server_spec());
  unsetenv("NOTIFY_SOCKET");
  unsetenv("WATCHDOG_USEC");
  const std::vector<std::string> running = systemd.read_for(2500ms);
  ASSERT_FALSE(running.empty());
  EXPECT_EQ(running.front(), "READY=1") << "ready once it listens, before anything else";
  EXPECT_GE(count(running, "WATCHDOG=1"), 3U) << "about every half second";
  EXPECT_EQ(server.stop(), 0);
  const std::vector<std::string> stopping = systemd.read_for(300ms);
  EXPECT_EQ(count(stopping, "STOPPING=1"), 1U);
}

TEST(ServiceNotifyE2e, AWatchdogMeantForAnotherProcessIsLeftAlone) {
  FakeSystemd systemd;
  setenv("NOTIFY_SOCKET", systemd.path().c_str(), 1);
  setenv("WATCHDOG_USEC", "1000000", 1);
  setenv("WATCHDOG_PID", "1", 1);  // systemd's watchdog is pid 1's, not the server's
  client::LaunchedServer server(server_spec());
  unsetenv("NOTIFY_SOCKET");
  unsetenv("WATCHDOG_USEC");
  unsetenv("WATCHDOG_PID");
  const std::vector<std::string> running = systemd.read_for(1500ms);
  EXPECT_EQ(count(running, "READY=1"), 1U);
  EXPECT_EQ(count(running, "WATCHDOG=1"), 0U);
  EXPECT_EQ(server.stop(), 0);
}

TEST(ServiceNotify, AStuckSimLetsTheWatchdogRunOut) {
  FakeSystemd systemd;
  setenv("NOTIFY_SOCKET", systemd.path().c_str(), 1);
  setenv("WATCHDOG_USEC", "200000", 1);  // every 0.1 s
  const app::ServiceNotifier notifier;
  unsetenv("NOTIFY_SOCKET");
  unsetenv("WATCHDOG_USEC");
  {
    const std::jthread stuck = notifier.keep_alive([] { return std::string("the sim thread has not ticked for 10 s"); });
    EXPECT_EQ(count(systemd.read_for(400ms), "WATCHDOG=1"), 0U) << "silence, so that systemd restarts it";
  }
  {
    const std::jthread ticking = notifier.keep_alive([] { return std::string(); });
    EXPECT_GE(count(systemd.read_for(400ms), "WATCHDOG=1"), 2U);
  }
}

TEST(ServiceNotify, OutsideSystemdItDoesNothing) {
  unsetenv("NOTIFY_SOCKET");
  const app::ServiceNotifier notifier;
  EXPECT_FALSE(notifier.enabled());
  EXPECT_FALSE(notifier.notify("READY=1"));
  EXPECT_FALSE(notifier.keep_alive([] { return std::string(); }).joinable());
}

}  // namespace
}  // namespace meadow
