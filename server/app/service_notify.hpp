#pragma once
// Telling systemd how the server is (sd_notify's protocol, without libsystemd: one datagram on
// the socket $NOTIFY_SOCKET names): READY=1 once it listens, STOPPING=1 when it stops, and
// WATCHDOG=1 while its sim thread ticks, so that a unit with WatchdogSec= restarts a meadow
// whose sim is stuck (deploy/systemd/meadow-server.service). Outside systemd it does nothing.
#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <thread>

namespace meadow::app {

class ServiceNotifier {
 public:
  // From the environment: $NOTIFY_SOCKET, $WATCHDOG_USEC and $WATCHDOG_PID.
  ServiceNotifier();
  ~ServiceNotifier();
  ServiceNotifier(const ServiceNotifier&) = delete;
  ServiceNotifier& operator=(const ServiceNotifier&) = delete;

  [[nodiscard]] bool enabled() const { return fd_ >= 0; }
  // How often to say WATCHDOG=1 (half systemd's timeout); nullopt without a watchdog.
  [[nodiscard]] std::optional<std::chrono::microseconds> watchdog_every() const { return watchdog_every_; }
  // Sends one state line ("READY=1", "WATCHDOG=1", …); false when not under systemd or lost.
  bool notify(std::string_view state) const;
  // A thread that says WATCHDOG=1 every watchdog_every() while `problem()` is empty (the sim
  // ticks), until it is destroyed; an empty thread without a watchdog. Silence is the point: a
  // stuck meadow lets systemd's timer run out, and systemd restarts it.
  [[nodiscard]] std::jthread keep_alive(std::function<std::string()> problem) const;

 private:
  int fd_ = -1;
  std::string address_;  // sockaddr_un's path; a leading '\0' for the abstract namespace
  std::optional<std::chrono::microseconds> watchdog_every_;
};

}  // namespace meadow::app
