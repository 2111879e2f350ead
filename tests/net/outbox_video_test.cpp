// A video session's outbox (docs/light-codec.md "Video"): a link that carries a third of the frames
// keeps a correct, moving picture at a lower frame rate; one slower than layer 0 falls back to zstd
// key frames and asks for a video key; the queue stays bounded; negotiation decides who gets video
// at all. "Correct" is checked by a model of the decoder's reference buffers written from the layer
// pattern (video_light.hpp), not by VideoChain, which is what is tested.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "net/outbox.hpp"
#include "stream/video_demand.hpp"

namespace meadow::net {
namespace {

using stream::FrameBundle;
using stream::FrameBundlePtr;

// The frame path, faked: frame n's messages name it; video frames follow the layer pattern from
// their key, with a key when a session asked (at most every kVideoMinKeyGap frames).
class FakeFramePath {
 public:
  explicit FakeFramePath(stream::VideoDemand& demand) : demand_(demand) {}

  FrameBundlePtr next() {
    auto bundle = std::make_shared<FrameBundle>();
    bundle->number = ++number_;
    stream::WorldFrame& w = bundle->world(sim::WorldKind::swarm);
    w.key_message = "key " + std::to_string(number_);
    if (number_ > 1) {
      w.delta_message = "delta " + std::to_string(number_);
      w.delta_base = number_ - 1;
    }
    if (demand_.wanted(sim::WorldKind::swarm)) {
      const bool key = position_ == std::nullopt ||
                       (since_key_ >= stream::kVideoMinKeyGap && demand_.take_key_ask(sim::WorldKind::swarm));
      if (key) {
        position_ = 0;
        since_key_ = 0;
        (void)demand_.take_key_ask(sim::WorldKind::swarm);
      }
      w.video_message = "video " + std::to_string(number_);
      w.video_key = key;
      w.video_layer = key ? 0 : stream::video_layer_at(*position_, stream::kVideoLayers);
      w.video_reference = w.video_layer != 2;
      ++*position_;
      ++since_key_;
    }
    return bundle;
  }

 private:
  stream::VideoDemand& demand_;
  std::uint64_t number_ = 0;
  std::optional<std::uint64_t> position_;
  std::uint64_t since_key_ = 0;
};

// A VP9 decoder's reference buffers as the layer pattern fills them: LAST holds the newest
// layer-0 frame (or key), GOLDEN the period's layer-1 frame. A frame decodes only when the
// buffers it reads hold the frames the encoder had there.
class DecoderModel {
 public:
  // `frame` with its place in the pattern; false when it cannot be decoded.
  bool take(const FrameBundle& bundle) {
    const stream::WorldFrame& w = bundle.world(sim::WorldKind::swarm);
    if (w.video_key) {
      last_ = golden_ = bundle.number;
      return true;
    }
    if (!last_) return false;
    // What the encoder had: it saw every frame, so its buffers follow the frame numbers alone.
    const Expected& e = expected_[bundle.number];
    const bool ok = *last_ == e.last && (w.video_layer != 2 || e.place % stream::kVideoPeriod != 3 || golden_ == e.golden);
    if (!ok) return false;
    if (w.video_layer == 0) last_ = bundle.number;
    if (w.video_layer == 1) golden_ = bundle.number;
    return true;
  }
  // The encoder's view, fed every frame built, sent or not.
  void built(const FrameBundle& bundle) {
    const stream::WorldFrame& w = bundle.world(sim::WorldKind::swarm);
    period_place_ = w.video_key ? 0 : period_place_ + 1;
    expected_[bundle.number] = Expected{encoder_last_, encoder_golden_, period_place_};
    if (w.video_key || w.video_layer == 0) encoder_last_ = bundle.number;
    if (w.video_key || w.video_layer == 1) encoder_golden_ = bundle.number;
  }

 private:
  // What the encoder's buffers held when it encoded a frame, and the frame's place in its period.
  struct Expected {
    std::uint64_t last = 0;
    std::uint64_t golden = 0;
    std::uint64_t place = 0;
  };
  std::optional<std::uint64_t> last_;
  std::optional<std::uint64_t> golden_;
  std::uint64_t encoder_last_ = 0;
  std::uint64_t encoder_golden_ = 0;
  std::uint64_t period_place_ = 0;
  std::map<std::uint64_t, Expected> expected_;
};

struct LinkRun {
  int video_sent = 0;
  int zstd_sent = 0;
  int undecodable = 0;
  std::uint64_t newest_sent = 0;
  std::uint64_t most_lag = 0;  // frames built past the one being sent
  std::vector<std::uint64_t> sent;
};

// `frames` frames built one a step; the link takes `steps_per_frame` steps to send one.
LinkRun run_link(Outbox& outbox, stream::VideoDemand& demand, int frames, int steps_per_frame) {
  FakeFramePath path(demand);
  DecoderModel decoder;
  std::map<std::uint64_t, FrameBundlePtr> built;
  LinkRun run;
  int busy_until = 0;
  for (int step = 0; step < frames; ++step) {
    FrameBundlePtr bundle = path.next();
    decoder.built(*bundle);
    built[bundle->number] = bundle;
    outbox.offer_frame(bundle);
    if (step < busy_until) continue;
    const std::optional<OutMessage> out = outbox.next();
    if (!out) continue;
    busy_until = step + steps_per_frame;
    run.sent.push_back(out->frame_number);
    run.most_lag = std::max(run.most_lag, bundle->number - out->frame_number);
    run.newest_sent = out->frame_number;
    if (out->video) {
      ++run.video_sent;
      EXPECT_EQ(out->bytes, "video " + std::to_string(out->frame_number));
      if (!decoder.take(*built[out->frame_number])) ++run.undecodable;
    } else {
      ++run.zstd_sent;
    }
  }
  return run;
}

TEST(OutboxVideo, ALinkCarryingAThirdKeepsACorrectMovingPicture) {
  stream::VideoDemand demand;
  Outbox outbox(8, &demand);
  outbox.set_video(true);
  const LinkRun run = run_link(outbox, demand, 900, 3);
  EXPECT_EQ(run.undecodable, 0);
  EXPECT_LE(run.zstd_sent, 1) << "only until the first key frame";
  // 30 frames a second built, about 10 sent: at least the 7.5 of layer 0 alone.
  EXPECT_GE(run.video_sent, 900 / 4);
  EXPECT_LE(run.video_sent, 900 / 3 + 1);
  // Moving: the picture sent is never more than the queue's bound behind the newest.
  EXPECT_LE(run.most_lag, kVideoQueueMost);
  EXPECT_GE(run.newest_sent, 900 - kVideoQueueMost);
  EXPECT_GT(outbox.frames_dropped(), 0U);
}

TEST(OutboxVideo, AFastLinkGetsEveryFrame) {
  stream::VideoDemand demand;
  Outbox outbox(8, &demand);
  outbox.set_video(true);
  const LinkRun run = run_link(outbox, demand, 300, 1);
  EXPECT_EQ(run.undecodable, 0);
  EXPECT_EQ(run.video_sent, 300);
  EXPECT_EQ(outbox.frames_dropped(), 0U);
}

TEST(OutboxVideo, ALinkSlowerThanLayerZeroFallsBackToZstdAndAsksForKeys) {
  stream::VideoDemand demand;
  Outbox outbox(8, &demand);
  outbox.set_video(true);
  const LinkRun run = run_link(outbox, demand, 900, 7);
  EXPECT_EQ(run.undecodable, 0);
  EXPECT_GT(run.zstd_sent, 0) << "the chain was given up";
  EXPECT_GT(run.video_sent, 0) << "and started again from key frames";
  EXPECT_LE(run.most_lag, kVideoQueueMost);
}

TEST(OutboxVideo, OnlyAViewerThatOffersVideoOnAServerThatSendsItGetsIt) {
  stream::VideoDemand on;
  {
    Outbox zstd_viewer(8, &on);
    EXPECT_FALSE(on.wanted(sim::WorldKind::swarm));
    const LinkRun run = run_link(zstd_viewer, on, 30, 1);
    EXPECT_EQ(run.video_sent, 0);
    EXPECT_EQ(run.zstd_sent, 30);
  }
  stream::VideoDemand off(false);
  Outbox viewer(8, &off);
  viewer.set_video(true);
  EXPECT_FALSE(viewer.video());
  EXPECT_FALSE(off.wanted(sim::WorldKind::swarm));
  {
    Outbox video_viewer(8, &on);
    video_viewer.set_video(true);
    EXPECT_TRUE(on.wanted(sim::WorldKind::swarm));
    video_viewer.set_world(sim::WorldKind::mold);
    EXPECT_FALSE(on.wanted(sim::WorldKind::swarm));
    EXPECT_TRUE(on.wanted(sim::WorldKind::mold));
  }
  EXPECT_FALSE(on.wanted(sim::WorldKind::mold)) << "a session that ends stops wanting";
}

TEST(OutboxVideo, ASwitchOfWorldOrLostFramesStartsFromAKeyAgain) {
  stream::VideoDemand demand;
  Outbox outbox(8, &demand);
  outbox.set_video(true);
  FakeFramePath path(demand);
  for (int i = 0; i < 5; ++i) {
    outbox.offer_frame(path.next());
    ASSERT_TRUE(outbox.next()->video);
  }
  const auto expect_restart = [&] {
    outbox.offer_frame(path.next());
    const std::optional<OutMessage> out = outbox.next();
    ASSERT_TRUE(out);
    EXPECT_FALSE(out->video) << "no chain: the frame goes as zstd";
    EXPECT_EQ(out->bytes.substr(0, 3), "key");
    EXPECT_TRUE(demand.key_asked(sim::WorldKind::swarm));
  };
  outbox.lost_frames();
  expect_restart();
  // The frame path grants the key; the viewer is back on video.
  for (int i = 0; i < 20; ++i) {
    outbox.offer_frame(path.next());
    (void)outbox.next();
  }
  outbox.offer_frame(path.next());
  ASSERT_TRUE(outbox.next()->video);
  // A viewer whose decoder lost its way says hello with video again.
  outbox.set_video(true);
  expect_restart();
}

}  // namespace
}  // namespace meadow::net
