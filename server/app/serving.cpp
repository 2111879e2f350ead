#include "app/serving.hpp"

#include <sys/resource.h>

#include <cstdio>
#include <exception>
#include <filesystem>

namespace meadow::app {

namespace {

// Descriptors kept free of connections: the log, the store's and the trails' files, gRPC's
// sockets, Vulkan, NATS.
constexpr rlim_t kDescriptorsKept = 64;

// Raises the soft limit on open descriptors to the hard one (the default soft limit, 1,024, is
// less than the connections a gallery's server may hold), and keeps the connection cap below
// what the descriptors allow: over the cap a connection is answered 503; past the descriptors
// accept itself fails.
std::uint32_t connections_within_descriptors(std::uint32_t wanted, spdlog::logger& log) {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return wanted;
  if (limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
    getrlimit(RLIMIT_NOFILE, &limit);
  }
  if (limit.rlim_cur == RLIM_INFINITY || limit.rlim_cur >= wanted + 2 * kDescriptorsKept) return wanted;
  const auto fits = static_cast<std::uint32_t>(limit.rlim_cur > 2 * kDescriptorsKept ? limit.rlim_cur - 2 * kDescriptorsKept : 1);
  log.warn("only {} open files are allowed (ulimit -n): at most {} connections instead of {}", limit.rlim_cur, fits, wanted);
  return fits;
}

}  // namespace

std::string sim_stuck(const net::Metrics& metrics, std::int64_t now_ms) {
  const std::int64_t alive = metrics.sim_alive_ms.load(std::memory_order_relaxed);
  if (alive == 0) return {};
  const std::int64_t silent = now_ms - alive;
  if (silent < std::chrono::duration_cast<std::chrono::milliseconds>(kSimStuckAfter).count()) return {};
  return "the sim thread has not ticked for " + std::to_string(silent / 1000) + " s";
}

int wait_for_stop_signal(const sigset_t& set) {
  int signal = 0;
  sigwait(&set, &signal);
  return signal;
}

net::AdmissionLimits admission_limits(const Config& config, spdlog::logger& log) {
  net::AdmissionLimits limits;
  limits.max_viewers = config.max_viewers;
  limits.max_viewers_per_address = config.max_viewers_per_address;
  limits.ipv6_prefix_bits = config.ipv6_prefix_bits;
  limits.max_connections = connections_within_descriptors(config.max_connections, log);
  limits.max_connections_per_address = config.max_connections_per_address;
  limits.trusted_proxies = net::TrustedProxies(config.trusted_proxies);
  return limits;
}

net::NetConfig net_config(const Config& config) {
  net::NetConfig net;
  net.bind_address = config.bind_address;
  net.port = config.port;
  net.web_root = config.web_root;
  net.io_threads = config.io_threads;
  net.limits.write_timeout = std::chrono::milliseconds(config.viewer_write_timeout_ms);
  net.limits.origins = net::OriginPolicy(config.allowed_origins);
  if (const auto metrics_listen = split_listen(config.metrics_listen)) {
    net.metrics_address = metrics_listen->first;
    net.metrics_port = metrics_listen->second;
  }
  net.facts.version = MEADOW_VERSION;
  net.facts.public_url = config.public_url;
  return net;
}

void warn_without_viewer(const Config& config, spdlog::logger& log) {
  if (std::filesystem::is_regular_file(config.web_root / "index.html")) return;
  log.warn("no viewer at '{}' (index.html missing): build it with `npm --prefix web-viewer run build` "
           "or pass --web-root; /ws, /healthz and /metrics still work",
           config.web_root.string());
}

std::unique_ptr<net::ViewerGrpcServer> start_viewer_grpc(const Config& config, const net::SessionContext& context,
                                                         spdlog::logger& log) {
  if (!config.viewer_grpc) return nullptr;
  auto server = std::make_unique<net::ViewerGrpcServer>(
      net::ViewerGrpcConfig{config.viewer_grpc_bind, config.viewer_grpc_port}, context);
  try {
    server->start();
  } catch (const std::exception& e) {
    if (config.viewer_grpc_port_given) throw;
    log.warn("{}: native viewers over gRPC are not served (pass --viewer-grpc-port)", e.what());
    return nullptr;
  }
  return server;
}

void announce_ports(const Config& config, const net::NetServer& server, const net::ViewerGrpcServer* viewer_grpc,
                    const net::OperatorServer* operator_server, const std::string& metrics_address) {
  if (viewer_grpc != nullptr) {
    std::printf("meadow-server viewer gRPC on %s:%u\n", config.viewer_grpc_bind.c_str(),
                static_cast<unsigned>(viewer_grpc->port()));
  }
  if (operator_server != nullptr) {
    std::printf("meadow-server operator on %s:%u\n", config.operator_bind.c_str(),
                static_cast<unsigned>(operator_server->port()));
  }
  if (server.metrics_port() != 0) {
    std::printf("meadow-server metrics on %s:%u\n", metrics_address.c_str(), static_cast<unsigned>(server.metrics_port()));
  }
  std::printf("meadow-server listening on http://%s:%u\n", config.bind_address.c_str(),
              static_cast<unsigned>(server.port()));
  std::fflush(stdout);
}

}  // namespace meadow::app
