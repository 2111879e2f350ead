#pragma once
// The server's HTTP answers, all carrying the same security headers: what the viewer may load
// (its own files, WebSocket to its own host), no framing by other sites, no referrer, no content
// sniffing. A HEAD request gets the headers of the GET answer and no body.
#include <chrono>
#include <string>
#include <string_view>

#include "net/beast.hpp"

namespace meadow::net {

using Request = http::request<http::string_body>;

inline constexpr const char* kServerName = "meadow-server";
inline constexpr const char* kTextType = "text/plain; charset=utf-8";
// A refused client may try again after this long (Retry-After, seconds).
inline constexpr int kRetryAfterSeconds = 10;
// A refusal gets this long to be written before the connection is cut.
inline constexpr std::chrono::seconds kRefusalWriteTimeout{2};

// The Content-Security-Policy for a page served as `host` (the request's Host header; one that
// is not a plain host[:port] is left out, and only 'self' is allowed then).
[[nodiscard]] std::string content_security_policy(std::string_view host);
// Sets Server and the security headers on any response to `req`.
void set_common_headers(http::fields& fields, const Request& req);

// A text answer (no-store); to a HEAD request the same headers and Content-Length, no body.
[[nodiscard]] http::message_generator text_response(const Request& req, http::status status, std::string_view type,
                                                    std::string body);
// A refusal with a reason for people, closing the connection; `retry_after_seconds` > 0 adds
// Retry-After.
[[nodiscard]] http::message_generator refusal(const Request& req, http::status status, const std::string& reason,
                                              int retry_after_seconds = 0);
// A whole HTTP/1.1 refusal as bytes, for a connection refused before any request was read.
[[nodiscard]] std::string canned_refusal(http::status status, const std::string& reason, int retry_after_seconds);

}  // namespace meadow::net
