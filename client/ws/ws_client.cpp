#include "ws/ws_client.hpp"

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include <condition_variable>
#include <deque>
#include <future>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace meadow::client {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

namespace {
// Messages kept for the caller; the oldest go first if the caller never takes them.
constexpr std::size_t kMaxPending = 8192;
}  // namespace

struct WsClient::Impl {
  asio::io_context io;
  std::optional<asio::executor_work_guard<asio::io_context::executor_type>> work{io.get_executor()};
  websocket::stream<beast::tcp_stream> ws{asio::make_strand(io)};
  beast::flat_buffer buffer;
  std::thread thread;

  mutable std::mutex mutex;
  std::condition_variable arrived;
  std::deque<v1::ServerMessage> inbox;
  std::uint64_t bytes = 0;
  CloseInfo close_info;

  void read_loop() {
    ws.async_read(buffer, [this](beast::error_code ec, std::size_t n) {
      if (ec) {
        const std::lock_guard lock(mutex);
        close_info.closed = true;
        close_info.code = ws.reason().code;
        close_info.reason = std::string(ws.reason().reason.c_str());
        arrived.notify_all();
        return;
      }
      v1::ServerMessage message;
      const auto data = buffer.cdata();
      const bool ok = message.ParseFromArray(data.data(), static_cast<int>(data.size()));
      buffer.consume(buffer.size());
      {
        const std::lock_guard lock(mutex);
        bytes += n;
        if (ok) {
          if (inbox.size() >= kMaxPending) inbox.pop_front();
          inbox.push_back(std::move(message));
        }
      }
      arrived.notify_all();
      read_loop();
    });
  }

  // Runs `op` on the connection's strand and waits for it (writes must not race the reader).
  void run_on_strand(std::function<void(std::promise<void>&)> op) {
    std::promise<void> done;
    auto future = done.get_future();
    asio::post(ws.get_executor(), [&] { op(done); });
    future.get();
  }
};

WsClient::WsClient() : impl_(std::make_unique<Impl>()) {}

WsClient::~WsClient() {
  try {
    close();
  } catch (...) {
  }
  impl_->work.reset();
  impl_->io.stop();
  if (impl_->thread.joinable()) impl_->thread.join();
}

void WsClient::connect(const std::string& host, std::uint16_t port, const std::string& path,
                       std::chrono::milliseconds timeout) {
  auto& d = *impl_;
  try {
    tcp::resolver resolver(d.io);
    const auto endpoints = resolver.resolve(host, std::to_string(port));
    beast::get_lowest_layer(d.ws).expires_after(timeout);
    beast::get_lowest_layer(d.ws).connect(endpoints);
    d.ws.handshake(host + ":" + std::to_string(port), path);
    beast::get_lowest_layer(d.ws).expires_never();
  } catch (const boost::system::system_error& e) {
    throw std::runtime_error("cannot connect to ws://" + host + ":" + std::to_string(port) + path +
                             ": " + e.code().message());
  }
  d.ws.binary(true);
  d.read_loop();
  d.thread = std::thread([&io = d.io] { io.run(); });
}

void WsClient::send(const v1::ClientMessage& message) { send_raw(message.SerializeAsString(), true); }

void WsClient::send_raw(std::string_view bytes, bool binary) {
  std::string copy(bytes);
  beast::error_code error;
  impl_->run_on_strand([&](std::promise<void>& done) {
    impl_->ws.binary(binary);
    impl_->ws.async_write(asio::buffer(copy), [&](beast::error_code ec, std::size_t) {
      impl_->ws.binary(true);
      error = ec;
      done.set_value();
    });
  });
  if (error) throw std::runtime_error("send failed: " + error.message());
}

std::optional<v1::ServerMessage> WsClient::next(std::chrono::milliseconds timeout) {
  std::unique_lock lock(impl_->mutex);
  if (!impl_->arrived.wait_for(lock, timeout, [&] { return !impl_->inbox.empty() || impl_->close_info.closed; }) ||
      impl_->inbox.empty()) {
    return std::nullopt;
  }
  v1::ServerMessage message = std::move(impl_->inbox.front());
  impl_->inbox.pop_front();
  return message;
}

std::optional<v1::ServerMessage> WsClient::wait_for(
    const std::function<bool(const v1::ServerMessage&)>& match, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return std::nullopt;
    auto message = next(left);
    if (!message) return std::nullopt;
    if (match(*message)) return message;
  }
}

std::size_t WsClient::pending() const {
  const std::lock_guard lock(impl_->mutex);
  return impl_->inbox.size();
}

std::uint64_t WsClient::bytes_received() const {
  const std::lock_guard lock(impl_->mutex);
  return impl_->bytes;
}

CloseInfo WsClient::close_info() const {
  const std::lock_guard lock(impl_->mutex);
  return impl_->close_info;
}

void WsClient::close() {
  auto& d = *impl_;
  if (!d.thread.joinable() || close_info().closed) return;
  d.run_on_strand([&](std::promise<void>& done) {
    d.ws.async_close(websocket::close_code::normal, [&](beast::error_code) { done.set_value(); });
  });
  std::unique_lock lock(d.mutex);
  d.arrived.wait_for(lock, std::chrono::seconds(2), [&] { return d.close_info.closed; });
}

}  // namespace meadow::client
