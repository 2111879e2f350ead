#include "net/http_responses.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace meadow::net {
namespace {

std::string written(http::message_generator&& gen) {
  // A message generator's bytes, as they would go on the wire.
  std::string out;
  beast::error_code ec;
  while (!gen.is_done()) {
    std::size_t n = 0;
    for (const auto& b : gen.prepare(ec)) {
      out.append(static_cast<const char*>(b.data()), b.size());
      n += b.size();
    }
    if (ec) break;
    gen.consume(n);
  }
  return out;
}

Request request(http::verb verb, const char* host = "meadow.local:8080") {
  Request req{verb, "/healthz", 11};
  req.set(http::field::host, host);
  return req;
}

TEST(HttpResponses, ThePolicyAllowsTheViewersOwnFilesAndItsWebSocketOnly) {
  const std::string csp = content_security_policy("meadow.local:8080");
  EXPECT_NE(csp.find("default-src 'self'"), std::string::npos);
  EXPECT_NE(csp.find("connect-src 'self' ws://meadow.local:8080 wss://meadow.local:8080"), std::string::npos);
  EXPECT_NE(csp.find("frame-ancestors 'none'"), std::string::npos);
  EXPECT_NE(csp.find("object-src 'none'"), std::string::npos);
  EXPECT_EQ(csp.find("unsafe"), std::string::npos);
  // A Host that is not a plain host[:port] never reaches the header.
  const std::string odd = content_security_policy("evil.example; script-src *");
  EXPECT_EQ(odd.find("evil"), std::string::npos);
  EXPECT_NE(odd.find("connect-src 'self';"), std::string::npos);
}

TEST(HttpResponses, EveryAnswerCarriesTheSecurityHeaders) {
  const std::string out = written(text_response(request(http::verb::get), http::status::ok, kTextType, "ok\n"));
  for (const char* header : {"Content-Security-Policy: ", "X-Frame-Options: DENY", "Referrer-Policy: no-referrer",
                             "X-Content-Type-Options: nosniff", "Server: meadow-server"}) {
    EXPECT_NE(out.find(header), std::string::npos) << header << " missing from\n" << out;
  }
  EXPECT_NE(out.find("\r\n\r\nok\n"), std::string::npos);
}

TEST(HttpResponses, HeadGetsTheHeadersAndTheLengthButNoBody) {
  const std::string out = written(text_response(request(http::verb::head), http::status::ok, kTextType, "ok\n"));
  EXPECT_NE(out.find("Content-Length: 3\r\n"), std::string::npos) << out;
  EXPECT_EQ(out.substr(out.size() - 4), "\r\n\r\n") << "nothing after the headers";
}

TEST(HttpResponses, ACannedRefusalIsAWholeClosingAnswerWithItsReason) {
  const std::string out = canned_refusal(http::status::service_unavailable, "The meadow is full.", 10);
  EXPECT_EQ(out.rfind("HTTP/1.1 503 Service Unavailable\r\n", 0), 0U) << out;
  EXPECT_NE(out.find("Connection: close\r\n"), std::string::npos);
  EXPECT_NE(out.find("Retry-After: 10\r\n"), std::string::npos);
  EXPECT_NE(out.find("X-Content-Type-Options: nosniff"), std::string::npos);
  EXPECT_EQ(out.substr(out.find("\r\n\r\n") + 4), "The meadow is full.\n");
}

}  // namespace
}  // namespace meadow::net
