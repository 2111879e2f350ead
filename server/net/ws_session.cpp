#include "net/ws_session.hpp"

#include <spdlog/spdlog.h>

#include <type_traits>
#include <utility>

#include "net/logger.hpp"
#include "stream/proto_mapping.hpp"

namespace meadow::net {

namespace {

using Level = v1::Notice::Level;

// At most one "slow down" notice a second, so a flooding viewer cannot make us flood it back.
constexpr std::chrono::seconds kRateNoticeInterval{1};

SharedBytes shared(std::string bytes) { return std::make_shared<const std::string>(std::move(bytes)); }

}  // namespace

WsSession::WsSession(tcp::socket&& socket, SessionContext& context)
    : ws_(std::move(socket)),
      context_(context),
      id_(context.hub.next_session_id()),
      outbox_(context.limits.reliable_queue),
      write_deadline_(ws_.get_executor()),
      rate_(context.limits.messages_per_second, context.limits.message_burst,
            std::chrono::steady_clock::now()) {
  beast::error_code ec;
  const auto endpoint = beast::get_lowest_layer(ws_).socket().remote_endpoint(ec);
  remote_ = ec ? std::string("unknown") : endpoint.address().to_string() + ":" + std::to_string(endpoint.port());
  context_.metrics.sessions.fetch_add(1, std::memory_order_relaxed);
}

WsSession::~WsSession() {
  context_.hub.leave(id_);
  // The meadow forgets this viewer's predator (a held pointer must not outlive its viewer).
  if (joined_) context_.actions.push_always(sim::Action{id_, 0, sim::ViewerLeft{}});
  context_.metrics.sessions.fetch_sub(1, std::memory_order_relaxed);
  logger()->info("session {} from {} ended ({} frames dropped)", id_, remote_, outbox_.frames_dropped());
}

SessionInfo WsSession::info() const {
  SessionInfo out;
  out.id = id_;
  out.address = remote_;
  out.world = world_watched_.load(std::memory_order_relaxed);
  out.connected_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - connected_at_).count();
  out.bytes_sent = bytes_sent_.load(std::memory_order_relaxed);
  out.frames_sent = frames_sent_.load(std::memory_order_relaxed);
  out.frames_dropped = frames_dropped_.load(std::memory_order_relaxed);
  return out;
}

void WsSession::run(http::request<http::string_body> request) {
  // The WebSocket layer keeps its own timeouts; the TCP stream's would cut long-lived sessions.
  beast::get_lowest_layer(ws_).expires_never();
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
      outbox_.world())));
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
  context_.metrics.received_messages_total.fetch_add(1, std::memory_order_relaxed);
  const auto now = std::chrono::steady_clock::now();
  if (!rate_.try_take(now)) {
    context_.metrics.rejected_messages_total.fetch_add(1, std::memory_order_relaxed);
    if (now - last_rate_notice_ >= kRateNoticeInterval) {
      last_rate_notice_ = now;
      send_notice(v1::Notice::LEVEL_WARNING, "rate_limited",
                  "Too many messages: some were ignored. Please slow down.");
    }
  } else if (!ws_.got_binary()) {
    context_.metrics.rejected_messages_total.fetch_add(1, std::memory_order_relaxed);
    send_notice(v1::Notice::LEVEL_WARNING, "binary_only",
                "Send binary ClientMessage frames; text frames are not understood.");
  } else {
    const auto data = read_buffer_.cdata();
    handle_message(std::string_view(static_cast<const char*>(data.data()), bytes));
  }
  read_buffer_.consume(read_buffer_.size());
  do_read();  // also while closing: the read completes when the close handshake does
}

void WsSession::handle_message(std::string_view bytes) {
  const LandSnapshot land = context_.hub.land();
  const stream::InputLimits limits{context_.limits.max_message_bytes, context_.facts.max_swarm_count};
  stream::ClientInput input = stream::parse_client_message(bytes, land->world(), limits, id_);
  std::visit(
      [this](auto& value) {
        using T = std::decay_t<decltype(value)>;
        if constexpr (std::is_same_v<T, sim::Action>) {
          value.world = stream::to_sim(outbox_.world());
          if (!context_.actions.push(std::move(value))) {
            context_.metrics.rejected_messages_total.fetch_add(1, std::memory_order_relaxed);
            send_notice(v1::Notice::LEVEL_WARNING, "busy",
                        "The meadow is busy; that action was not applied. Try again.");
          }
        } else if constexpr (std::is_same_v<T, stream::ClientHello>) {
          logger()->debug("session {} hello from '{}'", id_, value.client_name);
        } else if constexpr (std::is_same_v<T, stream::ChooseWorld>) {
          if (value.world == stream::WorldIndex::mold) {
            send_notice(v1::Notice::LEVEL_INFO, "world_unavailable",
                        "The mold does not run on this server yet; you keep watching this world.");
          } else if (value.world != outbox_.world()) {
            // The next frame is of the chosen world, and a key frame: the delta chain was the
            // other world's.
            outbox_.set_world(value.world);
            world_watched_.store(static_cast<int>(value.world), std::memory_order_relaxed);
            outbox_.reset_delta_chain();
            logger()->debug("session {} watches world {}", id_, static_cast<int>(value.world));
          }
        } else if constexpr (std::is_same_v<T, stream::ClientPing>) {
          deliver_reliable(shared(stream::pong_message(value.client_time_ms, context_.hub.latest_tick())));
        } else {
          static_assert(std::is_same_v<T, stream::Rejection>);
          context_.metrics.rejected_messages_total.fetch_add(1, std::memory_order_relaxed);
          logger()->debug("session {}: rejected message: {}", id_, value.code);
          send_notice(v1::Notice::LEVEL_WARNING, value.code.c_str(), value.text);
        }
      },
      input);
}

void WsSession::send_notice(int level, const char* code, const std::string& text) {
  deliver_reliable(shared(stream::notice_message(static_cast<Level>(level), code, text)));
}

void WsSession::deliver_frame(stream::FrameBundlePtr bundle) {
  asio::post(ws_.get_executor(), [self = shared_from_this(), bundle = std::move(bundle)]() mutable {
    if (self->closing_) return;
    if (self->outbox_.has_frame()) {
      self->context_.metrics.frames_dropped_total.fetch_add(1, std::memory_order_relaxed);
      self->frames_dropped_.fetch_add(1, std::memory_order_relaxed);
    }
    self->outbox_.offer_frame(std::move(bundle));
    self->maybe_write();
  });
}

void WsSession::deliver_reliable(SharedBytes message) {
  asio::post(ws_.get_executor(), [self = shared_from_this(), message = std::move(message)]() mutable {
    if (self->closing_) return;
    if (!self->outbox_.offer_reliable(std::move(message))) {
      self->context_.metrics.sessions_closed_slow_total.fetch_add(1, std::memory_order_relaxed);
      self->close(websocket::close_code::policy_error, "too far behind");
      return;
    }
    self->maybe_write();
  });
}

void WsSession::close_soon(const char* reason) {
  asio::post(ws_.get_executor(), [self = shared_from_this(), reason] {
    self->close(websocket::close_code::going_away, reason);
  });
}

void WsSession::maybe_write() {
  if (writing_ || closing_ || !joined_) return;
  writing_ = outbox_.next();
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
  writing_.reset();
  if (ec) return fail(ec, "websocket write");
  context_.metrics.sent_bytes_total.fetch_add(bytes, std::memory_order_relaxed);
  bytes_sent_.fetch_add(bytes, std::memory_order_relaxed);
  if (was_frame) {
    context_.metrics.sent_frames_total.fetch_add(1, std::memory_order_relaxed);
    frames_sent_.fetch_add(1, std::memory_order_relaxed);
  }
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
