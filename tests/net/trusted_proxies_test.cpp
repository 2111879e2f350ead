#include "net/trusted_proxies.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace meadow::net {
namespace {

TEST(TrustedProxies, AddressesMatchExactly) {
  const TrustedProxies p{"127.0.0.1", "::1"};
  EXPECT_TRUE(p.contains("127.0.0.1"));
  EXPECT_TRUE(p.contains("::1"));
  EXPECT_TRUE(p.contains("[::1]"));
  EXPECT_FALSE(p.contains("127.0.0.2"));
  EXPECT_FALSE(p.contains("::2"));
  EXPECT_FALSE(p.contains("not an address"));
  EXPECT_FALSE(TrustedProxies().contains("127.0.0.1")) << "none trusted by default";
}

TEST(TrustedProxies, NetworksMatchTheirPrefix) {
  // A container network's or a cluster's pod range: the proxy's address changes, its network not.
  const TrustedProxies p{"10.88.0.0/16", "192.168.7.128/25", "fd00::/8"};
  EXPECT_TRUE(p.contains("10.88.0.1"));
  EXPECT_TRUE(p.contains("10.88.255.254"));
  EXPECT_FALSE(p.contains("10.89.0.1"));
  EXPECT_TRUE(p.contains("192.168.7.200"));
  EXPECT_FALSE(p.contains("192.168.7.127")) << "a prefix that ends inside a byte";
  EXPECT_TRUE(p.contains("fd12:3456::9"));
  EXPECT_FALSE(p.contains("fe80::1"));
  EXPECT_TRUE(p.contains("::ffff:10.88.3.4")) << "an IPv4 peer on a dual-stack socket";
  EXPECT_TRUE(TrustedProxies{"0.0.0.0/0"}.contains("203.0.113.9")) << "everything, if asked";
  EXPECT_FALSE(TrustedProxies{"0.0.0.0/0"}.contains("2001:db8::1")) << "but only of its family";
}

TEST(TrustedProxies, WhatIsNeitherAnAddressNorANetworkIsRefused) {
  for (const char* bad : {"nginx", "10.0.0.0/33", "10.0.0.0/", "10.0.0.0/8x", "::1/129", "", "10.0.0"}) {
    EXPECT_FALSE(TrustedProxies::problem(bad).empty()) << bad;
    EXPECT_THROW(TrustedProxies(std::vector<std::string>{bad}), std::invalid_argument) << bad;
  }
  EXPECT_TRUE(TrustedProxies::problem("10.0.0.0/8").empty());
  EXPECT_TRUE(TrustedProxies::problem("2001:db8::/32").empty());
}

}  // namespace
}  // namespace meadow::net
