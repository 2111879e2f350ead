#pragma once
// Warnings a visitor can cause (refused connections and viewers, bad requests, failed accepts,
// wrong tokens) go to the log at most once every ten seconds per kind, with the number of like
// ones left out since, so that nobody can flood the log (or the disk under it) from outside.
// Kinds are a fixed set of short names chosen by the code, never taken from a request.
#include <spdlog/spdlog.h>

#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "net/logger.hpp"

namespace meadow::net {

class LogThrottle {
 public:
  using Clock = std::chrono::steady_clock;
  explicit LogThrottle(Clock::duration every = std::chrono::seconds(10)) : every_(every) {}

  // How many lines of `kind` were left out since the last one, when this one should be logged;
  // nullopt when it is left out (and counted).
  std::optional<std::uint64_t> admit(std::string_view kind, Clock::time_point now = Clock::now()) {
    const std::lock_guard lock(mutex_);
    auto it = kinds_.find(kind);
    if (it == kinds_.end()) it = kinds_.emplace(std::string(kind), State{}).first;
    State& s = it->second;
    if (s.logged && now - *s.logged < every_) {
      ++s.left_out;
      return std::nullopt;
    }
    s.logged = now;
    return std::exchange(s.left_out, 0);
  }

 private:
  struct State {
    std::optional<Clock::time_point> logged;
    std::uint64_t left_out = 0;
  };
  const Clock::duration every_;
  std::mutex mutex_;
  std::map<std::string, State, std::less<>> kinds_;
};

// The net area's throttle, shared by everything at the edge.
LogThrottle& edge_log_throttle();

// A warning of `kind` on the net logger, throttled (see above).
template <typename... Args>
void warn_throttled(std::string_view kind, fmt::format_string<Args...> format, Args&&... args) {
  const auto left_out = edge_log_throttle().admit(kind);
  if (!left_out) return;
  const std::string text = fmt::format(format, std::forward<Args>(args)...);
  if (*left_out == 0) {
    logger()->warn("{}", text);
  } else {
    logger()->warn("{} ({} more like it left out of the log)", text, *left_out);
  }
}

}  // namespace meadow::net
