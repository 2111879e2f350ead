#pragma once
// The "net" area's logger (DESIGN.md: one logger per area).
#include <memory>

namespace spdlog {
class logger;
}

namespace meadow::net {
std::shared_ptr<spdlog::logger> logger();
}
