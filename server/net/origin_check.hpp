#pragma once
// Which web pages may open a viewer's WebSocket. A browser lets any page open a WebSocket to any
// host and names the page in the upgrade's Origin header; without this check every site a
// visitor has open could watch the meadow and act in it in the visitor's name (cross-site
// WebSocket hijacking). Let in:
// - an upgrade without Origin: native clients (meadow-watch, the tests); browsers always send one;
// - an Origin whose host[:port] is the host the request was sent to (its Host header, or behind a
//   trusted proxy its X-Forwarded-Host): the viewer this server served;
// - an Origin on the allow-list (--allowed-origin), or any at all when the list holds "*".
// Pure: no Beast, no I/O.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace meadow::net {

// The allow-list's entry that lets in every origin.
inline constexpr std::string_view kAnyOrigin = "*";
// What a refused upgrade is told.
inline constexpr const char* kOriginRefusal =
    "This page's origin may not open the meadow's WebSocket; open the viewer from the server itself "
    "(or ask the operator to allow the origin with --allowed-origin).";

// An origin as compared: scheme and host in lower case, the port explicit (the scheme's default
// when the text names none: 80 for http and ws, 443 for https and wss; 0 for another scheme).
struct Origin {
  std::string scheme;
  std::string host;  // an IPv6 address keeps its brackets, as in a Host header
  std::uint16_t port = 0;
  friend bool operator==(const Origin&, const Origin&) = default;
};

// "scheme://host[:port]" as an Origin; nullopt for anything else ("null", a path, user info, a
// bad port, characters no host has).
[[nodiscard]] std::optional<Origin> parse_origin(std::string_view text);

class OriginPolicy {
 public:
  // The server's own pages only.
  OriginPolicy() = default;
  // From the flag's entries: origins ("https://gallery.example:8443"), or "*" for any. Throws
  // std::invalid_argument naming an entry that is neither.
  explicit OriginPolicy(const std::vector<std::string>& allowed);

  // Whether an upgrade whose Origin header is `origin` (empty: none was sent), sent to `host`
  // (the Host header's host[:port]), may become a viewer.
  [[nodiscard]] bool allows(std::string_view origin, std::string_view host) const;

 private:
  std::vector<Origin> allowed_;
  bool any_ = false;
};

}  // namespace meadow::net
