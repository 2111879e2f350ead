#pragma once
// The "net" area's logger (docs/architecture.md "Errors, logs, configuration": one logger
// per area).
#include <memory>

namespace spdlog {
class logger;
}

namespace meadow::net {
std::shared_ptr<spdlog::logger> logger();
}
