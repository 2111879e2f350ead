#include "net/address_key.hpp"

#include <arpa/inet.h>

#include <algorithm>
#include <array>
#include <cstdint>

namespace meadow::net {

std::string address_key(std::string_view address, unsigned ipv6_prefix_bits) {
  const std::string text(address);
  std::array<std::uint8_t, 16> bytes{};
  if (inet_pton(AF_INET, text.c_str(), bytes.data()) == 1) return text;
  if (inet_pton(AF_INET6, text.c_str(), bytes.data()) != 1) return text;
  // An IPv4 address the dual-stack socket shows as IPv6: the IPv4 host it is.
  constexpr std::array<std::uint8_t, 12> kMapped{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
  if (std::equal(kMapped.begin(), kMapped.end(), bytes.begin())) {
    std::array<char, INET_ADDRSTRLEN> v4{};
    if (inet_ntop(AF_INET, bytes.data() + 12, v4.data(), v4.size()) != nullptr) return v4.data();
    return text;
  }
  const unsigned prefix = std::min(ipv6_prefix_bits, 128U);
  for (unsigned bit = prefix; bit < 128; ++bit) bytes[bit / 8] &= static_cast<std::uint8_t>(~(0x80U >> (bit % 8)));
  std::array<char, INET6_ADDRSTRLEN> v6{};
  if (inet_ntop(AF_INET6, bytes.data(), v6.data(), v6.size()) == nullptr) return text;
  return std::string(v6.data()) + "/" + std::to_string(prefix);
}

std::uint64_t visitor_of(std::string_view address, std::string_view key) {
  if (address == "127.0.0.1" || address == "::1" || address == "::ffff:127.0.0.1") return 0;
  // FNV-1a: stable across runs and builds, so that a recording's visitors stay apart on replay.
  std::uint64_t hash = 14695981039346656037ULL;
  for (const char c : key) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ULL;
  }
  return hash == 0 ? 1 : hash;
}

}  // namespace meadow::net
