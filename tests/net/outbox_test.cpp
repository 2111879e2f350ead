#include "net/outbox.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace meadow::net {
namespace {

stream::FrameBundlePtr bundle(std::uint64_t number, bool with_delta = true) {
  auto b = std::make_shared<stream::FrameBundle>();
  b->number = number;
  auto& w = b->world(sim::WorldKind::swarm);
  w.key_message = "key" + std::to_string(number);
  if (with_delta && number > 1) {
    w.delta_message = "delta" + std::to_string(number);
    w.delta_base = number - 1;
  }
  return b;
}

TEST(Outbox, ASessionThatNeverReadsHoldsOneFramePlusItsBoundedQueue) {
  constexpr std::size_t kCapacity = 8;
  Outbox box(kCapacity);
  for (std::uint64_t n = 1; n <= 1000; ++n) box.offer_frame(bundle(n));
  std::size_t accepted = 0;
  for (int i = 0; i < 100; ++i) accepted += box.offer_reliable(shared("notice")) ? 1 : 0;

  EXPECT_EQ(accepted, kCapacity) << "the reliable queue refuses past its capacity";
  EXPECT_EQ(box.reliable_size(), kCapacity);
  EXPECT_TRUE(box.has_frame());
  EXPECT_EQ(box.frames_dropped(), 999U);

  // Draining gives the reliable messages first, then exactly one frame: the newest.
  std::size_t frames = 0;
  std::size_t reliable = 0;
  std::uint64_t frame_number = 0;
  while (auto m = box.next()) {
    if (m->is_frame) {
      ++frames;
      frame_number = m->frame_number;
    } else {
      ++reliable;
    }
  }
  EXPECT_EQ(reliable, kCapacity);
  EXPECT_EQ(frames, 1U);
  EXPECT_EQ(frame_number, 1000U);
}

TEST(Outbox, FirstFrameIsAKeyThenDeltasWhileKeepingUp) {
  Outbox box(4);
  box.offer_frame(bundle(5));
  auto m = box.next();
  ASSERT_TRUE(m);
  EXPECT_EQ(m->bytes, "key5") << "a new session has no base: key frame";
  box.offer_frame(bundle(6));
  m = box.next();
  ASSERT_TRUE(m);
  EXPECT_EQ(m->bytes, "delta6");
}

TEST(Outbox, FallingBehindGetsAKeyFrame) {
  Outbox box(4);
  box.offer_frame(bundle(1));
  ASSERT_TRUE(box.next());
  box.offer_frame(bundle(2));
  box.offer_frame(bundle(3));  // frame 2 never went out: the delta of 3 is useless
  const auto m = box.next();
  ASSERT_TRUE(m);
  EXPECT_EQ(m->bytes, "key3");
  EXPECT_EQ(box.frames_dropped(), 1U);
}

TEST(Outbox, ResetDeltaChainForcesAKeyFrame) {
  Outbox box(4);
  box.offer_frame(bundle(1));
  ASSERT_TRUE(box.next());
  box.reset_delta_chain();
  box.offer_frame(bundle(2));
  EXPECT_EQ(box.next()->bytes, "key2");
}

TEST(Outbox, AStreamRestartStartsFromAKeyFrame) {
  // An edge's sim restarted (docs/edges.md): the new sim's deltas never build on the old sim's
  // frames, even where the numbers would let them.
  Outbox box(4);
  box.offer_frame(bundle(1));
  EXPECT_EQ(box.next()->bytes, "key1");
  box.offer_frame(bundle(2));
  EXPECT_EQ(box.next()->bytes, "delta2");
  auto restarted = std::make_shared<stream::FrameBundle>(*bundle(3));
  restarted->stream_restart = true;
  box.offer_frame(restarted);
  EXPECT_EQ(box.next()->bytes, "key3");
  box.offer_frame(bundle(4));
  EXPECT_EQ(box.next()->bytes, "delta4") << "and deltas again from the new key";
}

TEST(Outbox, MessageKeepsItsBytesAliveAfterTheBundleIsReplaced) {
  Outbox box(4);
  box.offer_frame(bundle(1));
  const auto m = box.next();
  ASSERT_TRUE(m);
  box.offer_frame(bundle(2));  // the outbox lets go of bundle 1; the message still owns it
  EXPECT_EQ(m->bytes, "key1");
}

}  // namespace
}  // namespace meadow::net
