#pragma once
// meadow.v1.Viewer (proto/meadow/v1/viewer_service.proto) on gRPC's callback API: Watch streams
// the hub's encoded ServerMessages to a ViewerWatch (raw bytes: the frames are encoded once for
// every viewer, WebSocket or gRPC), Send hands one ClientMessage to the Watch it names, which
// checks it exactly as the WebSocket does. No operator call is reachable from here.
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "meadow/v1/viewer_service.grpc.pb.h"
#include "net/session_context.hpp"
#include "net/viewer_watch.hpp"

namespace meadow::net {

class ViewerService final : public v1::Viewer::WithRawCallbackMethod_Watch<v1::Viewer::CallbackService> {
 public:
  explicit ViewerService(SessionContext& context);

  grpc::ServerWriteReactor<grpc::ByteBuffer>* Watch(grpc::CallbackServerContext* call,
                                                    const grpc::ByteBuffer* request) override;
  grpc::ServerUnaryReactor* Send(grpc::CallbackServerContext* call, const v1::SendRequest* request,
                                 v1::SendReply* reply) override;

  // Watches still streaming.
  [[nodiscard]] std::size_t watching() const;
  // Ends every Watch with UNAVAILABLE (shutdown).
  void close_all(const char* reason);

 private:
  void forget(std::uint64_t id);
  // Who a Watch counts as at the door (admission.hpp): its peer, or the client a trusted proxy
  // names in x-forwarded-for.
  [[nodiscard]] std::string watcher_address(const grpc::CallbackServerContext& call) const;

  SessionContext& context_;
  mutable std::mutex mutex_;
  std::unordered_map<std::uint64_t, std::weak_ptr<ViewerWatch>> watches_;
};

}  // namespace meadow::net
