#include "net/origin_check.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <stdexcept>

namespace meadow::net {

namespace {

constexpr std::size_t kMaxHostLength = 255;

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

std::uint16_t default_port(std::string_view scheme) {
  if (scheme == "http" || scheme == "ws") return 80;
  if (scheme == "https" || scheme == "wss") return 443;
  return 0;
}

bool scheme_char(char c, bool first) {
  const auto u = static_cast<unsigned char>(c);
  return std::isalpha(u) != 0 || (!first && (std::isdigit(u) != 0 || c == '+' || c == '-' || c == '.'));
}

// A host name or IPv4 address (letters, digits, dots, hyphens), or an IPv6 address in brackets.
bool host_text(std::string_view host) {
  if (host.empty() || host.size() > kMaxHostLength) return false;
  if (host.front() == '[') {
    if (host.size() < 3 || host.back() != ']') return false;
    return std::all_of(host.begin() + 1, host.end() - 1, [](char c) {
      return std::isxdigit(static_cast<unsigned char>(c)) != 0 || c == ':' || c == '.';
    });
  }
  return std::all_of(host.begin(), host.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '.' || c == '-';
  });
}

// "host[:port]" as its host (lower case) and port (`fallback` when it names none); nullopt when
// it is not of that form.
std::optional<std::pair<std::string, std::uint16_t>> split_authority(std::string_view text, std::uint16_t fallback) {
  std::string_view host = text;
  std::string_view port;
  const std::size_t bracket = text.rfind(']');
  const std::size_t colon = text.rfind(':');
  if (colon != std::string_view::npos && (bracket == std::string_view::npos || colon > bracket)) {
    host = text.substr(0, colon);
    port = text.substr(colon + 1);
  }
  if (!host_text(host)) return std::nullopt;
  std::uint16_t number = fallback;
  if (!port.empty() || colon == text.size() - 1) {
    unsigned value = 0;
    const auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), value);
    if (port.empty() || ec != std::errc() || end != port.data() + port.size() || value == 0 || value > 65535) {
      return std::nullopt;
    }
    number = static_cast<std::uint16_t>(value);
  }
  return std::make_pair(lower(host), number);
}

}  // namespace

std::optional<Origin> parse_origin(std::string_view text) {
  const std::size_t sep = text.find("://");
  if (sep == std::string_view::npos || sep == 0) return std::nullopt;
  const std::string_view scheme = text.substr(0, sep);
  for (std::size_t i = 0; i < scheme.size(); ++i) {
    if (!scheme_char(scheme[i], i == 0)) return std::nullopt;
  }
  Origin origin;
  origin.scheme = lower(scheme);
  const auto authority = split_authority(text.substr(sep + 3), default_port(origin.scheme));
  if (!authority) return std::nullopt;
  origin.host = authority->first;
  origin.port = authority->second;
  return origin;
}

OriginPolicy::OriginPolicy(const std::vector<std::string>& allowed) {
  for (const std::string& entry : allowed) {
    if (entry == kAnyOrigin) {
      any_ = true;
    } else if (auto origin = parse_origin(entry)) {
      allowed_.push_back(std::move(*origin));
    } else {
      throw std::invalid_argument("'" + entry + "' is not an origin (scheme://host[:port], e.g. "
                                  "https://gallery.example) nor *");
    }
  }
}

bool OriginPolicy::allows(std::string_view origin_text, std::string_view host) const {
  if (origin_text.empty() || any_) return true;
  const auto origin = parse_origin(origin_text);
  if (!origin) return false;  // "null" (a sandboxed page, a file) and anything malformed
  if (std::find(allowed_.begin(), allowed_.end(), *origin) != allowed_.end()) return true;
  // The page came from the host the request went to: the Host header carries no scheme, so its
  // port defaults to that of the Origin's.
  const auto target = split_authority(host, default_port(origin->scheme));
  return target && target->first == origin->host && target->second == origin->port;
}

}  // namespace meadow::net
