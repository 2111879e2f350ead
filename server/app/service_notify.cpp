#include "app/service_notify.hpp"

#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <spdlog/spdlog.h>

#include <charconv>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <mutex>

namespace meadow::app {

namespace {

std::optional<long long> env_number(const char* name) {
  const char* text = std::getenv(name);
  if (text == nullptr) return std::nullopt;
  long long value = 0;
  const auto [end, ec] = std::from_chars(text, text + std::strlen(text), value);
  if (ec != std::errc() || *end != '\0') return std::nullopt;
  return value;
}

}  // namespace

ServiceNotifier::ServiceNotifier() {
  const char* socket_path = std::getenv("NOTIFY_SOCKET");
  if (socket_path == nullptr || socket_path[0] == '\0') return;
  address_ = socket_path;
  // An abstract socket is written with '@' and addressed with a leading NUL.
  if (address_[0] == '@') address_[0] = '\0';
  if (address_.size() >= sizeof(sockaddr_un::sun_path)) return;
  fd_ = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  // The watchdog is ours only if systemd meant this process (not a child it also started).
  const auto pid = env_number("WATCHDOG_PID");
  const auto usec = env_number("WATCHDOG_USEC");
  if (usec && *usec > 0 && (!pid || *pid == getpid())) watchdog_every_ = std::chrono::microseconds(*usec / 2);
}

ServiceNotifier::~ServiceNotifier() {
  if (fd_ >= 0) close(fd_);
}

bool ServiceNotifier::notify(std::string_view state) const {
  if (fd_ < 0) return false;
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  std::memcpy(addr.sun_path, address_.data(), address_.size());
  const auto length = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + address_.size());
  return sendto(fd_, state.data(), state.size(), MSG_NOSIGNAL, reinterpret_cast<const sockaddr*>(&addr), length) ==
         static_cast<ssize_t>(state.size());
}

std::jthread ServiceNotifier::keep_alive(std::function<std::string()> problem) const {
  if (fd_ < 0 || !watchdog_every_) return {};
  return std::jthread([this, problem = std::move(problem), every = *watchdog_every_](const std::stop_token& stop) {
    std::mutex mutex;
    std::condition_variable_any wake;
    bool told = false;
    while (!stop.stop_requested()) {
      const std::string why = problem ? problem() : std::string();
      if (why.empty()) {
        notify("WATCHDOG=1");
        told = false;
      } else if (!told) {
        spdlog::error("not telling systemd's watchdog that all is well: {}; it will restart the server", why);
        told = true;
      }
      std::unique_lock lock(mutex);
      wake.wait_for(lock, stop, every, [] { return false; });
    }
  });
}

}  // namespace meadow::app
