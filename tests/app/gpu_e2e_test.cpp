// End to end on the GPU engine (docs/gpu.md): the real meadow-server with --swarm-engine gpu, on
// whatever Vulkan device there is (lavapipe in CI). The swarm runs on the device and its light is
// made there (GpuSwarm::light); a viewer gets frames whose light shows the swarm, and /metrics
// names the engine; a food crumb is eaten, found on the device. Its own executable, outside the
// ThreadSanitizer stage: lavapipe's threads are not instrumented. Skips, saying why, only where
// there is no Vulkan device at all (tests/run-all.sh fails a run with a skip); a server that
// falls back to the CPU although a device is there fails (a GPU start-up bug).
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "gpu/gpu_fixture.hpp"
#include "stream/frame_codec.hpp"
#include "support/server_process.hpp"
#include "support/test_paths.hpp"
#include "support/viewer_messages.hpp"
#include "ws/ws_client.hpp"

namespace meadow {
namespace {

using testing::kReplyWait;

std::string metrics_with_engine(std::uint16_t port) {
  std::string metrics;
  for (int i = 0; i < 100; ++i) {
    metrics = testing::http_request(port, "GET /metrics HTTP/1.0");
    if (metrics.find("meadow_engine_info{world=\"swarm\"") != std::string::npos) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return metrics;
}

constexpr const char* kOnGpu = "meadow_engine_info{world=\"swarm\",engine=\"gpu\"} 1";

// A server whose swarm of 1,500 runs on the GPU; the test skips where it found no device.
class GpuEngine : public ::testing::Test {
 protected:
  void SetUp() override {
    server_ = std::make_unique<testing::ServerProcess>(
        MEADOW_SERVER_BIN, std::vector<std::string>{"--seed", "4", "--swarm-count", "1500", "--swarm-engine", "gpu",
                                                    "--log-level", "warn", "--web-root", MEADOW_TEST_WEB_ROOT});
    const std::string metrics = metrics_with_engine(server_->port());
    if (metrics.find("meadow_engine_info{world=\"swarm\",engine=\"cpu\"} 1") != std::string::npos) {
      if (const auto& reason = gpu::testing::no_device_reason()) GTEST_SKIP() << *reason;
      FAIL() << "a Vulkan device is here, yet the server runs the swarm on the CPU: its GPU engine failed to start "
                "(the server's log above says why)";
    }
    ASSERT_NE(metrics.find(kOnGpu), std::string::npos) << metrics;
  }
  std::unique_ptr<testing::ServerProcess> server_;
};

TEST_F(GpuEngine, TheSwarmAndItsLightRunOnTheDevice) {
  client::WsClient viewer;
  viewer.connect("127.0.0.1", server_->port());
  stream::FrameDecoder decoder;
  std::vector<std::uint8_t> raster;
  std::vector<std::uint8_t> next;
  std::uint64_t lit = 0;
  std::uint64_t hot = 0;
  for (int i = 0; i < 10; ++i) {
    const auto m = viewer.wait_for([](const v1::ServerMessage& s) { return s.has_frame() && s.frame().world() == v1::WORLD_SWARM; },
                                   kReplyWait);
    ASSERT_TRUE(m.has_value()) << "frame " << i << " never came";
    const v1::LightLayer& light = m->frame().light();
    EXPECT_EQ(m->frame().swarm().count(), 1500U);
    const std::size_t rows = std::size_t{light.height()} * light.channels();
    if (light.key()) {
      decoder.decode_key(light.data(), light.width(), rows, raster);
    } else {
      ASSERT_FALSE(raster.empty()) << "a delta before any key frame";
      decoder.decode_delta(light.data(), raster, light.width(), next);
      raster.swap(next);
    }
    ASSERT_EQ(raster.size(), std::size_t{light.width()} * rows);
    const std::size_t plane = std::size_t{light.width()} * light.height();
    lit = 0;
    hot = 0;
    for (std::size_t p = 0; p < plane; ++p) lit += raster[p] > 0 ? 1 : 0;
    for (std::size_t p = plane; p < 2 * plane; ++p) hot += raster[p] > 0 ? 1 : 0;
  }
  // 1,500 fireflies over one meadow's 400 × 225 pixels, each glowing over a 9-pixel blur.
  EXPECT_GT(lit, 2000U) << "the swarm's light should show";
  EXPECT_LT(hot, lit) << "heat is part of the light";
  // Still on the GPU after all those frames: no failure sent the swarm to the CPU.
  EXPECT_NE(metrics_with_engine(server_->port()).find(kOnGpu), std::string::npos);
}

// A flower tapped in the swarm is a food crumb: the fireflies within smell fly to it and eat it,
// found on the device (GpuSwarm::crumbs_reached), and every viewer's figures count it as fed.
TEST_F(GpuEngine, ACrumbIsEatenOnTheDevice) {
  client::WsClient viewer;
  viewer.connect("127.0.0.1", server_->port());
  viewer.send(testing::tool_tap(v1::TOOL_FLOWER, 800.0F, 450.0F));
  const auto fed = viewer.wait_for(
      [](const v1::ServerMessage& s) {
        return s.has_frame() && s.frame().world() == v1::WORLD_SWARM && s.frame().swarm().fed() >= 1;
      },
      std::chrono::seconds(30));
  ASSERT_TRUE(fed.has_value()) << "the crumb was not eaten within 30 s";
  EXPECT_EQ(fed->frame().swarm().fed(), 1U);
  EXPECT_NE(metrics_with_engine(server_->port()).find(kOnGpu), std::string::npos);
}

}  // namespace
}  // namespace meadow
