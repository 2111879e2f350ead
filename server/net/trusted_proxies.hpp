#pragma once
// The proxies in front (--trusted-proxy) whose X-Forwarded-For names the viewer: addresses
// (127.0.0.1, ::1) or networks (10.0.0.0/8, fd00::/8). A network is what a container network or
// a Kubernetes cluster gives: nginx's or the Ingress controller's address changes with every
// start, its network does not. IPv4-mapped IPv6 peers (::ffff:10.1.2.3) match IPv4 entries.
#include <array>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace meadow::net {

class TrustedProxies {
 public:
  TrustedProxies() = default;
  // Throws std::invalid_argument naming an entry that is neither an address nor a network.
  explicit TrustedProxies(const std::vector<std::string>& entries);
  TrustedProxies(std::initializer_list<const char*> entries);

  [[nodiscard]] bool contains(std::string_view address) const;
  [[nodiscard]] bool empty() const { return networks_.empty(); }
  // Why `entry` is not an address or network; empty when it is one.
  [[nodiscard]] static std::string problem(std::string_view entry);

 private:
  struct Network {
    std::array<std::uint8_t, 16> bytes{};  // IPv4 in the first four
    bool v4 = true;
    unsigned prefix = 32;  // bits that must match
  };
  [[nodiscard]] static std::optional<Network> parse(std::string_view entry);
  void add(std::string_view entry);

  std::vector<Network> networks_;
};

}  // namespace meadow::net
