#include "net/http_responses.hpp"

#include <sstream>

namespace meadow::net {

namespace {

constexpr std::size_t kMaxHostLength = 255;

bool plain_host(std::string_view host) {
  if (host.empty() || host.size() > kMaxHostLength) return false;
  for (const char c : host) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
                    c == '-' || c == ':' || c == '[' || c == ']';
    if (!ok) return false;
  }
  return true;
}

}  // namespace

std::string content_security_policy(std::string_view host) {
  // The viewer loads only its own files: scripts, styles, its two workers; images for the canvas
  // and the icon (data:); it talks to its own host over HTTP and WebSocket. Older Safari does
  // not count ws: as 'self', so the WebSocket's own host is named too.
  std::string connect = "connect-src 'self'";
  if (plain_host(host)) {
    connect += " ws://";
    connect += host;
    connect += " wss://";
    connect += host;
  }
  return "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; " + connect +
         "; worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
}

void set_common_headers(http::fields& fields, const Request& req) {
  fields.set(http::field::server, kServerName);
  fields.set("Content-Security-Policy", content_security_policy(req[http::field::host]));
  fields.set("X-Frame-Options", "DENY");
  fields.set("Referrer-Policy", "no-referrer");
  fields.set("X-Content-Type-Options", "nosniff");
}

http::message_generator text_response(const Request& req, http::status status, std::string_view type,
                                      std::string body) {
  if (req.method() == http::verb::head) {
    http::response<http::empty_body> res{status, req.version()};
    set_common_headers(res.base(), req);
    res.set(http::field::content_type, type);
    res.set(http::field::cache_control, "no-store");
    res.content_length(body.size());
    res.keep_alive(req.keep_alive());
    return res;
  }
  http::response<http::string_body> res{status, req.version()};
  set_common_headers(res.base(), req);
  res.set(http::field::content_type, type);
  res.set(http::field::cache_control, "no-store");
  res.keep_alive(req.keep_alive());
  res.body() = std::move(body);
  res.prepare_payload();
  return res;
}

http::message_generator refusal(const Request& req, http::status status, const std::string& reason,
                                int retry_after_seconds) {
  http::response<http::string_body> res{status, req.version() == 0 ? 11U : req.version()};
  set_common_headers(res.base(), req);
  res.set(http::field::content_type, kTextType);
  res.set(http::field::cache_control, "no-store");
  if (retry_after_seconds > 0) res.set(http::field::retry_after, std::to_string(retry_after_seconds));
  res.keep_alive(false);
  if (req.method() != http::verb::head) res.body() = reason + "\n";
  res.prepare_payload();
  return res;
}

std::string canned_refusal(http::status status, const std::string& reason, int retry_after_seconds) {
  const Request none;
  http::response<http::string_body> res{status, 11};
  set_common_headers(res.base(), none);
  res.set(http::field::content_type, kTextType);
  res.set(http::field::cache_control, "no-store");
  if (retry_after_seconds > 0) res.set(http::field::retry_after, std::to_string(retry_after_seconds));
  res.keep_alive(false);
  res.body() = reason + "\n";
  res.prepare_payload();
  std::ostringstream out;
  out << res;
  return out.str();
}

}  // namespace meadow::net
