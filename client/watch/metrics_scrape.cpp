#include "watch/metrics_scrape.hpp"

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <charconv>
#include <chrono>

namespace meadow::client {

namespace beast = boost::beast;
namespace http = beast::http;
using tcp = boost::asio::ip::tcp;

std::optional<std::string> http_get(const std::string& host, std::uint16_t port, const std::string& target) {
  try {
    boost::asio::io_context io;
    tcp::resolver resolver(io);
    beast::tcp_stream stream(io);
    stream.expires_after(std::chrono::seconds(5));
    stream.connect(resolver.resolve(host, std::to_string(port)));
    http::request<http::empty_body> request{http::verb::get, target, 11};
    request.set(http::field::host, host);
    request.set(http::field::user_agent, "meadow-watch");
    http::write(stream, request);
    beast::flat_buffer buffer;
    http::response<http::string_body> response;
    http::read(stream, buffer, response);
    beast::error_code ignored;
    stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
    if (response.result() != http::status::ok) return std::nullopt;
    return std::move(response.body());
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::optional<double> metric_value(std::string_view text, std::string_view name) {
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    const std::string_view line = text.substr(at, end - at);
    at = end + 1;
    if (line.size() > name.size() && line.substr(0, name.size()) == name && line[name.size()] == ' ') {
      const std::string_view number = line.substr(name.size() + 1);
      double value = 0.0;
      const auto [ptr, ec] = std::from_chars(number.data(), number.data() + number.size(), value);
      if (ec == std::errc()) return value;
    }
  }
  return std::nullopt;
}

}  // namespace meadow::client
