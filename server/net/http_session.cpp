#include "net/http_session.hpp"

#include <spdlog/spdlog.h>

#include <string>

#include "net/logger.hpp"
#include "net/static_files.hpp"
#include "net/ws_session.hpp"

namespace meadow::net {

namespace {

// Requests carry no bodies we want; headers are small. Bound both.
constexpr std::uint64_t kMaxRequestBodyBytes = 4 * 1024;
constexpr std::uint32_t kMaxHeaderBytes = 8 * 1024;
constexpr const char* kServerName = "meadow-server";
constexpr const char* kWebSocketPath = "/ws";

using Request = http::request<http::string_body>;

http::message_generator text_response(const Request& req, http::status status,
                                      std::string_view type, std::string body) {
  http::response<http::string_body> res{status, req.version()};
  res.set(http::field::server, kServerName);
  res.set(http::field::content_type, type);
  res.set(http::field::cache_control, "no-store");
  res.keep_alive(req.keep_alive());
  res.body() = std::move(body);
  res.prepare_payload();
  return res;
}

http::message_generator serve_file(const Request& req, const SessionContext& context) {
  const auto path = resolve_static(context.web_root, req.target());
  if (!path) {
    return text_response(req, http::status::not_found, "text/plain; charset=utf-8",
                         "Not found.\n");
  }
  beast::error_code ec;
  http::file_body::value_type body;
  body.open(path->c_str(), beast::file_mode::scan, ec);
  if (ec) {
    logger()->warn("cannot open {}: {}", path->string(), ec.message());
    return text_response(req, http::status::internal_server_error, "text/plain; charset=utf-8",
                         "The file could not be read.\n");
  }
  const auto size = body.size();
  const auto set_headers = [&](auto& res) {
    res.set(http::field::server, kServerName);
    res.set(http::field::content_type, content_type(*path));
    res.set("X-Content-Type-Options", "nosniff");
    res.set(http::field::cache_control, is_immutable_asset(req.target())
                                            ? "public, max-age=31536000, immutable"
                                            : "no-cache");
    res.content_length(size);
    res.keep_alive(req.keep_alive());
  };
  if (req.method() == http::verb::head) {
    http::response<http::empty_body> res{http::status::ok, req.version()};
    set_headers(res);
    return res;
  }
  http::response<http::file_body> res{std::piecewise_construct, std::make_tuple(std::move(body)),
                                      std::make_tuple(http::status::ok, req.version())};
  set_headers(res);
  return res;
}

http::message_generator handle_request(const Request& req, const SessionContext& context) {
  if (req.method() != http::verb::get && req.method() != http::verb::head) {
    auto res = text_response(req, http::status::method_not_allowed, "text/plain; charset=utf-8",
                             "Only GET and HEAD are served.\n");
    return res;
  }
  const std::string_view target = req.target();
  const std::string_view path = target.substr(0, target.find('?'));
  if (path == "/healthz") {
    return text_response(req, http::status::ok, "text/plain; charset=utf-8", "ok\n");
  }
  if (path == "/metrics") {
    std::string body = context.metrics.render();
    if (const auto status = context.hub.status()) body += Metrics::render_engines(status->swarm_engine);
    return text_response(req, http::status::ok, "text/plain; version=0.0.4; charset=utf-8", std::move(body));
  }
  if (path == kWebSocketPath) {
    return text_response(req, http::status::upgrade_required, "text/plain; charset=utf-8",
                         "Connect with a WebSocket.\n");
  }
  return serve_file(req, context);
}

}  // namespace

HttpSession::HttpSession(tcp::socket&& socket, SessionContext& context)
    : stream_(std::move(socket)), context_(context) {}

void HttpSession::run() {
  asio::dispatch(stream_.get_executor(), beast::bind_front_handler(&HttpSession::do_read, shared_from_this()));
}

void HttpSession::do_read() {
  parser_.emplace();
  parser_->body_limit(kMaxRequestBodyBytes);
  parser_->header_limit(kMaxHeaderBytes);
  stream_.expires_after(context_.limits.http_timeout);
  http::async_read(stream_, buffer_, *parser_,
                   beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
}

void HttpSession::on_read(beast::error_code ec, std::size_t /*bytes*/) {
  if (ec == http::error::end_of_stream) return do_close();
  if (ec) return fail(ec, "http read");
  context_.metrics.http_requests_total.fetch_add(1, std::memory_order_relaxed);

  Request req = parser_->release();
  const std::string_view target = req.target();
  if (websocket::is_upgrade(req) && target.substr(0, target.find('?')) == kWebSocketPath) {
    if (context_.hub.session_count() >= context_.limits.max_sessions) {
      logger()->warn("refusing a viewer: {} sessions is the limit", context_.limits.max_sessions);
      return send(text_response(req, http::status::service_unavailable, "text/plain; charset=utf-8",
                                "The meadow is full; try again in a while.\n"),
                  false);
    }
    std::make_shared<WsSession>(stream_.release_socket(), context_)->run(std::move(req));
    return;
  }
  const bool keep_alive = req.keep_alive();
  send(handle_request(req, context_), keep_alive);
}

void HttpSession::send(http::message_generator&& response, bool keep_alive) {
  beast::async_write(stream_, std::move(response),
                     beast::bind_front_handler(&HttpSession::on_write, shared_from_this(), keep_alive));
}

void HttpSession::on_write(bool keep_alive, beast::error_code ec, std::size_t bytes) {
  if (ec) return fail(ec, "http write");
  context_.metrics.sent_bytes_total.fetch_add(bytes, std::memory_order_relaxed);
  if (!keep_alive) return do_close();
  do_read();
}

void HttpSession::do_close() {
  beast::error_code ec;
  stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
}

}  // namespace meadow::net
