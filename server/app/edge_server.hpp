#pragma once
// `meadow-server --role edge` (docs/edges.md): no meadow of its own. It waits for the
// sim's welcome over NATS, then serves the sim's meadow to its own viewers over HTTP, WebSocket
// and gRPC exactly as the sim serves its own, until SIGINT or SIGTERM.
#include <signal.h>

#include <string>

#include "app/config.hpp"
#include "edge/nats_link.hpp"

namespace meadow::app {

// The NATS connection's options from the flags; `who` names the connection on the NATS server.
[[nodiscard]] edge::NatsOptions nats_options(const Config& config, const std::string& who);

int run_edge(const Config& config, const sigset_t& stop_signals);

}  // namespace meadow::app
