#include "edge/url_credentials.hpp"

namespace meadow::edge {

namespace {

std::string one_without_credentials(std::string_view url) {
  const std::size_t scheme = url.find("://");
  const std::size_t start = scheme == std::string_view::npos ? 0 : scheme + 3;
  // The authority ends at the first '/', '?' or '#'; credentials end at its last '@'.
  const std::size_t end = url.find_first_of("/?#", start);
  const std::string_view authority = url.substr(start, end == std::string_view::npos ? url.npos : end - start);
  const std::size_t at = authority.rfind('@');
  if (at == std::string_view::npos) return std::string(url);
  return std::string(url.substr(0, start)) + "***" + std::string(url.substr(start + at));
}

}  // namespace

std::string without_credentials(std::string_view urls) {
  std::string out;
  std::size_t from = 0;
  for (;;) {
    const std::size_t comma = urls.find(',', from);
    out += one_without_credentials(urls.substr(from, comma == std::string_view::npos ? urls.npos : comma - from));
    if (comma == std::string_view::npos) return out;
    out += ',';
    from = comma + 1;
  }
}

}  // namespace meadow::edge
