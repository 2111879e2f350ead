#pragma once
// One HTTP connection: serves the built viewer from the web root, /healthz and /metrics (as its
// listener's routes say), and hands a WebSocket upgrade on /ws over to a WsSession once its page's
// origin is found allowed (origin_check.hpp; else 403) and a viewer slot is taken for it.
// Keep-alive, with a timeout per request; a malformed or oversized request is answered 4xx with
// the reason and the connection closed. Holds its connection slot until it ends (a WsSession
// takes it over).
#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "net/admission.hpp"
#include "net/beast.hpp"
#include "net/session_context.hpp"

namespace meadow::net {

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(tcp::socket&& socket, SessionContext& context, HttpRoutes routes, AdmissionTicket connection);
  ~HttpSession();
  void run();

 private:
  void do_read();
  void on_read(beast::error_code ec, std::size_t bytes);
  void upgrade(http::request<http::string_body>&& req);
  // Answers an upgrade from a page whose origin may not open /ws: 403 with the reason.
  void refuse_origin(const http::request<http::string_body>& req, std::string_view origin, const std::string& address);
  void refuse_bad_request(beast::error_code ec);
  void send(http::message_generator&& response, bool keep_alive);
  void on_write(bool keep_alive, beast::error_code ec, std::size_t bytes);
  void do_close();
  void drain();

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  SessionContext& context_;
  const HttpRoutes routes_;
  AdmissionTicket connection_;
  const std::string peer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  bool counted_ = true;  // in metrics.connections until handed to a WsSession or ended
  std::array<char, 1024> scratch_{};  // what a closing client still sends, read and dropped
};

}  // namespace meadow::net
