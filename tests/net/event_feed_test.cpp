#include "net/event_feed.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace meadow::net {
namespace {

std::string name(std::size_t i) {
  std::string out = "e";
  out += std::to_string(i);  // (not "e" + …: GCC 12 warns falsely, -Wrestrict)
  return out;
}

std::vector<std::string> batch(std::size_t from, std::size_t to) {
  std::vector<std::string> out;
  for (std::size_t i = from; i <= to; ++i) out.push_back(name(i));
  return out;
}

TEST(EventFeed, AReaderGetsWhatCameAfterItsCursorOnce) {
  EventFeed feed;
  auto first = batch(1, 3);
  feed.append(first);
  EXPECT_TRUE(first.empty()) << "the events were moved in";
  std::uint64_t cursor = feed.cursor();  // a new reader: from now on
  EXPECT_EQ(cursor, 3U);
  auto second = batch(4, 5);
  feed.append(second);
  std::vector<std::string> got;
  EXPECT_EQ(feed.read(cursor, got), 0U);
  EXPECT_EQ(got, (std::vector<std::string>{"e4", "e5"}));
  got.clear();
  EXPECT_EQ(feed.read(cursor, got), 0U);
  EXPECT_TRUE(got.empty());
}

TEST(EventFeed, ASlowReaderIsToldHowManyFellOff) {
  EventFeed feed;
  std::uint64_t cursor = feed.cursor();
  auto many = batch(1, EventFeed::kKept + 10);
  feed.append(many);
  std::vector<std::string> got;
  EXPECT_EQ(feed.read(cursor, got), 10U);
  ASSERT_EQ(got.size(), EventFeed::kKept);
  EXPECT_EQ(got.front(), "e11");
  EXPECT_EQ(got.back(), name(EventFeed::kKept + 10));
}

}  // namespace
}  // namespace meadow::net
