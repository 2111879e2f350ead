#include "watch/frame_follower.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "stream/frame_codec.hpp"

namespace meadow::client {
namespace {

using Clock = FrameFollower::Clock;
using std::chrono::milliseconds;

v1::ServerMessage welcome(std::uint64_t id) {
  v1::ServerMessage m;
  m.mutable_welcome()->set_session_id(id);
  m.mutable_welcome()->mutable_world_bounds()->set_width(1600);
  return m;
}

v1::ServerMessage frame(std::uint64_t number) {
  v1::ServerMessage m;
  m.mutable_frame()->set_number(number);
  m.mutable_frame()->set_tick(number * 2);
  return m;
}

TEST(FrameFollower, CountsFramesAndTheGapsTheServerLeft) {
  FrameFollower f(false);
  const auto now = Clock::now();
  f.take(welcome(9), 10, now);
  EXPECT_TRUE(f.welcomed());
  EXPECT_EQ(f.session_id(), 9U);
  EXPECT_FLOAT_EQ(f.world_bounds().width(), 1600.0F);
  for (std::uint64_t n : {5, 6, 9, 10, 14}) f.take(frame(n), 100, now);
  EXPECT_EQ(f.frames(), 5U);
  EXPECT_EQ(f.frames_skipped(), 2U + 3U);  // 7, 8 and 11, 12, 13 never came
  EXPECT_EQ(f.bytes(), 510U);
  EXPECT_EQ(f.last_frame()->number(), 14U);
}

TEST(FrameFollower, TimesAPredatorFromTheMoveToTheFrameThatShowsIt) {
  FrameFollower f(false);
  const auto t0 = Clock::now();
  f.take(welcome(4), 1, t0);
  v1::Vec2 at;
  at.set_x(300);
  at.set_y(200);
  f.expect_predator_at(at, t0);
  // Someone else's predator there, and ours elsewhere, do not end the probe.
  auto other = frame(1);
  auto* m = other.mutable_frame()->add_marks();
  m->set_tool(v1::TOOL_PREDATOR);
  m->set_owner_session(5);
  *m->mutable_position() = at;
  auto* ours_elsewhere = other.mutable_frame()->add_marks();
  ours_elsewhere->set_tool(v1::TOOL_PREDATOR);
  ours_elsewhere->set_owner_session(4);
  ours_elsewhere->mutable_position()->set_x(100);
  f.take(std::move(other), 1, t0 + milliseconds(10));
  EXPECT_TRUE(f.latencies_ms().empty());
  auto ours = frame(2);
  auto* mine = ours.mutable_frame()->add_marks();
  mine->set_tool(v1::TOOL_PREDATOR);
  mine->set_owner_session(4);
  *mine->mutable_position() = at;
  f.take(std::move(ours), 1, t0 + milliseconds(40));
  ASSERT_EQ(f.latencies_ms().size(), 1U);
  EXPECT_NEAR(f.latencies_ms()[0], 40.0, 0.01);
  // One probe, one sample: the same mark in the next frame adds nothing.
  auto again = frame(3);
  *again.mutable_frame()->add_marks() = *mine;
  f.take(std::move(again), 1, t0 + milliseconds(70));
  EXPECT_EQ(f.latencies_ms().size(), 1U);
}

TEST(FrameFollower, TimesARockUntilTheRocksMessageAndForgetsARefusedOne) {
  FrameFollower f(false);
  const auto t0 = Clock::now();
  v1::Vec2 at;
  at.set_x(50);
  at.set_y(60);
  f.expect_rock_at(at, t0);
  f.drop_probes();  // refused (a notice came)
  v1::ServerMessage rocks;
  auto* rock = rocks.mutable_rocks()->add_rocks();
  *rock->mutable_center() = at;
  f.take(v1::ServerMessage(rocks), 1, t0 + milliseconds(5));
  EXPECT_TRUE(f.latencies_ms().empty());
  EXPECT_EQ(f.rocks().size(), 1U);
  f.expect_rock_at(at, t0);
  f.take(std::move(rocks), 1, t0 + milliseconds(25));
  ASSERT_EQ(f.latencies_ms().size(), 1U);
  EXPECT_NEAR(f.latencies_ms()[0], 25.0, 0.01);
}

TEST(FrameFollower, DecodesTheLightAlongItsKeyAndDeltaChain) {
  constexpr std::uint32_t kW = 8;
  constexpr std::uint32_t kH = 4;
  std::vector<std::uint8_t> a(kW * kH);
  std::vector<std::uint8_t> b(kW * kH);
  for (std::size_t i = 0; i < a.size(); ++i) {
    a[i] = static_cast<std::uint8_t>(i * 7);
    b[i] = static_cast<std::uint8_t>(i * 7 + (i % 3));
  }
  stream::FrameEncoder encoder;
  const auto light = [&](std::uint64_t number, bool key, std::uint64_t base, std::string data) {
    auto m = frame(number);
    auto* l = m.mutable_frame()->mutable_light();
    l->set_width(kW);
    l->set_height(kH);
    l->set_channels(1);
    l->set_key(key);
    l->set_base_frame(base);
    l->set_data(std::move(data));
    return m;
  };
  FrameFollower f(true);
  const auto now = Clock::now();
  // A delta before any key frame cannot be applied: nothing decoded yet.
  f.take(light(1, false, 0, encoder.encode_delta(b, a, kW)), 1, now);
  EXPECT_FALSE(f.light());
  f.take(light(2, true, 0, encoder.encode_key(a, kW)), 1, now);
  ASSERT_TRUE(f.light());
  EXPECT_EQ(f.light()->pixels, a);
  f.take(light(3, false, 2, encoder.encode_delta(b, a, kW)), 1, now);
  EXPECT_EQ(f.light()->pixels, b);
  EXPECT_EQ(f.light()->frame, 3U);
  // A delta on a base this viewer does not hold is skipped, not misapplied.
  f.take(light(5, false, 4, encoder.encode_delta(a, b, kW)), 1, now);
  EXPECT_EQ(f.light()->frame, 3U);
  EXPECT_EQ(f.light()->pixels, b);
  // Garbage is counted and drops the chain.
  f.take(light(6, true, 0, "not zstd"), 1, now);
  EXPECT_EQ(f.light_errors(), 1U);
  EXPECT_FALSE(f.light());
}

TEST(Percentile, NearestRank) {
  EXPECT_EQ(percentile({}, 50), 0.0);
  EXPECT_EQ(percentile({3, 1, 2}, 50), 2.0);
  std::vector<double> hundred;
  for (int i = 1; i <= 100; ++i) hundred.push_back(i);
  EXPECT_EQ(percentile(hundred, 99), 99.0);
  EXPECT_EQ(percentile(hundred, 100), 100.0);
  EXPECT_EQ(percentile(hundred, 0), 1.0);
}

}  // namespace
}  // namespace meadow::client
