#pragma once
// A small WebSocket viewer client for the viewer protocol: connects to /ws, sends
// ClientMessages, and collects ServerMessages on its own I/O thread. The integration tests use
// it; the native headless viewer and load generator grow from it. Beast stays out of
// this header.
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "meadow/v1/viewer.pb.h"

namespace meadow::client {

struct CloseInfo {
  bool closed = false;
  int code = 0;         // WebSocket close code, 0 when the connection just dropped
  std::string reason;
};

class WsClient {
 public:
  WsClient();
  ~WsClient();
  WsClient(const WsClient&) = delete;
  WsClient& operator=(const WsClient&) = delete;

  // Connects and completes the WebSocket handshake; throws std::runtime_error saying what failed.
  void connect(const std::string& host, std::uint16_t port, const std::string& path = "/ws",
               std::chrono::milliseconds timeout = std::chrono::seconds(5));
  // Sends one message; throws std::runtime_error when the connection is gone.
  void send(const v1::ClientMessage& message);
  // Sends arbitrary bytes (to test how the server copes with garbage).
  void send_raw(std::string_view bytes, bool binary = true);

  // The next received message, waiting at most `timeout`.
  std::optional<v1::ServerMessage> next(std::chrono::milliseconds timeout);
  // Skips messages until one satisfies `match`, waiting at most `timeout` in all.
  std::optional<v1::ServerMessage> wait_for(const std::function<bool(const v1::ServerMessage&)>& match,
                                            std::chrono::milliseconds timeout);
  // Messages received and not yet taken.
  [[nodiscard]] std::size_t pending() const;
  // Bytes received in all, messages received in all.
  [[nodiscard]] std::uint64_t bytes_received() const;

  [[nodiscard]] CloseInfo close_info() const;
  // Sends a normal close and waits briefly for the server's reply.
  void close();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace meadow::client
