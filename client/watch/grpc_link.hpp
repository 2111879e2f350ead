#pragma once
// A ViewerLink over gRPC (meadow.v1.Viewer): a Watch read by a callback reactor on gRPC's own
// threads, and each ClientMessage one asynchronous Send naming the Watch by its session id and
// key. Links to one server may share a channel.
#include <grpcpp/grpcpp.h>

#include <memory>

#include "watch/viewer_link.hpp"

namespace meadow::client {

[[nodiscard]] std::shared_ptr<grpc::Channel> viewer_channel(const LinkTarget& target);
[[nodiscard]] std::unique_ptr<ViewerLink> make_grpc_link(std::shared_ptr<grpc::Channel> channel, LinkTarget target,
                                                         LinkHandlers handlers);

}  // namespace meadow::client
