#pragma once
// One native viewer's Watch over gRPC (meadow.v1.Viewer, viewer_service.proto): a
// server-streaming reactor that is also a hub session, so it receives the very FrameBundles the
// WebSocket sessions do and writes the same encoded ServerMessages (raw bytes, no re-encoding),
// through the same Outbox (the newest frame only, bounded reliable queue). Its ClientMessages
// arrive through Viewer.Send and go through the same ViewerInput as the WebSocket's.
//
// Threads: hub deliveries come from the sim thread, Send from gRPC threads, reactions from gRPC
// threads; a mutex guards the state, and gRPC is never called with it held (a reaction could run
// inline). One write at a time: `writing_` is set under the lock before StartWrite. Send's
// messages are handled one at a time under a second mutex, never while holding the first (the
// hub delivers to us under its own lock, and handling takes that lock).
#include <grpcpp/grpcpp.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "net/admission.hpp"
#include "net/hub.hpp"
#include "net/outbox.hpp"
#include "net/session_context.hpp"
#include "net/session_counters.hpp"
#include "net/viewer_input.hpp"

namespace meadow::net {

class ViewerWatch final : public grpc::ServerWriteReactor<grpc::ByteBuffer>,
                          public HubSession,
                          private ViewerPort,
                          public std::enable_shared_from_this<ViewerWatch> {
 public:
  // Called when the Watch is over (after OnDone), to forget it.
  using OnEnded = std::function<void(std::uint64_t id)>;

  // Holds the viewer's admission slot until the Watch ends.
  // `video`: the Watch offered the light as video (WatchRequest.light_codecs).
  ViewerWatch(grpc::CallbackServerContext* call, SessionContext& context, sim::WorldKind world, bool video,
              std::string key, AdmissionTicket slot, OnEnded on_ended);

  // Joins the hub and queues the Welcome; `self` keeps this alive until OnDone.
  void start(std::shared_ptr<ViewerWatch> self);
  [[nodiscard]] const std::string& key() const { return key_; }
  // One ClientMessage from Viewer.Send (any gRPC thread).
  InputOutcome send(std::string_view bytes);

  // HubSession
  [[nodiscard]] std::uint64_t id() const override { return id_; }
  void deliver_frame(stream::FrameBundlePtr bundle) override;
  void deliver_reliable(SharedBytes message) override;
  void close_soon(const char* reason) override;
  [[nodiscard]] SessionInfo info() const override;

  // grpc::ServerWriteReactor
  void OnWriteDone(bool ok) override;
  void OnCancel() override;
  void OnDone() override;

 private:
  // ViewerPort (from send(), with input_mutex_ held; each takes mutex_ itself).
  [[nodiscard]] sim::WorldKind watched_world() const override;
  void watch_world(sim::WorldKind world) override;
  void send_to_viewer(SharedBytes message) override;
  void take_video(bool offered) override;
  void take_trails(bool on) override;
  [[nodiscard]] std::function<void(SharedBytes)> later_sender() override;
  // The night is replayed to WebSocket viewers only: a native client is told so.
  void replay(const stream::ReplayCommand& command) override;
  [[nodiscard]] bool replaying() const override { return false; }

  // Starts the next write, or the Finish asked for, when nothing is being written. Without the lock.
  void pump();
  // Asks for the stream to end with `status` once the write in flight (if any) is done.
  void finish_locked(grpc::Status status);
  void offer_reliable_locked(SharedBytes message);

  // Cancels the call if it has not ended: the call's context is gRPC's and gone after OnDone.
  void cancel_call();

  grpc::CallbackServerContext* const call_;
  // Guards call_ against OnDone: cancel_call() and OnDone() hold it. Recursive, should gRPC run
  // OnDone inline from TryCancel.
  std::recursive_mutex call_mutex_;
  bool call_done_ = false;
  SessionContext& context_;
  AdmissionTicket slot_;
  const std::uint64_t id_;
  const std::string key_;
  const std::string remote_;
  const OnEnded on_ended_;
  SessionCounters counters_;

  std::mutex input_mutex_;  // serialises send(); taken before mutex_, never after
  ViewerInput input_;
  mutable std::mutex mutex_;
  Outbox outbox_;
  std::optional<OutMessage> writing_;
  std::chrono::steady_clock::time_point write_started_{};
  grpc::ByteBuffer buffer_;  // the write in flight; touched only by whoever set writing_
  std::optional<grpc::Status> finish_;
  bool finished_ = false;    // Finish was called
  bool cancelled_ = false;   // TryCancel was called for a stalled write
  bool joined_ = false;
  std::shared_ptr<ViewerWatch> self_;
};

}  // namespace meadow::net
