// Every body a ClientMessage may carry has a declared price at the door, found by protobuf
// reflection: a new message is covered (or fails here) the day it is added.
#include "net/message_prices.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

namespace meadow::net {
namespace {

TEST(MessagePrices, EveryClientMessageBodyIsDeclaredOnce) {
  const google::protobuf::OneofDescriptor* body = v1::ClientMessage::descriptor()->FindOneofByName("body");
  ASSERT_NE(body, nullptr);
  std::set<int> fields;
  for (int i = 0; i < body->field_count(); ++i) {
    const int number = body->field(i)->number();
    fields.insert(number);
    EXPECT_NE(message_price(number), nullptr) << body->field(i)->name() << " has no price (message_prices.hpp)";
  }
  std::set<std::string_view> names;
  for (const MessagePrice& p : message_prices()) {
    EXPECT_TRUE(fields.count(p.field) == 1) << p.message << " prices no body of ClientMessage";
    EXPECT_TRUE(names.insert(p.message).second) << p.message << " declared twice";
    if (p.per_second) {
      EXPECT_GT(*p.per_second, 0.0) << p.message;
      EXPECT_GE(p.burst, 1.0) << p.message;
    }
  }
  EXPECT_EQ(message_prices().size(), fields.size());
}

// A world's own body (its settings, as older clients send them) is declared by rule, from its
// folder of the protocol: the session's general rate, then its world's price.
TEST(MessagePrices, AWorldsOwnBodyHasTheGeneralRateAndItsWorldsPrice) {
  std::size_t own = 0;
  for (const MessagePrice& p : message_prices()) {
    const bool shared = std::any_of(kSharedMessagePrices.begin(), kSharedMessagePrices.end(),
                                    [&](const MessagePrice& s) { return s.field == p.field; });
    if (shared) continue;
    ++own;
    EXPECT_FALSE(p.per_second) << p.message;
    EXPECT_EQ(p.burst, 1.0) << p.message;
    EXPECT_NE(p.then.find("'s price (the table above)"), std::string_view::npos) << p.message;
  }
  EXPECT_EQ(own + kSharedMessagePrices.size(), message_prices().size());
  const MessagePrice* older = message_price(v1::ClientMessage::kSwarmSettingsFieldNumber);
  ASSERT_NE(older, nullptr);
  EXPECT_EQ(older->message, "swarm settings");
  EXPECT_EQ(older->then, "the swarm's price (the table above)");
}

}  // namespace
}  // namespace meadow::net
