#include "net/grpc_listen.hpp"

#include <grpcpp/resource_quota.h>

#include <stdexcept>

namespace meadow::net {

namespace {
int millis(std::chrono::milliseconds d) { return static_cast<int>(d.count()); }
}  // namespace

GrpcServing listen_grpc(const GrpcListen& listen) {
  GrpcServing out;
  out.host = listen.bind_address.find(':') != std::string::npos ? "[" + listen.bind_address + "]" : listen.bind_address;
  grpc::ServerBuilder builder;
  int bound = 0;
  const GrpcLimits& l = listen.limits;
  builder.AddChannelArgument(GRPC_ARG_ALLOW_REUSEPORT, 0);
  builder.AddChannelArgument(GRPC_ARG_MAX_CONNECTION_IDLE_MS, millis(l.max_idle));
  builder.AddChannelArgument(GRPC_ARG_MAX_CONNECTION_AGE_MS, millis(l.max_age));
  builder.AddChannelArgument(GRPC_ARG_MAX_CONNECTION_AGE_GRACE_MS, millis(l.max_age_grace));
  builder.AddChannelArgument(GRPC_ARG_MAX_CONCURRENT_STREAMS, l.max_streams_per_connection);
  grpc::ResourceQuota quota(std::string("meadow ") + listen.what);
  quota.Resize(l.memory_bytes);
  quota.SetMaxThreads(l.max_threads);
  builder.SetResourceQuota(quota);
  if (listen.listens) builder.AddListeningPort(out.host + ":" + std::to_string(listen.port), listen.credentials, &bound);
  builder.RegisterService(listen.service);
  if (l.max_receive_bytes > 0) builder.SetMaxReceiveMessageSize(l.max_receive_bytes);
  out.server = builder.BuildAndStart();
  if (!out.server || (listen.listens && bound == 0)) {
    throw std::runtime_error(std::string("cannot serve ") + listen.what + " on " + out.host + ":" +
                             std::to_string(listen.port) + " (address taken or not valid)");
  }
  out.port = static_cast<std::uint16_t>(bound);
  return out;
}

std::string grpc_peer_address(const std::string& peer) {
  const auto colon = peer.find(':');
  if (colon == std::string::npos) return peer;
  const std::string scheme = peer.substr(0, colon);
  std::string rest = peer.substr(colon + 1);
  if (scheme == "ipv4") return rest.substr(0, rest.rfind(':'));
  if (scheme == "ipv6") {
    const auto close = rest.find(']');
    if (!rest.empty() && rest.front() == '[' && close != std::string::npos) return rest.substr(1, close - 1);
  }
  return peer;
}

}  // namespace meadow::net
