#include "net/viewer_service.hpp"

#include <algorithm>

#include <spdlog/spdlog.h>

#include <array>
#include <cstdio>
#include <random>
#include <vector>

#include "net/grpc_listen.hpp"
#include "net/log_throttle.hpp"
#include "net/logger.hpp"
#include "net/secret.hpp"
#include "stream/proto_mapping.hpp"

namespace meadow::net {

namespace {

// The metadata that gives a Watch's caller the key its Send calls must bring.
constexpr const char* kKeyMetadata = "meadow-viewer-key";
// The header a proxy in front names the client in (nginx: grpc_set_header X-Forwarded-For);
// gRPC's metadata keys are lower case.
constexpr const char* kForwardedForMetadata = "x-forwarded-for";
// Bytes of randomness in a viewer key (sent as hex): unguessable by another viewer.
constexpr std::size_t kKeyBytes = 16;

std::string random_key() {
  std::random_device device;
  std::string out;
  out.reserve(kKeyBytes * 2);
  for (std::size_t i = 0; i < kKeyBytes; ++i) {
    std::array<char, 3> hex{};
    std::snprintf(hex.data(), hex.size(), "%02x", static_cast<unsigned>(device() & 0xFFU));
    out.append(hex.data(), 2);
  }
  return out;
}

// A Watch refused before it began (too many viewers, a request that does not parse).
class RefusedWatch final : public grpc::ServerWriteReactor<grpc::ByteBuffer> {
 public:
  explicit RefusedWatch(grpc::Status status) { Finish(std::move(status)); }
  void OnDone() override { delete this; }
};

bool parse(const grpc::ByteBuffer& buffer, v1::WatchRequest& out) {
  std::vector<grpc::Slice> slices;
  if (!buffer.Dump(&slices).ok()) return false;
  std::string bytes;
  for (const auto& slice : slices) bytes.append(reinterpret_cast<const char*>(slice.begin()), slice.size());
  return out.ParseFromString(bytes);
}

grpc::Status to_status(const InputOutcome& outcome) {
  switch (outcome.result) {
    case InputResult::kDone:
      return grpc::Status::OK;
    case InputResult::kRateLimited:
    case InputResult::kBusy:
      return {grpc::StatusCode::RESOURCE_EXHAUSTED, outcome.code + ": " + outcome.text};
    case InputResult::kRejected:
      break;
  }
  return {grpc::StatusCode::INVALID_ARGUMENT, outcome.code + ": " + outcome.text};
}

}  // namespace

ViewerService::ViewerService(SessionContext& context) : context_(context) {}

std::string ViewerService::watcher_address(const grpc::CallbackServerContext& call) const {
  // The peer's address, or behind a trusted proxy (nginx's grpc_pass) the client's it forwards, as
  // the WebSocket's upgrade does: else every native viewer behind the proxy is one address.
  std::string address = grpc_peer_address(context_.peer_of(call.peer()));
  if (!context_.admission.trusted_proxy(address)) return address;
  const auto& metadata = call.client_metadata();
  const auto it = metadata.find(kForwardedForMetadata);
  if (it == metadata.end()) return address;
  std::string forwarded = forwarded_client(std::string_view(it->second.data(), it->second.size()));
  return forwarded.empty() ? address : forwarded;
}

grpc::ServerWriteReactor<grpc::ByteBuffer>* ViewerService::Watch(grpc::CallbackServerContext* call,
                                                                 const grpc::ByteBuffer* request) {
  v1::WatchRequest watch;
  if (request == nullptr || !parse(*request, watch)) {
    return new RefusedWatch(grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, "a WatchRequest was expected"));
  }
  const std::string address = watcher_address(*call);
  Admitted admitted = context_.admission.admit_viewer(address);
  if (!admitted.ticket.held()) {
    record_refusal(context_.metrics, Refused::kGrpcViewer, admitted, address);
    const auto code = admitted.refusal == Refusal::kKeptOut ? grpc::StatusCode::PERMISSION_DENIED
                                                            : grpc::StatusCode::RESOURCE_EXHAUSTED;
    return new RefusedWatch(grpc::Status(code, admitted.reason()));
  }
  const sim::WorldKind first = context_.facts.worlds.front();
  sim::WorldKind world = first;
  if (watch.world() != v1::WORLD_UNSPECIFIED && !stream::world_from_proto(watch.world(), world)) {
    return new RefusedWatch(grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, "unknown world"));
  }
  const bool unavailable = !context_.facts.runs(world);
  const sim::WorldKind asked = world;
  if (unavailable) world = first;
  std::string key = random_key();
  call->AddInitialMetadata(kKeyMetadata, key);
  const bool video = std::any_of(watch.light_codecs().begin(), watch.light_codecs().end(),
                                 [](int codec) { return codec == v1::LIGHT_CODEC_VP9; });
  auto session = std::make_shared<ViewerWatch>(call, context_, world, video, std::move(key), std::move(admitted.ticket),
                                               [this](std::uint64_t id) { forget(id); });
  {
    std::lock_guard lock(mutex_);
    watches_[session->id()] = session;
  }
  ViewerWatch* reactor = session.get();
  reactor->start(std::move(session));
  if (unavailable) reactor->deliver_reliable(world_unavailable_notice(asked, world));
  return reactor;
}

grpc::ServerUnaryReactor* ViewerService::Send(grpc::CallbackServerContext* call, const v1::SendRequest* request,
                                              v1::SendReply* /*reply*/) {
  grpc::ServerUnaryReactor* reactor = call->DefaultReactor();
  std::shared_ptr<ViewerWatch> watch;
  {
    std::lock_guard lock(mutex_);
    const auto it = watches_.find(request->session_id());
    if (it != watches_.end()) watch = it->second.lock();
  }
  if (!watch) {
    reactor->Finish(grpc::Status(grpc::StatusCode::NOT_FOUND, "no Watch with that session id is streaming"));
  } else if (!same_secret(request->viewer_key(), watch->key())) {
    warn_throttled("grpc wrong key", "grpc Send from {} for viewer {} refused: wrong key", context_.peer_of(call->peer()),
                   request->session_id());
    reactor->Finish(grpc::Status(grpc::StatusCode::PERMISSION_DENIED,
                                 "the viewer key does not match that Watch's meadow-viewer-key"));
  } else {
    reactor->Finish(to_status(watch->send(request->message().SerializeAsString())));
  }
  return reactor;
}

std::size_t ViewerService::watching() const {
  std::lock_guard lock(mutex_);
  return watches_.size();
}

void ViewerService::close_all(const char* reason) {
  std::vector<std::shared_ptr<ViewerWatch>> open;
  {
    std::lock_guard lock(mutex_);
    for (auto& [id, weak] : watches_) {
      if (auto watch = weak.lock()) open.push_back(std::move(watch));
    }
  }
  for (auto& watch : open) watch->close_soon(reason);
}

void ViewerService::forget(std::uint64_t id) {
  std::lock_guard lock(mutex_);
  watches_.erase(id);
}

}  // namespace meadow::net
