#include "stream/video_track.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "stream/video_demand.hpp"

namespace meadow::stream {
namespace {

constexpr std::uint32_t kWidth = 160;
constexpr std::uint32_t kHeight = 90;

struct Track {
  VideoLightTrack track;
  VideoDemand demand;
  std::vector<std::uint8_t> intensity = std::vector<std::uint8_t>(std::size_t{kWidth} * kHeight, 40);
  // One frame of the swarm; what it made.
  WorldFrame build() {
    v1::ServerMessage message;
    message.mutable_frame();
    WorldFrame out;
    track.build(sim::WorldKind::swarm, &demand, intensity, {}, kWidth, kHeight, message, out);
    return out;
  }
};

// A viewer that switches its codec or its world off and on costs no new encoder each time (its
// set-up runs on the sim thread): the encoder is kept kVideoWarmFrames after its last viewer.
TEST(VideoLightTrack, KeepsTheEncoderWarmAWhileAfterItsLastViewer) {
  Track t;
  t.demand.watch(sim::WorldKind::swarm, +1);
  const WorldFrame first = t.build();
  ASSERT_FALSE(first.video_message.empty());
  EXPECT_TRUE(first.video_key);
  t.demand.watch(sim::WorldKind::swarm, -1);
  for (std::uint32_t i = 0; i < kVideoWarmFrames; ++i) {
    EXPECT_TRUE(t.build().video_message.empty()) << "nothing is encoded for nobody";
  }
  EXPECT_TRUE(t.track.has_encoder()) << "kept warm";
  t.demand.watch(sim::WorldKind::swarm, +1);
  const WorldFrame back = t.build();
  ASSERT_FALSE(back.video_message.empty());
  EXPECT_FALSE(back.video_key) << "the same encoder goes on (a newcomer asks for its key)";

  t.demand.watch(sim::WorldKind::swarm, -1);
  for (std::uint32_t i = 0; i <= kVideoWarmFrames; ++i) (void)t.build();
  EXPECT_FALSE(t.track.has_encoder()) << "gone once nobody came back in time";
  t.demand.watch(sim::WorldKind::swarm, +1);
  EXPECT_TRUE(t.build().video_key) << "a fresh encoder starts with a key frame";
}

}  // namespace
}  // namespace meadow::stream
