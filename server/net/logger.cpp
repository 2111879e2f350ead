#include "net/logger.hpp"

#include <spdlog/spdlog.h>

namespace meadow::net {

std::shared_ptr<spdlog::logger> logger() {
  // Registered by the app's logging setup; a default-sink logger keeps tests working without it.
  static const std::shared_ptr<spdlog::logger> instance = [] {
    if (auto existing = spdlog::get("net")) return existing;
    auto created = spdlog::default_logger()->clone("net");
    spdlog::register_logger(created);
    return created;
  }();
  return instance;
}

}  // namespace meadow::net

#include "net/log_throttle.hpp"

namespace meadow::net {

LogThrottle& edge_log_throttle() {
  static LogThrottle throttle;
  return throttle;
}

}  // namespace meadow::net
