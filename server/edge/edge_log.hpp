#pragma once
// The "edge" area's logger (app/logging.cpp makes it); the default logger where it does not exist
// (tests that do not set up logging).
#include <memory>

#include <spdlog/spdlog.h>

namespace meadow::edge {

[[nodiscard]] inline std::shared_ptr<spdlog::logger> edge_log() {
  auto log = spdlog::get("edge");
  return log ? log : spdlog::default_logger();
}

}  // namespace meadow::edge
