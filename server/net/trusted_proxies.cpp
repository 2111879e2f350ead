#include "net/trusted_proxies.hpp"

#include <arpa/inet.h>

#include <charconv>
#include <stdexcept>

namespace meadow::net {

namespace {

constexpr unsigned kV4Bits = 32;
constexpr unsigned kV6Bits = 128;

// An address as bytes: IPv4 (4 bytes, v4 true) or IPv6 (16); IPv4-mapped IPv6 as IPv4. Accepts
// a bracketed IPv6 address and drops a zone (fe80::1%eth0).
bool to_bytes(std::string_view text, std::array<std::uint8_t, 16>& out, bool& v4) {
  if (text.size() > 2 && text.front() == '[' && text.back() == ']') text = text.substr(1, text.size() - 2);
  if (const auto zone = text.find('%'); zone != std::string_view::npos) text = text.substr(0, zone);
  const std::string z(text);
  out = {};
  if (inet_pton(AF_INET, z.c_str(), out.data()) == 1) {
    v4 = true;
    return true;
  }
  if (inet_pton(AF_INET6, z.c_str(), out.data()) != 1) return false;
  static constexpr std::array<std::uint8_t, 12> kMapped = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
  if (std::equal(kMapped.begin(), kMapped.end(), out.begin())) {
    std::array<std::uint8_t, 16> v4_bytes{};
    std::copy(out.begin() + 12, out.end(), v4_bytes.begin());
    out = v4_bytes;
    v4 = true;
    return true;
  }
  v4 = false;
  return true;
}

}  // namespace

std::optional<TrustedProxies::Network> TrustedProxies::parse(std::string_view entry) {
  Network n;
  const auto slash = entry.find('/');
  if (!to_bytes(entry.substr(0, slash), n.bytes, n.v4)) return std::nullopt;
  const unsigned most = n.v4 ? kV4Bits : kV6Bits;
  n.prefix = most;
  if (slash != std::string_view::npos) {
    const std::string_view bits = entry.substr(slash + 1);
    unsigned prefix = 0;
    const auto [end, ec] = std::from_chars(bits.data(), bits.data() + bits.size(), prefix);
    if (bits.empty() || ec != std::errc() || end != bits.data() + bits.size() || prefix > most) return std::nullopt;
    n.prefix = prefix;
  }
  return n;
}

std::string TrustedProxies::problem(std::string_view entry) {
  return parse(entry) ? std::string() : "not an address or network (10.0.0.5, 10.0.0.0/8, fd00::/8)";
}

void TrustedProxies::add(std::string_view entry) {
  const auto n = parse(entry);
  if (!n) throw std::invalid_argument("--trusted-proxy '" + std::string(entry) + "': " + problem(entry));
  networks_.push_back(*n);
}

TrustedProxies::TrustedProxies(const std::vector<std::string>& entries) {
  for (const std::string& e : entries) add(e);
}

TrustedProxies::TrustedProxies(std::initializer_list<const char*> entries) {
  for (const char* e : entries) add(e);
}

bool TrustedProxies::contains(std::string_view address) const {
  std::array<std::uint8_t, 16> bytes{};
  bool v4 = true;
  if (!to_bytes(address, bytes, v4)) return false;
  for (const Network& n : networks_) {
    if (n.v4 != v4) continue;
    unsigned bit = 0;
    bool same = true;
    for (; same && bit + 8 <= n.prefix; bit += 8) same = bytes[bit / 8] == n.bytes[bit / 8];
    if (same && bit < n.prefix) {
      const auto mask = static_cast<std::uint8_t>(0xFFU << (8 - (n.prefix - bit)));
      same = (bytes[bit / 8] & mask) == (n.bytes[bit / 8] & mask);
    }
    if (same) return true;
  }
  return false;
}

}  // namespace meadow::net
