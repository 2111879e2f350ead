#pragma once
// Who an address is, for the per-address caps: one host's IPv4 address, or the network of an IPv6
// one. A single IPv6 host is handed a whole /64 (2^64 addresses), so counting each address apart
// would let one visitor hold every slot; counted by its /64 (configurable), it is one visitor.
#include <cstdint>
#include <string>
#include <string_view>

namespace meadow::net {

// The default IPv6 prefix the caps count by (bits).
inline constexpr unsigned kDefaultIpv6PrefixBits = 64;

// "203.0.113.7" → itself; "::ffff:203.0.113.7" → "203.0.113.7"; "2001:db8:1:2:aa::1" with 64 →
// "2001:db8:1:2::/64". Anything that is no address (a test's name, "unix") is its own key.
[[nodiscard]] std::string address_key(std::string_view address, unsigned ipv6_prefix_bits = kDefaultIpv6PrefixBits);

// A visitor's number for the sim (sim::Action::visitor): the viewer's `key` (address_key's)
// hashed, never 0; the sim keeps no addresses, it needs only to know which sessions are one
// visitor. 0 for this machine itself (`address` 127.0.0.1 or ::1: the gallery's own wall, the
// operator's scripts, local tests), whose sessions are held per viewer only. A proxy in front
// must be a --trusted-proxy, so that its visitors are told apart by what it forwards.
[[nodiscard]] std::uint64_t visitor_of(std::string_view address, std::string_view key);

}  // namespace meadow::net
