#include "net/viewer_watch.hpp"

#include <spdlog/spdlog.h>

#include <utility>

#include "net/logger.hpp"
#include "stream/proto_mapping.hpp"
#include "stream/replay_message.hpp"

namespace meadow::net {

namespace {

// The bytes of `message` as a ByteBuffer without copying them: the slice holds a reference to
// their owner until gRPC has sent them.
grpc::ByteBuffer borrow(const OutMessage& message) {
  auto* keep = new std::shared_ptr<const void>(message.owner);
  grpc::Slice slice(const_cast<char*>(message.bytes.data()), message.bytes.size(),
                    [](void* owner) { delete static_cast<std::shared_ptr<const void>*>(owner); }, keep);
  return grpc::ByteBuffer(&slice, 1);
}

}  // namespace

ViewerWatch::ViewerWatch(grpc::CallbackServerContext* call, SessionContext& context, sim::WorldKind world, bool video,
                         std::string key, AdmissionTicket slot, OnEnded on_ended)
    : call_(call),
      context_(context),
      slot_(std::move(slot)),
      id_(context.hub.next_session_id()),
      key_(std::move(key)),
      remote_(context.peer_of(call->peer())),
      on_ended_(std::move(on_ended)),
      counters_(context.metrics),
      input_(context, id_, visitor_of(slot_.address(), slot_.key())),
      outbox_(context.limits.reliable_queue, &context.hub.video(), &context.hub.trails()) {
  outbox_.set_world(world);
  outbox_.set_video(video);
  counters_.watching(world);
  context_.metrics.sessions.fetch_add(1, std::memory_order_relaxed);
}

void ViewerWatch::start(std::shared_ptr<ViewerWatch> self) {
  {
    std::lock_guard lock(mutex_);
    self_ = std::move(self);
  }
  const LandSnapshot land = context_.hub.join(shared_from_this());
  {
    std::lock_guard lock(mutex_);
    joined_ = true;
    const auto& facts = context_.facts;
    offer_reliable_locked(shared(stream::welcome_message(id_, *land, static_cast<float>(facts.frame_rate),
                                                         static_cast<float>(facts.tick_rate), outbox_.world(),
                                                         facts.worlds, facts.settings_schemas, facts.public_url)));
    if (SharedBytes standing = context_.hub.standing_notice()) offer_reliable_locked(std::move(standing));
  }
  logger()->info("grpc viewer {} from {} joined", id_, remote_);
  pump();
}

SessionInfo ViewerWatch::info() const { return counters_.info(id_, remote_); }

InputOutcome ViewerWatch::send(std::string_view bytes) {
  InputOutcome outcome;
  {
    // Not under mutex_: handling reads the hub's land (the hub's lock), and the hub delivers
    // rocks to us under that lock (mutex_): holding both the other way round would deadlock.
    std::lock_guard lock(input_mutex_);
    outcome = input_.handle(bytes, *this, std::chrono::steady_clock::now());
  }
  pump();
  return outcome;
}

sim::WorldKind ViewerWatch::watched_world() const {
  std::lock_guard lock(mutex_);
  return outbox_.world();
}

void ViewerWatch::watch_world(sim::WorldKind world) {
  std::lock_guard lock(mutex_);
  outbox_.set_world(world);
  counters_.watching(world);
  outbox_.reset_delta_chain();
}

void ViewerWatch::take_video(bool offered) {
  std::lock_guard lock(mutex_);
  outbox_.set_video(offered);
  counters_.outbox_dropped(outbox_.frames_dropped());
}

void ViewerWatch::take_trails(bool on) {
  std::lock_guard lock(mutex_);
  outbox_.set_trails(on);
}

std::function<void(SharedBytes)> ViewerWatch::later_sender() {
  return [weak = weak_from_this()](SharedBytes message) {
    if (auto self = weak.lock()) self->deliver_reliable(std::move(message));
  };
}

void ViewerWatch::send_to_viewer(SharedBytes message) {
  std::lock_guard lock(mutex_);
  offer_reliable_locked(std::move(message));
}

void ViewerWatch::offer_reliable_locked(SharedBytes message) {
  if (finish_) return;
  if (!outbox_.offer_reliable(std::move(message))) {
    context_.metrics.sessions_closed_slow_total.fetch_add(1, std::memory_order_relaxed);
    logger()->info("grpc viewer {}: closing, too far behind", id_);
    finish_locked(grpc::Status(grpc::StatusCode::RESOURCE_EXHAUSTED, "too far behind: the viewer stopped reading"));
  }
}

void ViewerWatch::deliver_frame(stream::FrameBundlePtr bundle) {
  bool stalled = false;
  {
    std::lock_guard lock(mutex_);
    if (!finish_) {
      outbox_.offer_frame(std::move(bundle));
      counters_.outbox_dropped(outbox_.frames_dropped());
    }
    // A write that has not finished after the timeout means the viewer stopped reading (gRPC's
    // flow control holds it): cancel the call, which fails the write and ends the Watch. Also
    // when the Watch is closing already: it cannot finish while the write hangs.
    if (writing_ && !cancelled_ && std::chrono::steady_clock::now() - write_started_ > context_.limits.write_timeout) {
      cancelled_ = true;
      stalled = true;
      context_.metrics.sessions_closed_slow_total.fetch_add(1, std::memory_order_relaxed);
    } else if (finish_) {
      return;
    }
  }
  if (stalled) {
    logger()->info("grpc viewer {}: a write stalled past the timeout; closing", id_);
    cancel_call();
    return;
  }
  pump();
}

void ViewerWatch::deliver_reliable(SharedBytes message) {
  {
    std::lock_guard lock(mutex_);
    offer_reliable_locked(std::move(message));
  }
  pump();
}

void ViewerWatch::close_soon(const char* reason) {
  {
    std::lock_guard lock(mutex_);
    logger()->info("grpc viewer {}: closing ({})", id_, reason);
    finish_locked(grpc::Status(grpc::StatusCode::UNAVAILABLE, reason));
  }
  pump();
}

void ViewerWatch::finish_locked(grpc::Status status) {
  if (!finish_) finish_ = std::move(status);
}

void ViewerWatch::pump() {
  std::unique_lock lock(mutex_);
  if (writing_ || finished_ || !joined_) return;
  if (finish_) {
    finished_ = true;
    const grpc::Status status = *finish_;
    lock.unlock();
    Finish(status);
    return;
  }
  writing_ = outbox_.next();
  counters_.outbox_dropped(outbox_.frames_dropped());
  if (!writing_) return;
  write_started_ = std::chrono::steady_clock::now();
  buffer_ = borrow(*writing_);
  lock.unlock();
  StartWrite(&buffer_);
}

void ViewerWatch::OnWriteDone(bool ok) {
  {
    std::lock_guard lock(mutex_);
    if (ok && writing_) counters_.sent(writing_->bytes.size(), writing_->is_frame, writing_->video);
    writing_.reset();
    buffer_.Clear();
    if (!ok) finish_locked(grpc::Status(grpc::StatusCode::CANCELLED, "the viewer went away"));
  }
  pump();
}

void ViewerWatch::OnCancel() {
  {
    std::lock_guard lock(mutex_);
    finish_locked(grpc::Status::CANCELLED);
  }
  pump();
}

void ViewerWatch::cancel_call() {
  const std::lock_guard lock(call_mutex_);
  // After OnDone the call (and call_) belongs to gRPC no more: cancelling it then would touch
  // freed memory. The sim thread can meet a stalled write just as the call ends.
  if (!call_done_) call_->TryCancel();
}

void ViewerWatch::OnDone() {
  {
    const std::lock_guard lock(call_mutex_);
    call_done_ = true;
  }
  context_.hub.leave(id_);
  // The meadow forgets this viewer's predator (a held pointer must not outlive its viewer).
  context_.actions.push_always(sim::Action{id_, 0, sim::ViewerLeft{}});
  context_.metrics.sessions.fetch_sub(1, std::memory_order_relaxed);
  logger()->info("grpc viewer {} from {} ended ({} frames dropped)", id_, remote_,
                 counters_.frames_dropped());
  if (on_ended_) on_ended_(id_);
  std::shared_ptr<ViewerWatch> self;
  {
    std::lock_guard lock(mutex_);
    self = std::move(self_);
  }
  // `self` may be the last owner: this object ends with this function.
}

void ViewerWatch::replay(const stream::ReplayCommand& command) {
  if (command.kind != stream::ReplayCommand::Kind::start) return;
  stream::ReplayStateView none;
  none.reason = "the night is replayed to the WebSocket viewer (/ws), not over gRPC";
  send_to_viewer(shared(stream::replay_state_message(none)));
}

}  // namespace meadow::net
