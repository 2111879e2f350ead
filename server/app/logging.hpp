#pragma once
// Logging set-up: one spdlog logger per area (app, net, sim, gpu, store) sharing one sink,
// human text by default or JSON lines on request.
#include <string>

namespace meadow::app {

// Throws std::invalid_argument for an unknown level name.
void setup_logging(const std::string& level, bool json);

}  // namespace meadow::app
