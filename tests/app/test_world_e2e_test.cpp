// The world shape, proven end to end: a server that runs one more world, registered in the
// tests alone (support/test_world.*, support/test_server_worlds.cpp), welcomes viewers with it,
// steps it, lets a viewer choose it, takes its action, streams its frames (which a C++ client
// decodes here with the server's own codec) and reports it in /metrics, all through the same
// interfaces as the swarm and the colony.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "stream/frame_codec.hpp"
#include "support/server_process.hpp"
#include "support/test_paths.hpp"
#include "support/test_world.hpp"
#include "support/viewer_messages.hpp"
#include "ws/ws_client.hpp"

namespace meadow {
namespace {

using client::WsClient;
using testing::kReplyWait;
using testing::TestWorld;
using testing::TestWorldStream;

bool is_test_frame(const v1::ServerMessage& m) { return m.has_frame() && m.frame().world() == testing::kTestWorldWire; }

// The brightest pixel of a test-world frame's light, in world units (its pixel's middle).
sim::Vec2 beacon_in(const v1::Frame& frame) {
  const v1::LightLayer& light = frame.light();
  EXPECT_TRUE(light.key());
  EXPECT_EQ(light.channels(), 1U);
  stream::FrameDecoder decoder;
  std::vector<std::uint8_t> raster;
  decoder.decode_key(light.data(), light.width(), light.height(), raster);
  const auto brightest = std::max_element(raster.begin(), raster.end());
  EXPECT_EQ(*brightest, 255);
  const auto at = static_cast<std::size_t>(brightest - raster.begin());
  return {(static_cast<float>(at % light.width()) + 0.5F) * TestWorldStream::kPixel,
          (static_cast<float>(at / light.width()) + 0.5F) * TestWorldStream::kPixel};
}

TEST(TestWorld, AWorldRegisteredInTheTestsAloneRunsEndToEndThroughTheSameInterfaces) {
  testing::ServerProcess server(MEADOW_TEST_WORLDS_SERVER_BIN,
                                {"--seed", "2", "--swarm-count", "300", "--swarm-engine", "cpu", "--log-level", "warn"});
  WsClient viewer;
  viewer.connect("127.0.0.1", server.port());
  const auto welcome = viewer.wait_for([](const v1::ServerMessage& m) { return m.has_welcome(); }, kReplyWait);
  ASSERT_TRUE(welcome);
  // The welcome lists every world the server runs: the standard worlds, then the test's.
  const auto& worlds = welcome->welcome().worlds();
  ASSERT_GE(worlds.size(), 2);
  EXPECT_EQ(worlds.Get(worlds.size() - 1), testing::kTestWorldWire);

  v1::ClientMessage choose;
  choose.mutable_choose_world()->set_world(testing::kTestWorldWire);
  viewer.send(choose);
  const auto first = viewer.wait_for(is_test_frame, kReplyWait);
  ASSERT_TRUE(first) << "no frame of the test world after choosing it";
  const sim::Vec2 start = beacon_in(first->frame());
  EXPECT_NEAR(start.x, TestWorld::kStart.x, TestWorldStream::kPixel);
  EXPECT_NEAR(start.y, TestWorld::kStart.y, TestWorldStream::kPixel);

  // Its own action: an attract tap moves the beacon.
  viewer.send(testing::tool_tap(v1::TOOL_ATTRACT, 400.0F, 300.0F));
  const auto moved = viewer.wait_for(
      [](const v1::ServerMessage& m) { return is_test_frame(m) && beacon_in(m.frame()).x < 500.0F; }, kReplyWait);
  ASSERT_TRUE(moved) << "the beacon never moved";
  EXPECT_NEAR(beacon_in(moved->frame()).x, 400.0F, TestWorldStream::kPixel);
  EXPECT_NEAR(beacon_in(moved->frame()).y, 300.0F, TestWorldStream::kPixel);
  // A tool it does not take: the meadow says so.
  viewer.send(testing::tool_tap(v1::TOOL_FLOWER, 400.0F, 300.0F));
  const auto notice = viewer.wait_for([](const v1::ServerMessage& m) { return m.has_notice(); }, kReplyWait);
  ASSERT_TRUE(notice);
  EXPECT_EQ(notice->notice().code(), "tool_unavailable");

  // Its settings, by the names of its schema, which the welcome carries.
  const auto schema = std::find_if(welcome->welcome().settings_schemas().begin(),
                                   welcome->welcome().settings_schemas().end(),
                                   [](const v1::SettingsSchema& s) { return s.world() == testing::kTestWorldWire; });
  ASSERT_NE(schema, welcome->welcome().settings_schemas().end()) << "the welcome has the test world's schema";
  ASSERT_EQ(schema->settings_size(), 2);
  EXPECT_EQ(schema->settings(1).name(), "size");
  EXPECT_EQ(schema->settings(1).max(), 4.0);
  v1::ClientMessage settings;
  settings.mutable_settings()->set_world(testing::kTestWorldWire);
  settings.mutable_settings()->set_preset("lantern");  // glow 0.5, 3 pixels a side
  viewer.send(settings);
  const auto lantern = viewer.wait_for(
      [](const v1::ServerMessage& m) {
        if (!is_test_frame(m)) return false;
        stream::FrameDecoder decoder;
        std::vector<std::uint8_t> raster;
        decoder.decode_key(m.frame().light().data(), m.frame().light().width(), m.frame().light().height(), raster);
        return std::count(raster.begin(), raster.end(), std::uint8_t{128}) == 9;
      },
      kReplyWait);
  EXPECT_TRUE(lantern) << "the preset never showed";
  // A value past its range is refused at the door with the schema's words.
  v1::SettingValue& size = *settings.mutable_settings()->add_values();
  size.set_name("size");
  size.set_value(5);
  settings.mutable_settings()->clear_preset();
  viewer.send(settings);
  const auto too_large = viewer.wait_for([](const v1::ServerMessage& m) { return m.has_notice(); }, kReplyWait);
  ASSERT_TRUE(too_large);
  EXPECT_EQ(too_large->notice().code(), "out_of_range");
  EXPECT_EQ(too_large->notice().text(), "The test's beacon size must be between 1 and 4.");

  // /metrics reports it as it reports every world.
  const std::string metrics = testing::http_request(server.port(), "GET /metrics HTTP/1.0");
  EXPECT_NE(metrics.find("meadow_step_seconds_count{world=\"test\"}"), std::string::npos) << metrics;
  EXPECT_NE(metrics.find("meadow_world_figure{world=\"test\",figure=\"taps\"} 1"), std::string::npos) << metrics;
  EXPECT_NE(metrics.find("meadow_engine_info{world=\"test\",engine=\"cpu\"} 1"), std::string::npos);
  EXPECT_EQ(server.stop(), 0);
}

TEST(TestWorld, TheServerWithoutItSaysItDoesNotRunHere) {
  testing::ServerProcess server(MEADOW_SERVER_BIN, {"--swarm-count", "300", "--swarm-engine", "cpu", "--log-level", "warn"});
  WsClient viewer;
  viewer.connect("127.0.0.1", server.port());
  const auto welcome = viewer.wait_for([](const v1::ServerMessage& m) { return m.has_welcome(); }, kReplyWait);
  ASSERT_TRUE(welcome);
  for (const int w : welcome->welcome().worlds()) EXPECT_NE(w, testing::kTestWorldWire) << "a real server never runs it";
  v1::ClientMessage choose;
  choose.mutable_choose_world()->set_world(testing::kTestWorldWire);
  viewer.send(choose);
  const auto notice = viewer.wait_for([](const v1::ServerMessage& m) { return m.has_notice(); }, kReplyWait);
  ASSERT_TRUE(notice);
  EXPECT_EQ(notice->notice().code(), "world_unavailable");
  // The real server has never heard of the tests' world: it knows it by its number alone.
  EXPECT_NE(notice->notice().text().find("The world 15 does not run on this server"), std::string::npos)
      << notice->notice().text();
}

// Its saved state, as a rewind or a replay copies it (World::save, World::restore): the beacon where
// the last tap put it, its settings and its counts come back into a world made afresh.
TEST(TestWorld, SavesItsStateAndTakesItBack) {
  sim::Land land;
  testing::TestWorld world;
  const sim::Action tap{sim::kOperator, 3, sim::AttractTap{{300.0F, 200.0F}}, testing::TestWorld::kKind};
  ASSERT_TRUE(world.apply(tap, land).has_value());
  const sim::Action settings{sim::kOperator, 4,
                             sim::SettingsChange{testing::TestWorld::kKind, {{"glow", 0.5}, {"size", 3}}, std::nullopt},
                             testing::TestWorld::kKind};
  ASSERT_TRUE(world.apply(settings, land).has_value());
  const std::unique_ptr<sim::WorldState> saved = world.save();
  ASSERT_EQ(saved->kind(), testing::kTestWorldKind);

  testing::TestWorld back;
  back.restore(*saved, land);
  EXPECT_EQ(back.beacon().x, 300.0F);
  EXPECT_EQ(back.beacon().y, 200.0F);
  EXPECT_EQ(back.glow(), 0.5);
  EXPECT_EQ(back.size(), 3U);
  std::vector<sim::WorldFigure> figures;
  back.figures(figures);
  EXPECT_EQ(figures.front().name, "taps");
  EXPECT_EQ(figures.front().value, 1.0);
}

}  // namespace
}  // namespace meadow
