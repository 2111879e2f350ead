#include "abuse/extreme_messages.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <set>

namespace meadow::client::abuse {
namespace {

TEST(ExtremeMessages, CoverEveryBodyOfTheProtocolAtItsExtremes) {
  const std::vector<v1::ClientMessage> messages = extreme_messages();
  std::set<int> bodies;
  bool nan_position = false;
  bool huge_name = false;
  bool unknown_tool = false;
  for (const v1::ClientMessage& m : messages) {
    bodies.insert(static_cast<int>(m.body_case()));
    if (m.has_tool() && m.tool().has_position() && std::isnan(m.tool().position().x())) nan_position = true;
    if (m.has_hello() && m.hello().client_name().size() > 16 * 1024) huge_name = true;
    if (m.has_tool() && !v1::Tool_IsValid(m.tool().tool())) unknown_tool = true;
  }
  const google::protobuf::OneofDescriptor* body = v1::ClientMessage::descriptor()->FindOneofByName("body");
  EXPECT_EQ(bodies.size(), static_cast<std::size_t>(body->field_count())) << "a body of ClientMessage is not walked";
  EXPECT_TRUE(nan_position) << "a nested float field is set to NaN";
  EXPECT_TRUE(huge_name) << "a string past the server's message limit";
  EXPECT_TRUE(unknown_tool) << "an enum number no value has";
  EXPECT_GT(messages.size(), 100U);
}

}  // namespace
}  // namespace meadow::client::abuse
