// End to end, the mold: a viewer chooses it and gets mold frames (its trail as one channel of
// light over the meadow, decoded here with the server's own codec, its figures, settings and
// presets); an oat flake dropped by one viewer is seen by another, whose frames show it feeding
// the map and being eaten as the network reaches it; the settings one viewer changes reach all.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "sim/mold/mold_rules.hpp"
#include "sim/mold/trail_map.hpp"
#include "stream/frame_codec.hpp"
#include "support/server_process.hpp"
#include "support/test_paths.hpp"
#include "support/viewer_messages.hpp"
#include "ws/ws_client.hpp"

namespace meadow {
namespace {

using namespace std::chrono_literals;
using client::WsClient;
using testing::kReplyWait;
using testing::ServerProcess;
using testing::tool_tap;

bool is_mold_frame(const v1::ServerMessage& m) { return m.has_frame() && m.frame().world() == v1::WORLD_MOLD; }

// A viewer's copy of the mold's light: key frames and the deltas after them, decoded with the
// server's own codec.
class MoldLight {
 public:
  // Takes a mold frame's light; false while it has none to apply it to (a delta before a key).
  bool take(const v1::Frame& frame) {
    const v1::LightLayer& light = frame.light();
    width_ = light.width();
    if (light.key()) {
      decoder_.decode_key(light.data(), light.width(), light.height(), raster_);
    } else if (!raster_.empty() && light.base_frame() == number_) {
      decoder_.decode_delta(light.data(), raster_, light.width(), raster_);
    } else {
      return false;
    }
    number_ = frame.number();
    bounds_ = light.bounds();
    return true;
  }
  // Its byte at a world position.
  [[nodiscard]] int at(float x, float y) const {
    const std::size_t height = raster_.size() / width_;
    const auto px = static_cast<std::size_t>(x / bounds_.width() * static_cast<float>(width_));
    const auto py = static_cast<std::size_t>(y / bounds_.height() * static_cast<float>(height));
    return raster_[py * width_ + px];
  }
  [[nodiscard]] const std::vector<std::uint8_t>& raster() const { return raster_; }

 private:
  stream::FrameDecoder decoder_;
  std::vector<std::uint8_t> raster_;
  std::size_t width_ = 1;
  std::uint64_t number_ = 0;
  v1::Rect bounds_;
};

class MoldServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    server_ = std::make_unique<ServerProcess>(
        MEADOW_SERVER_BIN, std::vector<std::string>{"--seed", "3", "--swarm-count", "500", "--log-level", "warn",
                                                    "--web-root", MEADOW_TEST_WEB_ROOT});
  }
  // Joins and chooses the mold; `light` (if any) takes the first mold frame, a key frame.
  void join_mold(WsClient& viewer, MoldLight* light = nullptr) {
    viewer.connect("127.0.0.1", server_->port());
    const auto welcome = viewer.wait_for([](const v1::ServerMessage& s) { return s.has_welcome(); }, kReplyWait);
    ASSERT_TRUE(welcome);
    ASSERT_GE(welcome->welcome().worlds_size(), 3);
    EXPECT_EQ(welcome->welcome().worlds(2), v1::WORLD_MOLD) << "w goes swarm, colony, mold, …";
    v1::ClientMessage choose;
    choose.mutable_choose_world()->set_world(v1::WORLD_MOLD);
    viewer.send(choose);
    const auto first = viewer.wait_for(is_mold_frame, kReplyWait);
    ASSERT_TRUE(first) << "no mold frame after choosing the mold";
    EXPECT_TRUE(first->frame().light().key()) << "a viewer's first mold frame stands alone";
    if (light != nullptr) { EXPECT_TRUE(light->take(first->frame())); }
  }
  std::unique_ptr<ServerProcess> server_;
};

TEST_F(MoldServerTest, ChoosingTheMoldBringsItsTrailFiguresAndPresets) {
  WsClient viewer;
  MoldLight light;
  join_mold(viewer, &light);
  // Figures are measured every 60 of the mold's own steps (about once a second): wait for a
  // measured frame. A slow build (ThreadSanitizer's) steps the default mold a few times a second,
  // slowing itself rather than the other worlds, so its first measure may take tens of seconds.
  constexpr std::chrono::seconds kFirstMeasureWait{90};
  const auto frame = viewer.wait_for(
      [&](const v1::ServerMessage& s) {
        return is_mold_frame(s) && light.take(s.frame()) && s.frame().mold().figures().measured_step() > 0;
      },
      kFirstMeasureWait);
  ASSERT_TRUE(frame);
  const v1::Frame& f = frame->frame();
  EXPECT_EQ(f.light().channels(), 1U);
  // The default map (either engine's), sent as it is: it is no wider than stream::kMoldLightMaxWidth.
  EXPECT_EQ(f.light().width(), sim::mold_rules::kCpuMapWidth);
  EXPECT_EQ(f.light().height(), sim::map_of_width(sim::mold_rules::kCpuMapWidth).height);
  EXPECT_FLOAT_EQ(f.light().bounds().width(), 1600.0F);
  const v1::MoldState& mold = f.mold();
  EXPECT_EQ(mold.settings().agents(), sim::mold_rules::kCpuAgents);
  EXPECT_EQ(mold.settings().preset(), "lace");
  EXPECT_GE(mold.presets_size(), 3);
  EXPECT_GT(mold.figures().coverage(), 0.0F);
  EXPECT_GT(mold.figures().steps_per_second(), 0.0F);
  EXPECT_FLOAT_EQ(f.camera().width(), 1600.0F);
  // Its trail has lit and darker cells (a second in, the network is only beginning to form).
  const std::vector<std::uint8_t>& raster = light.raster();
  ASSERT_EQ(raster.size(), std::size_t{sim::map_of_width(sim::mold_rules::kCpuMapWidth).cells()});
  const auto [darkest, brightest] = std::minmax_element(raster.begin(), raster.end());
  EXPECT_GT(*brightest, 100);
  EXPECT_GT(*brightest - *darkest, 60);
}

TEST_F(MoldServerTest, AFlakeDroppedByOneViewerFeedsTheMapAnotherViewerSeesAndIsEaten) {
  WsClient a;
  WsClient b;
  MoldLight light;
  join_mold(a);
  join_mold(b, &light);
  a.send(tool_tap(v1::TOOL_FLOWER, 800.0F, 450.0F));
  const auto seen = b.wait_for(
      [&](const v1::ServerMessage& s) {
        return is_mold_frame(s) && light.take(s.frame()) && s.frame().marks_size() == 1;
      },
      kReplyWait);
  ASSERT_TRUE(seen) << "the other viewer never saw the flake";
  EXPECT_EQ(seen->frame().marks(0).tool(), v1::TOOL_FLOWER);
  // The flake feeds the map under it: bright in B's light; and as the network reaches it, the
  // agents on it eat it.
  const auto fed = b.wait_for(
      [&](const v1::ServerMessage& s) {
        return is_mold_frame(s) && light.take(s.frame()) && s.frame().marks_size() == 1 && light.at(800.0F, 450.0F) > 200;
      },
      kReplyWait);
  ASSERT_TRUE(fed) << "the flake's spot never lit up";
  const auto eaten = b.wait_for(
      [](const v1::ServerMessage& s) {
        return is_mold_frame(s) && (s.frame().marks_size() == 0 || s.frame().marks(0).amount() < 0.98F);
      },
      20s);
  ASSERT_TRUE(eaten) << "nothing ate the flake in 20 s";
}

TEST_F(MoldServerTest, SettingsOneViewerChangesReachEveryViewer) {
  WsClient a;
  WsClient b;
  join_mold(a);
  join_mold(b);
  v1::ClientMessage change;
  change.mutable_mold_settings()->set_preset("veins");
  change.mutable_mold_settings()->set_agents(4000);
  a.send(change);
  const auto changed = b.wait_for(
      [](const v1::ServerMessage& s) {
        return is_mold_frame(s) && s.frame().mold().settings().preset() == "veins" &&
               s.frame().mold().settings().agents() == 4000U;
      },
      kReplyWait);
  ASSERT_TRUE(changed) << "the other viewer never saw the new settings";
  v1::ClientMessage bad;
  bad.mutable_mold_settings()->set_sensor_angle(400.0F);
  a.send(bad);
  const auto notice = a.wait_for([](const v1::ServerMessage& s) { return s.has_notice(); }, kReplyWait);
  ASSERT_TRUE(notice);
  EXPECT_EQ(notice->notice().code(), "out_of_range");
}

TEST_F(MoldServerTest, AttractIsHeldInTheMold) {
  WsClient viewer;
  join_mold(viewer);
  v1::ClientMessage down;
  down.mutable_tool()->set_tool(v1::TOOL_ATTRACT);
  down.mutable_tool()->set_phase(v1::ToolAction::PHASE_DOWN);
  down.mutable_tool()->mutable_position()->set_x(300.0F);
  down.mutable_tool()->mutable_position()->set_y(300.0F);
  viewer.send(down);
  const auto held = viewer.wait_for(
      [](const v1::ServerMessage& s) {
        return is_mold_frame(s) && s.frame().marks_size() == 1 && s.frame().marks(0).tool() == v1::TOOL_ATTRACT;
      },
      kReplyWait);
  ASSERT_TRUE(held);
  v1::ClientMessage up = down;
  up.mutable_tool()->set_phase(v1::ToolAction::PHASE_UP);
  viewer.send(up);
  ASSERT_TRUE(viewer.wait_for([](const v1::ServerMessage& s) { return is_mold_frame(s) && s.frame().marks_size() == 0; },
                              kReplyWait));
}

}  // namespace
}  // namespace meadow
