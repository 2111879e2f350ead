#include "net/http_session.hpp"

#include <spdlog/spdlog.h>

#include <string>

#include "net/http_responses.hpp"
#include "net/listener.hpp"
#include "net/log_throttle.hpp"
#include "net/logger.hpp"
#include "net/origin_check.hpp"
#include "net/static_files.hpp"
#include "net/ws_session.hpp"

namespace meadow::net {

namespace {

// Requests carry no bodies we want; headers are small. Bound both.
constexpr std::uint64_t kMaxRequestBodyBytes = 4 * 1024;
constexpr std::uint32_t kMaxHeaderBytes = 8 * 1024;
constexpr const char* kWebSocketPath = "/ws";
// After our last answer, what the client still sends is read and dropped for at most this long.
constexpr std::chrono::seconds kLinger{2};

http::message_generator not_found(const Request& req) {
  return text_response(req, http::status::not_found, kTextType, "Not found.\n");
}

http::message_generator serve_file(const Request& req, const SessionContext& context) {
  const auto path = resolve_static(context.web_root, req.target());
  if (!path) return not_found(req);
  beast::error_code ec;
  http::file_body::value_type body;
  body.open(path->c_str(), beast::file_mode::scan, ec);
  if (ec) {
    logger()->warn("cannot open {}: {}", path->string(), ec.message());
    return text_response(req, http::status::internal_server_error, kTextType, "The file could not be read.\n");
  }
  const auto size = body.size();
  const auto set_headers = [&](auto& res) {
    set_common_headers(res.base(), req);
    res.set(http::field::content_type, content_type(*path));
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

http::message_generator handle_request(const Request& req, const SessionContext& context, HttpRoutes routes) {
  if (req.method() != http::verb::get && req.method() != http::verb::head) {
    auto res = refusal(req, http::status::method_not_allowed, "Only GET and HEAD are served.");
    return res;
  }
  const std::string_view target = req.target();
  const std::string_view path = target.substr(0, target.find('?'));
  if (path == "/healthz") {
    if (context.not_ready) {
      if (std::string why = context.not_ready(); !why.empty()) {
        return text_response(req, http::status::service_unavailable, kTextType, why + "\n");
      }
    }
    return text_response(req, http::status::ok, kTextType, "ok\n");
  }
  if (path == "/metrics") {
    if (!routes.metrics) return not_found(req);
    std::string body = context.metrics.render();
    if (const auto status = context.hub.status()) body += Metrics::render_worlds(*status);
    return text_response(req, http::status::ok, "text/plain; version=0.0.4; charset=utf-8", std::move(body));
  }
  if (!routes.viewer) return not_found(req);
  if (path == kWebSocketPath) {
    return text_response(req, http::status::upgrade_required, kTextType, "Connect with a WebSocket.\n");
  }
  return serve_file(req, context);
}

// The 4xx status and reason for a request the parser refused.
std::pair<http::status, std::string> bad_request_answer(beast::error_code ec) {
  if (ec == http::error::header_limit) {
    return {http::status::request_header_fields_too_large, "The request's headers are too large."};
  }
  if (ec == http::error::body_limit) return {http::status::payload_too_large, "The request's body is too large."};
  return {http::status::bad_request, "Bad request: " + ec.message() + "."};
}

}  // namespace

HttpSession::HttpSession(tcp::socket&& socket, SessionContext& context, HttpRoutes routes, AdmissionTicket connection)
    : stream_(std::move(socket)),
      context_(context),
      routes_(routes),
      connection_(std::move(connection)),
      peer_(connection_.address()) {
  context_.metrics.connections.fetch_add(1, std::memory_order_relaxed);
}

HttpSession::~HttpSession() {
  if (counted_) context_.metrics.connections.fetch_sub(1, std::memory_order_relaxed);
}

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
  if (ec && ec.category() == http::make_error_code(http::error::bad_target).category() &&
      ec != http::error::partial_message) {
    return refuse_bad_request(ec);
  }
  if (ec) return fail(ec, "http read");  // a timeout (a slow client cut off), a reset, …
  context_.metrics.http_requests_total.fetch_add(1, std::memory_order_relaxed);

  Request req = parser_->release();
  const std::string_view target = req.target();
  if (routes_.viewer && websocket::is_upgrade(req) && target.substr(0, target.find('?')) == kWebSocketPath) {
    return upgrade(std::move(req));
  }
  const bool keep_alive = req.keep_alive();
  send(handle_request(req, context_, routes_), keep_alive);
}

void HttpSession::upgrade(Request&& req) {
  // The viewer's address: the peer's, or the client's a trusted proxy forwarded.
  const bool behind_proxy = context_.admission.trusted_proxy(peer_);
  std::string address = peer_;
  if (behind_proxy) {
    if (std::string forwarded = forwarded_client(req["X-Forwarded-For"]); !forwarded.empty()) address = std::move(forwarded);
  }
  // The host the page asked for: the Host header, or the one a trusted proxy says it was sent to.
  std::string_view host = req[http::field::host];
  if (behind_proxy && !req["X-Forwarded-Host"].empty()) host = req["X-Forwarded-Host"];
  if (const std::string_view origin = req[http::field::origin]; !context_.limits.origins.allows(origin, host)) {
    return refuse_origin(req, origin, address);
  }
  Admitted viewer = context_.admission.admit_viewer(address);
  if (!viewer.ticket.held()) {
    record_refusal(context_.metrics, Refused::kViewer, viewer, address);
    stream_.expires_after(kRefusalWriteTimeout);
    // Kept out by the operator: forbidden, not "try again soon".
    if (viewer.refusal == Refusal::kKeptOut) return send(refusal(req, http::status::forbidden, viewer.reason()), false);
    return send(refusal(req, http::status::service_unavailable, viewer.reason(), kRetryAfterSeconds), false);
  }
  counted_ = false;  // the WsSession counts the connection from here on
  std::make_shared<WsSession>(stream_.release_socket(), context_, std::move(connection_), std::move(viewer.ticket),
                              std::move(address))
      ->run(std::move(req));
}

void HttpSession::refuse_origin(const Request& req, std::string_view origin, const std::string& address) {
  context_.metrics.viewers_refused_origin_total.fetch_add(1, std::memory_order_relaxed);
  // The origin as parsed (a malformed one by its size only: the log takes no raw header text).
  const auto parsed = parse_origin(origin);
  const std::string named = parsed ? fmt::format("{}://{}:{}", parsed->scheme, parsed->host, parsed->port)
                                   : fmt::format("a malformed Origin ({} bytes)", origin.size());
  warn_throttled("viewer refused origin", "refusing a viewer from {}: its page's origin {} is not allowed", address, named);
  stream_.expires_after(kRefusalWriteTimeout);
  send(refusal(req, http::status::forbidden, kOriginRefusal), false);
}

void HttpSession::refuse_bad_request(beast::error_code ec) {
  context_.metrics.http_bad_requests_total.fetch_add(1, std::memory_order_relaxed);
  warn_throttled("bad request", "bad request from {}: {}", peer_, ec.message());
  auto [status, reason] = bad_request_answer(ec);
  Request none;
  none.version(11);
  stream_.expires_after(kRefusalWriteTimeout);
  send(refusal(none, status, reason), false);
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
  // Read what the client still sends until it closes too (or the linger runs out): closing with
  // unread bytes would send a reset that can overtake our answer (a refusal of a request whose
  // body it is still sending, say).
  stream_.expires_after(kLinger);
  drain();
}

void HttpSession::drain() {
  stream_.async_read_some(asio::buffer(scratch_), [self = shared_from_this()](beast::error_code ec, std::size_t) {
    if (!ec) self->drain();
  });
}

}  // namespace meadow::net
