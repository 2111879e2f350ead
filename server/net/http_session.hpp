#pragma once
// One HTTP connection: serves the built viewer from the web root, /healthz and /metrics, and
// hands a WebSocket upgrade on /ws over to a WsSession. Keep-alive, with a timeout per request.
#include <memory>
#include <optional>

#include "net/beast.hpp"
#include "net/session_context.hpp"

namespace meadow::net {

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(tcp::socket&& socket, SessionContext& context);
  void run();

 private:
  void do_read();
  void on_read(beast::error_code ec, std::size_t bytes);
  void send(http::message_generator&& response, bool keep_alive);
  void on_write(bool keep_alive, beast::error_code ec, std::size_t bytes);
  void do_close();

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  SessionContext& context_;
  std::optional<http::request_parser<http::string_body>> parser_;
};

}  // namespace meadow::net
