#include "net/admission.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

namespace meadow::net {
namespace {

AdmissionLimits small() {
  AdmissionLimits l;
  l.max_connections = 5;
  l.max_connections_per_address = 3;
  l.max_viewers = 4;
  l.max_viewers_per_address = 2;
  return l;
}

TEST(Admission, ViewersWithinTheTotalAndThePerAddressCapsAndSlotsComeBack) {
  Admission a(small());
  Admitted first = a.admit_viewer("10.0.0.1");
  Admitted second = a.admit_viewer("10.0.0.1");
  ASSERT_TRUE(first.ticket.held());
  ASSERT_TRUE(second.ticket.held());
  const Admitted third = a.admit_viewer("10.0.0.1");
  EXPECT_FALSE(third.ticket.held());
  EXPECT_EQ(third.refusal, Refusal::kAddressFull);
  EXPECT_NE(third.reason().find("your address"), std::string::npos);
  Admitted other = a.admit_viewer("10.0.0.2");
  Admitted other2 = a.admit_viewer("10.0.0.3");
  ASSERT_TRUE(other.ticket.held() && other2.ticket.held());
  const Admitted full = a.admit_viewer("10.0.0.4");
  EXPECT_EQ(full.refusal, Refusal::kFull);
  EXPECT_NE(full.reason().find("full"), std::string::npos);
  EXPECT_EQ(a.viewers(), 4U);
  // A slot comes back when its ticket goes, also when it was moved first.
  AdmissionTicket moved = std::move(first.ticket);
  EXPECT_FALSE(first.ticket.held());
  EXPECT_EQ(a.viewers(), 4U);
  moved = AdmissionTicket();
  EXPECT_EQ(a.viewers(), 3U);
  EXPECT_EQ(a.viewers_from("10.0.0.1"), 1U);
  EXPECT_TRUE(a.admit_viewer("10.0.0.1").ticket.held()) << "and is taken again (and given back at once)";
  second.ticket.release();
  EXPECT_EQ(a.viewers_from("10.0.0.1"), 0U);
}

TEST(Admission, ATrustedProxysConnectionsCountOnlyInTheTotal) {
  AdmissionLimits l = small();
  l.trusted_proxies = {"127.0.0.1"};
  Admission a(l);
  std::vector<AdmissionTicket> held;
  for (int i = 0; i < 5; ++i) {
    Admitted c = a.admit_connection("127.0.0.1");
    ASSERT_TRUE(c.ticket.held()) << i;
    held.push_back(std::move(c.ticket));
  }
  EXPECT_EQ(a.admit_connection("127.0.0.1").refusal, Refusal::kFull);
  held.clear();
  for (int i = 0; i < 3; ++i) held.push_back(std::move(a.admit_connection("10.1.1.1").ticket));
  EXPECT_EQ(a.admit_connection("10.1.1.1").refusal, Refusal::kAddressFull);
  EXPECT_EQ(a.connections_from("10.1.1.1"), 3U);
}

TEST(Admission, SlotsAreTakenAtomicallyUnderABurst) {
  AdmissionLimits l;
  l.max_viewers = 10;
  l.max_viewers_per_address = 1000;
  Admission a(l);
  std::atomic<int> holding{0};
  std::atomic<int> most{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 2000; ++i) {
        Admitted v = a.admit_viewer("10.0.0.1");
        if (!v.ticket.held()) continue;
        const int now = ++holding;
        int seen = most.load();
        while (now > seen && !most.compare_exchange_weak(seen, now)) {
        }
        --holding;
      }
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_LE(most.load(), 10);
  EXPECT_EQ(a.viewers(), 0U);
}

TEST(ForwardedClient, TheLastAddressTheProxyAppended) {
  EXPECT_EQ(forwarded_client("203.0.113.7"), "203.0.113.7");
  EXPECT_EQ(forwarded_client("1.2.3.4, 10.0.0.9"), "10.0.0.9");
  EXPECT_EQ(forwarded_client(" 2001:db8::1 "), "2001:db8::1");
  EXPECT_EQ(forwarded_client("[2001:db8::1]"), "2001:db8::1");
  EXPECT_EQ(forwarded_client(""), "");
  EXPECT_EQ(forwarded_client("1.2.3.4, evil\nX-Injected: yes"), "") << "not an address";
}

TEST(AddressKey, AnIpv6VisitorIsItsNetworkAndAnIpv4OneItsHost) {
  EXPECT_EQ(address_key("203.0.113.7"), "203.0.113.7");
  EXPECT_EQ(address_key("::ffff:203.0.113.7"), "203.0.113.7") << "a mapped IPv4 address is the IPv4 host";
  EXPECT_EQ(address_key("2001:db8:1:2:aa:bb:cc:dd"), "2001:db8:1:2::/64");
  EXPECT_EQ(address_key("2001:db8:1:2::1"), address_key("2001:db8:1:2:ffff::9"));
  EXPECT_NE(address_key("2001:db8:1:2::1"), address_key("2001:db8:1:3::1"));
  EXPECT_EQ(address_key("2001:db8:1:2:aa::1", 48), "2001:db8:1::/48");
  EXPECT_EQ(address_key("2001:db8::1", 128), "2001:db8::1/128");
  EXPECT_EQ(address_key("not an address"), "not an address");
}

TEST(VisitorOf, OneVisitorAnyOfItsAddressesAndNoneForThisMachine) {
  EXPECT_EQ(visitor_of("2001:db8:1:2::1", address_key("2001:db8:1:2::1")),
            visitor_of("2001:db8:1:2::9", address_key("2001:db8:1:2::9")));
  EXPECT_NE(visitor_of("203.0.113.7", "203.0.113.7"), visitor_of("203.0.113.8", "203.0.113.8"));
  EXPECT_NE(visitor_of("203.0.113.7", "203.0.113.7"), 0U);
  EXPECT_EQ(visitor_of("127.0.0.1", address_key("127.0.0.1")), 0U) << "the wall, the operator's scripts";
  EXPECT_EQ(visitor_of("::1", address_key("::1")), 0U);
  EXPECT_NE(visitor_of("127.0.0.10", "127.0.0.10"), 0U) << "another loopback address is another host (the tests')";
}

TEST(Admission, OneIpv6NetworkHoldsOneAddressWorthOfViewers) {
  AdmissionLimits limits;
  limits.max_viewers_per_address = 2;
  Admission a(limits);
  Admitted first = a.admit_viewer("2001:db8:1:2::1");
  Admitted second = a.admit_viewer("2001:db8:1:2::2");
  ASSERT_TRUE(first.ticket.held());
  ASSERT_TRUE(second.ticket.held());
  EXPECT_EQ(second.ticket.address(), "2001:db8:1:2::2") << "the ticket keeps the real address";
  EXPECT_EQ(a.admit_viewer("2001:db8:1:2:ffff:ffff:ffff:ffff").refusal, Refusal::kAddressFull);
  EXPECT_TRUE(a.admit_viewer("2001:db8:1:3::1").ticket.held()) << "another network is another visitor";
  EXPECT_EQ(a.viewers_from("2001:db8:1:2::77"), 2U);
  first.ticket.release();
  EXPECT_EQ(a.viewers_from("2001:db8:1:2::77"), 1U);
  EXPECT_TRUE(a.admit_viewer("2001:db8:1:2::3").ticket.held());
}

// The operator keeps an address out for a while (moderation): its viewers are refused, told until
// when; an IPv6 address keeps its whole network out; others still get in; the time runs out.
TEST(Admission, AnAddressKeptOutIsRefusedUntilItsTimeIsUp) {
  Admission a(small());
  const auto now = std::chrono::steady_clock::now();
  EXPECT_EQ(a.keep_out("10.0.0.9", now + std::chrono::minutes(5), "21:40"), "10.0.0.9");
  const Admitted refused = a.admit_viewer("10.0.0.9");
  EXPECT_FALSE(refused.ticket.held());
  EXPECT_EQ(refused.refusal, Refusal::kKeptOut);
  EXPECT_NE(refused.reason().find("until 21:40"), std::string::npos) << refused.reason();
  EXPECT_TRUE(a.kept_out("10.0.0.9"));
  EXPECT_TRUE(a.admit_viewer("10.0.0.10").ticket.held()) << "a neighbour gets in";
  // An IPv6 visitor's network: every address of its /64.
  (void)a.keep_out("2001:db8:1:2::3", now + std::chrono::minutes(5), "21:40");
  EXPECT_EQ(a.admit_viewer("2001:db8:1:2:ffff::9").refusal, Refusal::kKeptOut);
  EXPECT_TRUE(a.admit_viewer("2001:db8:1:3::1").ticket.held());
  // Its time up (kept out until a moment ago): in again.
  (void)a.keep_out("10.0.0.11", now - std::chrono::seconds(1), "21:39");
  EXPECT_TRUE(a.admit_viewer("10.0.0.11").ticket.held());
  EXPECT_FALSE(a.kept_out("10.0.0.11"));
}

}  // namespace
}  // namespace meadow::net
