#include "net/ws_session.hpp"

#include <spdlog/spdlog.h>

#include <utility>

#include "net/log_throttle.hpp"

#include "net/logger.hpp"
#include "stream/proto_mapping.hpp"
#include "stream/replay_message.hpp"

namespace meadow::net {

WsSession::WsSession(tcp::socket&& socket, SessionContext& context, AdmissionTicket connection, AdmissionTicket viewer,
                     std::string address)
    : ws_(std::move(socket)),
      context_(context),
      connection_slot_(std::move(connection)),
      viewer_slot_(std::move(viewer)),
      id_(context.hub.next_session_id()),
      counters_(context.metrics),
      outbox_(context.limits.reliable_queue, &context.hub.video(), &context.hub.trails()),
      write_deadline_(ws_.get_executor()),
      input_(context, id_, visitor_of(viewer_slot_.address(), viewer_slot_.key())) {
  outbox_.set_world(context_.facts.worlds.front());
  counters_.watching(outbox_.world());
  beast::error_code ec;
  const auto endpoint = beast::get_lowest_layer(ws_).socket().remote_endpoint(ec);
  remote_ = std::move(address);
  if (!ec) remote_.append(":").append(std::to_string(endpoint.port()));
  context_.metrics.sessions.fetch_add(1, std::memory_order_relaxed);
  context_.metrics.connections.fetch_add(1, std::memory_order_relaxed);
}

WsSession::~WsSession() {
  context_.metrics.connections.fetch_sub(1, std::memory_order_relaxed);
  context_.hub.leave(id_);
  // The meadow forgets this viewer's predator (a held pointer must not outlive its viewer).
  if (joined_) context_.actions.push_always(sim::Action{id_, 0, sim::ViewerLeft{}});
  context_.metrics.sessions.fetch_sub(1, std::memory_order_relaxed);
  // A handshake that failed was answered (and counted) already: only viewers that joined are news.
  if (joined_) {
    logger()->info("session {} from {} ended ({} frames dropped)", id_, remote_, counters_.frames_dropped());
  }
}

SessionInfo WsSession::info() const { return counters_.info(id_, remote_); }

void WsSession::run(http::request<http::string_body> request) {
  // The WebSocket layer keeps its own timeouts; the TCP stream's would cut long-lived sessions.
  beast::get_lowest_layer(ws_).expires_never();
  beast::error_code ec;  // a buffer left as it was is no reason to refuse a viewer
  beast::get_lowest_layer(ws_).socket().set_option(asio::socket_base::send_buffer_size(context_.limits.send_buffer_bytes),
                                                   ec);
  websocket::stream_base::timeout timeouts{};
  timeouts.handshake_timeout = context_.limits.handshake_timeout;
  timeouts.idle_timeout = context_.limits.idle_timeout;
  timeouts.keep_alive_pings = true;
  ws_.set_option(timeouts);
  ws_.set_option(websocket::stream_base::decorator([](websocket::response_type& res) {
    res.set(http::field::server, "meadow-server");
  }));
  ws_.read_message_max(context_.limits.max_message_bytes);
  ws_.binary(true);
  // Light frames are already zstd-compressed; permessage-deflate would only burn CPU.
  ws_.async_accept(request, beast::bind_front_handler(&WsSession::on_accept, shared_from_this()));
}

void WsSession::on_accept(beast::error_code ec) {
  if (ec) return fail(ec, "websocket accept");
  const LandSnapshot land = context_.hub.join(shared_from_this());
  joined_ = true;
  logger()->info("session {} from {} joined", id_, remote_);
  const auto& facts = context_.facts;
  (void)outbox_.offer_reliable(shared(stream::welcome_message(
      id_, *land, static_cast<float>(facts.frame_rate), static_cast<float>(facts.tick_rate),
      outbox_.world(), facts.worlds, facts.settings_schemas, facts.public_url, context_.replays != nullptr)));
  if (SharedBytes standing = context_.hub.standing_notice()) (void)outbox_.offer_reliable(std::move(standing));
  maybe_write();
  do_read();
}

void WsSession::do_read() {
  ws_.async_read(read_buffer_, beast::bind_front_handler(&WsSession::on_read, shared_from_this()));
}

void WsSession::on_read(beast::error_code ec, std::size_t bytes) {
  if (ec) {
    if (ec == websocket::error::message_too_big) {
      context_.metrics.rejected_messages_total.fetch_add(1, std::memory_order_relaxed);
      logger()->info("session {}: closing, message over {} bytes", id_, context_.limits.max_message_bytes);
    }
    return fail(ec, "websocket read");
  }
  if (!ws_.got_binary()) {
    (void)input_.refuse(*this, "binary_only", "Send binary ClientMessage frames; text frames are not understood.",
                        std::chrono::steady_clock::now());
  } else {
    const auto data = read_buffer_.cdata();
    (void)input_.handle(std::string_view(static_cast<const char*>(data.data()), bytes), *this,
                        std::chrono::steady_clock::now());
  }
  read_buffer_.consume(read_buffer_.size());
  do_read();  // also while closing: the read completes when the close handshake does
}

void WsSession::watch_world(sim::WorldKind world) {
  // A replay shows one world: another world is live.
  if (replay_) back_to_live({}, true);
  outbox_.set_world(world);
  counters_.watching(world);
  outbox_.reset_delta_chain();
}

void WsSession::take_video(bool offered) {
  outbox_.set_video(offered);
  inbox_keeps_every_frame_.store(outbox_.video(), std::memory_order_relaxed);
  counters_.outbox_dropped(outbox_.frames_dropped());
}

void WsSession::push_frame_locked(stream::FrameBundlePtr bundle) {
  // Without video only the newest frame matters: the older ones go at once.
  if (!inbox_keeps_every_frame_.load(std::memory_order_relaxed)) {
    counters_.frame_dropped(inbox_frames_.size());
    inbox_frames_.clear();
  } else if (inbox_frames_.size() >= kVideoQueueMost) {
    inbox_frames_.pop_front();
    inbox_lost_frames_ = true;
    counters_.frame_dropped();
  }
  inbox_frames_.push_back(std::move(bundle));
}

void WsSession::push_reliable_locked(SharedBytes message) {
  // Bounded here already: what waits in the inbox and in the outbox together stays within the
  // reliable queue's capacity once taken (take_inbox closes a session that overflows).
  if (inbox_reliable_.size() >= outbox_.reliable_capacity()) {
    inbox_overflowed_ = true;
  } else {
    inbox_reliable_.push_back(std::move(message));
  }
}

void WsSession::deliver_frame(stream::FrameBundlePtr bundle) {
  if (frames_from_.load() != 0) return;  // a replay shows the past
  {
    const std::lock_guard lock(inbox_mutex_);
    if (frames_from_ != 0) return;  // a replay shows the past
    push_frame_locked(std::move(bundle));
  }
  wake();
}

void WsSession::deliver_reliable(SharedBytes message) {
  {
    const std::lock_guard lock(inbox_mutex_);
    push_reliable_locked(std::move(message));
  }
  wake();
}

void WsSession::deliver_land(SharedBytes message) {
  if (frames_from_.load() != 0) return;
  {
    const std::lock_guard lock(inbox_mutex_);
    if (frames_from_ != 0) return;  // the replay's rocks stand; the live ones come with live
    push_reliable_locked(std::move(message));
  }
  wake();
}

ReplayViewer WsSession::replay_viewer(std::uint64_t generation) {
  ReplayViewer viewer;
  viewer.world = outbox_.world();
  viewer.frame = [weak = weak_from_this(), generation](stream::FrameBundlePtr bundle) {
    auto self = weak.lock();
    if (!self) return;
    {
      const std::lock_guard lock(self->inbox_mutex_);
      if (self->frames_from_ != generation) return;
      self->push_frame_locked(std::move(bundle));
    }
    self->wake();
  };
  viewer.message = [weak = weak_from_this(), generation](SharedBytes message) {
    auto self = weak.lock();
    if (!self) return;
    {
      const std::lock_guard lock(self->inbox_mutex_);
      if (self->frames_from_ != generation) return;
      self->push_reliable_locked(std::move(message));
    }
    self->wake();
  };
  viewer.ended = [weak = weak_from_this(), generation] {
    auto self = weak.lock();
    if (!self) return;
    asio::post(self->ws_.get_executor(), [self, generation] {
      const bool current = [&] {
        const std::lock_guard lock(self->inbox_mutex_);
        return self->frames_from_ == generation;
      }();
      if (current) self->back_to_live({}, false);  // the replay said why itself
    });
  };
  return viewer;
}

void WsSession::switch_frames(std::uint64_t generation) {
  {
    const std::lock_guard lock(inbox_mutex_);
    frames_from_ = generation;
    counters_.frame_dropped(inbox_frames_.size());
    inbox_frames_.clear();
    inbox_lost_frames_ = false;
  }
  outbox_.restart_frames();
}

void WsSession::back_to_live(const std::string& reason, bool tell) {
  replay_.reset();  // stops the replay's thread (it ends on its own)
  switch_frames(0);
  (void)outbox_.offer_reliable(shared(stream::rocks_message(*context_.hub.land())));
  if (tell) {
    stream::ReplayStateView live;
    live.reason = reason;
    (void)outbox_.offer_reliable(shared(stream::replay_state_message(live)));
  }
  maybe_write();
}

void WsSession::replay(const stream::ReplayCommand& command) {
  using Kind = stream::ReplayCommand::Kind;
  if (command.kind == Kind::stop) {
    if (replay_) back_to_live({}, true);
    return;
  }
  if (replay_) {
    if (command.kind != Kind::speed) replay_->seek(command.at_ms);
    if (command.kind != Kind::seek) replay_->speed(command.speed);
    return;
  }
  if (command.kind != Kind::start) return;  // nothing plays: a late seek after its end
  if (context_.replays == nullptr) {
    stream::ReplayStateView none;
    none.reason = "this server keeps no journal to replay";
    send_to_viewer(shared(stream::replay_state_message(none)));
    return;
  }
  const std::uint64_t generation = ++replays_begun_;
  switch_frames(generation);
  replay_ = context_.replays->start(id_, replay_viewer(generation), command.at_ms, command.speed);
  if (!replay_) {
    // Refused (the viewer was told why): live as before, from a key frame.
    switch_frames(0);
  }
}

void WsSession::wake() {
  {
    const std::lock_guard lock(inbox_mutex_);
    if (wake_posted_) return;
    wake_posted_ = true;
  }
  asio::post(ws_.get_executor(), [self = shared_from_this()] { self->take_inbox(); });
}

void WsSession::take_inbox() {
  std::deque<stream::FrameBundlePtr> frames;
  bool lost_frames = false;
  std::deque<SharedBytes> reliable;
  bool overflowed = false;
  {
    const std::lock_guard lock(inbox_mutex_);
    wake_posted_ = false;
    frames.swap(inbox_frames_);
    lost_frames = std::exchange(inbox_lost_frames_, false);
    reliable.swap(inbox_reliable_);
    overflowed = std::exchange(inbox_overflowed_, false);
  }
  if (closing_) return;
  for (SharedBytes& message : reliable) overflowed = overflowed || !outbox_.offer_reliable(std::move(message));
  if (overflowed) {
    context_.metrics.sessions_closed_slow_total.fetch_add(1, std::memory_order_relaxed);
    close(websocket::close_code::policy_error, "too far behind");
    return;
  }
  if (lost_frames) outbox_.lost_frames();
  for (stream::FrameBundlePtr& frame : frames) outbox_.offer_frame(std::move(frame));
  counters_.outbox_dropped(outbox_.frames_dropped());
  maybe_write();
}

void WsSession::close_soon(const char* reason) {
  asio::post(ws_.get_executor(), [self = shared_from_this(), reason] {
    self->close(websocket::close_code::going_away, reason);
  });
}

void WsSession::maybe_write() {
  if (writing_ || closing_ || !joined_) return;
  writing_ = outbox_.next();
  counters_.outbox_dropped(outbox_.frames_dropped());
  if (!writing_) return;
  write_deadline_.expires_after(context_.limits.write_timeout);
  write_deadline_.async_wait([weak = weak_from_this()](beast::error_code ec) {
    if (ec) return;  // cancelled: the write finished in time
    if (auto self = weak.lock()) {
      self->context_.metrics.sessions_closed_slow_total.fetch_add(1, std::memory_order_relaxed);
      logger()->info("session {}: a write stalled past the timeout; closing", self->id_);
      self->closing_ = true;
      beast::get_lowest_layer(self->ws_).close();
    }
  });
  ws_.async_write(asio::buffer(writing_->bytes.data(), writing_->bytes.size()),
                  beast::bind_front_handler(&WsSession::on_write, shared_from_this()));
}

void WsSession::on_write(beast::error_code ec, std::size_t bytes) {
  write_deadline_.cancel();
  const bool was_frame = writing_ && writing_->is_frame;
  const bool was_video = writing_ && writing_->video;
  writing_.reset();
  if (ec) return fail(ec, "websocket write");
  counters_.sent(bytes, was_frame, was_video);
  if (closing_) return send_close();
  maybe_write();
}

void WsSession::close(websocket::close_code code, const char* reason) {
  if (closing_) return;
  closing_ = true;
  logger()->info("session {}: closing ({})", id_, reason);
  pending_close_ = websocket::close_reason(code, reason);
  // A close frame cannot overtake a write in flight; on_write sends it when that one is done
  // (and the write deadline still cuts a peer that stopped reading).
  if (!writing_) send_close();
}

void WsSession::send_close() {
  write_deadline_.cancel();
  ws_.async_close(pending_close_, [self = shared_from_this()](beast::error_code ec) {
    if (ec) fail(ec, "websocket close");
  });
}

}  // namespace meadow::net
