// Every body a ClientMessage may carry has a declared price at the door, found by protobuf
// reflection: a new message is covered (or fails here) the day it is added.
#include "net/message_prices.hpp"

#include <gtest/gtest.h>

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
  for (const MessagePrice& p : kMessagePrices) {
    EXPECT_TRUE(fields.count(p.field) == 1) << p.message << " prices no body of ClientMessage";
    EXPECT_TRUE(names.insert(p.message).second) << p.message << " declared twice";
    if (p.per_second) {
      EXPECT_GT(*p.per_second, 0.0) << p.message;
      EXPECT_GE(p.burst, 1.0) << p.message;
    }
  }
  EXPECT_EQ(kMessagePrices.size(), fields.size());
}

}  // namespace
}  // namespace meadow::net
