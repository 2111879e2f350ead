#pragma once
// What every role that serves viewers sets up alike (main.cpp's `all` and `sim`, edge_server.cpp's
// `edge`): the signals that stop it, the door's limits, the network's configuration, the viewers'
// gRPC port, and the lines that tell scripts the ports.
#include <signal.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include <spdlog/spdlog.h>

#include "app/config.hpp"
#include "net/admission.hpp"
#include "net/net_server.hpp"
#include "net/operator_server.hpp"
#include "net/viewer_grpc_server.hpp"

namespace meadow::app {

// Actions waiting for the next tick, from all viewers together; beyond this viewers are told
// the meadow is busy (a tick drains them all, so this only fills under a flood).
inline constexpr std::size_t kActionQueueCapacity = 4096;

// Blocks until SIGINT or SIGTERM (blocked in every thread by main) arrives; returns it.
int wait_for_stop_signal(const sigset_t& set);

// A sim thread that has not started a tick for this long is stuck (a tick takes milliseconds; the
// largest step budget and a loaded machine, well under a second): /healthz says so, and the
// liveness checks of systemd's watchers and Kubernetes restart the server.
inline constexpr std::chrono::seconds kSimStuckAfter{10};

// Why /healthz should fail for this server's sim, given the steady clock now (ms): empty while
// the sim ticks, or before its first tick.
[[nodiscard]] std::string sim_stuck(const net::Metrics& metrics, std::int64_t now_ms);

// The door's limits from the flags; the connection cap kept within the open files allowed.
[[nodiscard]] net::AdmissionLimits admission_limits(const Config& config, spdlog::logger& log);
// The HTTP/WebSocket side from the flags (facts, trails and readiness are the caller's).
[[nodiscard]] net::NetConfig net_config(const Config& config);
// Warns when the viewer's files are missing (the server still answers /ws, /healthz, /metrics).
void warn_without_viewer(const Config& config, spdlog::logger& log);

// The viewers' gRPC port when the flags ask for it; started here. Null when not asked, or when the
// default port is taken (a warning says so; a port given explicitly must be free: throws).
[[nodiscard]] std::unique_ptr<net::ViewerGrpcServer> start_viewer_grpc(const Config& config,
                                                                       const net::SessionContext& context,
                                                                       spdlog::logger& log);
// Scripts and tests read these lines to learn the ports (useful with port 0); the listening line
// comes last, so a reader that saw it has seen the others.
void announce_ports(const Config& config, const net::NetServer& server, const net::ViewerGrpcServer* viewer_grpc,
                    const net::OperatorServer* operator_server, const std::string& metrics_address);

}  // namespace meadow::app
