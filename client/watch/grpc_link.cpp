#include "watch/grpc_link.hpp"

#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <string>
#include <utility>

#include "meadow/v1/viewer_service.grpc.pb.h"

namespace meadow::client {

namespace {

// The initial metadata of a Watch that carries the key for Send (viewer_service.proto).
constexpr const char* kKeyMetadata = "meadow-viewer-key";
// The longest a Send may take (a viewer's message is applied within a tick or two).
constexpr std::chrono::seconds kSendDeadline{10};

class GrpcLink final : public ViewerLink, public grpc::ClientReadReactor<v1::ServerMessage> {
 public:
  GrpcLink(std::shared_ptr<grpc::Channel> channel, LinkTarget target, LinkHandlers handlers)
      : stub_(v1::Viewer::NewStub(channel)), target_(std::move(target)), handlers_(std::move(handlers)) {}
  ~GrpcLink() override { GrpcLink::stop(); }

  void start() override {
    request_.set_world(target_.world);
    request_.set_client_name(target_.client_name);
    if (target_.offer_video) request_.add_light_codecs(v1::LIGHT_CODEC_VP9);
    {
      std::lock_guard lock(mutex_);
      started_ = true;
    }
    stub_->async()->Watch(&context_, &request_, this);
    StartRead(&incoming_);
    StartCall();
  }

  // One Send in flight at a time, so the server applies a viewer's messages in the order they
  // were sent (a predator's DOWN, MOVEs, UP), as over the WebSocket.
  void send(const v1::ClientMessage& message) override {
    std::shared_ptr<Call> call;
    {
      std::lock_guard lock(mutex_);
      if (done_) return;
      waiting_.push_back(message);
      call = next_locked();
    }
    start_send(std::move(call));
  }

  void stop() override {
    std::unique_lock lock(mutex_);
    if (!started_) return;
    stopping_ = true;
    if (!done_) {
      lock.unlock();
      context_.TryCancel();
      lock.lock();
    }
    ended_.wait(lock, [this] { return done_ && !sending_; });
  }

  void OnReadInitialMetadataDone(bool ok) override {
    if (!ok) return;
    const auto& metadata = context_.GetServerInitialMetadata();
    const auto it = metadata.find(kKeyMetadata);
    std::lock_guard lock(mutex_);
    if (it != metadata.end()) key_.assign(it->second.data(), it->second.size());
  }

  void OnReadDone(bool ok) override {
    if (!ok) return;  // the stream is over; OnDone follows
    const std::size_t bytes = incoming_.ByteSizeLong();
    if (incoming_.has_welcome()) {
      std::shared_ptr<Call> call;
      {
        std::lock_guard lock(mutex_);
        session_id_ = incoming_.welcome().session_id();
        call = next_locked();  // what was sent before the Welcome
      }
      start_send(std::move(call));
    }
    if (handlers_.on_message) handlers_.on_message(std::move(incoming_), bytes);
    incoming_.Clear();
    StartRead(&incoming_);
  }

  void OnDone(const grpc::Status& status) override {
    bool stopping = false;
    {
      std::lock_guard lock(mutex_);
      stopping = stopping_;
    }
    if (handlers_.on_closed) {
      handlers_.on_closed(stopping ? std::string()
                                   : "the Watch ended: " + std::to_string(status.error_code()) + " " + status.error_message());
    }
    std::lock_guard lock(mutex_);
    done_ = true;
    ended_.notify_all();
  }

 private:
  struct Call {
    grpc::ClientContext context;
    v1::SendRequest request;
    v1::SendReply reply;
  };

  // The next Send to start, when the Welcome came and none is in flight (null otherwise). The
  // caller starts it after letting go of the lock: gRPC may run a callback inline.
  std::shared_ptr<Call> next_locked() {
    if (session_id_ == 0 || sending_ || waiting_.empty() || done_) return nullptr;
    sending_ = true;
    auto call = std::make_shared<Call>();
    // A Send always ends, answered or not, so stop() never waits on a server that stopped answering.
    call->context.set_deadline(std::chrono::system_clock::now() + kSendDeadline);
    call->request.set_session_id(session_id_);
    call->request.set_viewer_key(key_);
    *call->request.mutable_message() = std::move(waiting_.front());
    waiting_.pop_front();
    return call;
  }

  void start_send(std::shared_ptr<Call> call) {
    if (!call) return;
    // Refusals also arrive as notices in the Watch, as over the WebSocket: the status is not needed.
    stub_->async()->Send(&call->context, &call->request, &call->reply, [this, call](const grpc::Status& /*status*/) {
      std::shared_ptr<Call> next;
      {
        std::lock_guard lock(mutex_);
        sending_ = false;
        next = next_locked();
        ended_.notify_all();
      }
      start_send(std::move(next));
    });
  }

  std::unique_ptr<v1::Viewer::Stub> stub_;
  const LinkTarget target_;
  const LinkHandlers handlers_;
  grpc::ClientContext context_;
  v1::WatchRequest request_;
  v1::ServerMessage incoming_;

  std::mutex mutex_;
  std::condition_variable ended_;
  std::uint64_t session_id_ = 0;
  std::string key_;
  std::deque<v1::ClientMessage> waiting_;
  bool sending_ = false;
  bool started_ = false;
  bool stopping_ = false;
  bool done_ = false;
};

}  // namespace

std::shared_ptr<grpc::Channel> viewer_channel(const LinkTarget& target) {
  grpc::ChannelArguments args;
  args.SetMaxReceiveMessageSize(static_cast<int>(kMaxServerMessageBytes));
  return grpc::CreateCustomChannel(target.host + ":" + std::to_string(target.port), grpc::InsecureChannelCredentials(),
                                   args);
}

std::unique_ptr<ViewerLink> make_grpc_link(std::shared_ptr<grpc::Channel> channel, LinkTarget target,
                                           LinkHandlers handlers) {
  return std::make_unique<GrpcLink>(std::move(channel), std::move(target), std::move(handlers));
}

}  // namespace meadow::client
