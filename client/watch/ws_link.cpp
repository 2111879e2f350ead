#include "watch/ws_link.hpp"

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include <deque>
#include <future>
#include <iterator>
#include <mutex>
#include <string>
#include <utility>

namespace meadow::client {

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

// The connection itself, shared with its handlers so that it outlives the last one.
class Connection : public std::enable_shared_from_this<Connection> {
 public:
  Connection(asio::io_context& io, LinkTarget target, LinkHandlers handlers)
      : target_(std::move(target)),
        handlers_(std::move(handlers)),
        resolver_(asio::make_strand(io)),
        ws_(resolver_.get_executor()) {}

  void start() {
    resolver_.async_resolve(target_.host, std::to_string(target_.port),
                            beast::bind_front_handler(&Connection::on_resolve, shared_from_this()));
  }

  void send(std::string bytes) {
    asio::post(ws_.get_executor(), [self = shared_from_this(), bytes = std::move(bytes)]() mutable {
      if (self->ended_) return;
      self->queue_.push_back(std::move(bytes));
      self->maybe_write();
    });
  }

  // Closes and waits until no handler of this connection will run again (the io_context must
  // still be running).
  void stop() {
    std::promise<void> done;
    auto ended = done.get_future();
    asio::post(ws_.get_executor(), [self = shared_from_this(), &done] {
      self->stopping_ = true;
      self->on_stopped_ = &done;
      if (self->ended_) return self->signal_stopped();
      beast::error_code ignored;
      beast::get_lowest_layer(self->ws_).socket().close(ignored);
      self->end("");
    });
    ended.wait();
  }

 private:
  void on_resolve(beast::error_code ec, const tcp::resolver::results_type& results) {
    if (ec) return end("cannot resolve " + target_.host + ": " + ec.message());
    beast::get_lowest_layer(ws_).expires_after(std::chrono::seconds(10));
    if (!target_.source_address.empty()) {
      // A chosen source address: bind first, then connect to the first endpoint of its family.
      beast::error_code bind_ec;
      const auto source = asio::ip::make_address(target_.source_address, bind_ec);
      auto& socket = beast::get_lowest_layer(ws_).socket();
      for (const auto& entry : results) {
        if (bind_ec || entry.endpoint().protocol() != tcp::endpoint(source, 0).protocol()) continue;
        socket.open(entry.endpoint().protocol(), bind_ec);
        if (!bind_ec) socket.bind(tcp::endpoint(source, 0), bind_ec);
        if (bind_ec) break;
        beast::get_lowest_layer(ws_).async_connect(
            entry.endpoint(), [self = shared_from_this(), endpoint = entry.endpoint()](beast::error_code connect_ec) {
              self->on_connect(connect_ec, endpoint);
            });
        return;
      }
      return end("cannot connect from " + target_.source_address + ": " +
                 (bind_ec ? bind_ec.message() : std::string("no endpoint of its family")));
    }
    beast::get_lowest_layer(ws_).async_connect(results, beast::bind_front_handler(&Connection::on_connect, shared_from_this()));
  }

  void on_connect(beast::error_code ec, const tcp::endpoint& /*endpoint*/) {
    if (ec) return end("cannot connect to " + target_.host + ":" + std::to_string(target_.port) + ": " + ec.message());
    beast::get_lowest_layer(ws_).expires_never();
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
    ws_.read_message_max(kMaxServerMessageBytes);
    ws_.binary(true);
    ws_.async_handshake(target_.host + ":" + std::to_string(target_.port), "/ws",
                        beast::bind_front_handler(&Connection::on_handshake, shared_from_this()));
  }

  void on_handshake(beast::error_code ec) {
    if (ec) return end("websocket handshake failed: " + ec.message());
    open_ = true;
    // Say who we are and which world we watch, ahead of anything queued.
    v1::ClientMessage hello;
    hello.mutable_hello()->set_protocol_version(v1::PROTOCOL_VERSION_CURRENT);
    hello.mutable_hello()->set_client_name(target_.client_name);
    if (target_.offer_video) hello.mutable_hello()->add_light_codecs(v1::LIGHT_CODEC_VP9);
    if (target_.world != v1::WORLD_UNSPECIFIED) {
      v1::ClientMessage choose;
      choose.mutable_choose_world()->set_world(target_.world);
      queue_.push_front(choose.SerializeAsString());
    }
    queue_.push_front(hello.SerializeAsString());
    maybe_write();
    do_read();
  }

  void do_read() { ws_.async_read(buffer_, beast::bind_front_handler(&Connection::on_read, shared_from_this())); }

  void on_read(beast::error_code ec, std::size_t bytes) {
    if (ended_) return;  // stopped: nothing more reaches the handlers
    if (ec) return end(ec == websocket::error::closed ? "the server closed the connection" : "read failed: " + ec.message());
    v1::ServerMessage message;
    const auto data = buffer_.cdata();
    if (message.ParseFromArray(data.data(), static_cast<int>(data.size()))) {
      if (handlers_.on_message) handlers_.on_message(std::move(message), bytes);
    }
    buffer_.consume(buffer_.size());
    do_read();
  }

  void maybe_write() {
    if (!open_ || writing_ || queue_.empty() || ended_) return;
    writing_ = true;
    ws_.async_write(asio::buffer(queue_.front()), beast::bind_front_handler(&Connection::on_write, shared_from_this()));
  }

  void on_write(beast::error_code ec, std::size_t /*bytes*/) {
    writing_ = false;
    // Ended while this write was in flight (stop(), or a failed read): end() kept its message
    // until now, and nothing more is sent.
    if (ended_) return queue_.clear();
    if (ec) return end("write failed: " + ec.message());
    queue_.pop_front();
    maybe_write();
  }

  void end(const std::string& why) {
    if (ended_) return;
    ended_ = true;
    // Drop what is waiting, but not the message being written: the write still reads it, and its
    // completion (which may already be queued, successful) comes back to on_write. Clearing it
    // here was a use after free, and a pop from an empty queue there (ASan, meadow-watch --load).
    if (writing_) {
      queue_.erase(std::next(queue_.begin()), queue_.end());
    } else {
      queue_.clear();
    }
    if (handlers_.on_closed) handlers_.on_closed(stopping_ ? std::string() : why);
    if (stopping_) signal_stopped();
  }

  void signal_stopped() {
    if (on_stopped_ != nullptr) std::exchange(on_stopped_, nullptr)->set_value();
  }

  const LinkTarget target_;
  const LinkHandlers handlers_;
  tcp::resolver resolver_;
  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  std::deque<std::string> queue_;
  bool open_ = false;
  bool writing_ = false;
  bool ended_ = false;
  bool stopping_ = false;
  std::promise<void>* on_stopped_ = nullptr;
};

class WsLink final : public ViewerLink {
 public:
  WsLink(asio::io_context& io, LinkTarget target, LinkHandlers handlers)
      : connection_(std::make_shared<Connection>(io, std::move(target), std::move(handlers))) {}
  ~WsLink() override { WsLink::stop(); }

  void start() override { connection_->start(); }
  void send(const v1::ClientMessage& message) override { connection_->send(message.SerializeAsString()); }
  void stop() override {
    std::call_once(stopped_, [this] { connection_->stop(); });
  }

 private:
  std::shared_ptr<Connection> connection_;
  std::once_flag stopped_;
};

}  // namespace

std::unique_ptr<ViewerLink> make_ws_link(asio::io_context& io, LinkTarget target, LinkHandlers handlers) {
  return std::make_unique<WsLink>(io, std::move(target), std::move(handlers));
}

}  // namespace meadow::client
