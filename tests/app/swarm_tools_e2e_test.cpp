// End to end (docs/rules.md "The tools · Attract"): a viewer's attract mark pulls the swarm's
// centre towards it within a few seconds, measured the honest way: from the light rasters received
// over the WebSocket (decoded with stream::FrameDecoder, intensity-weighted centroid), not from
// anything the server reports.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "stream/frame_codec.hpp"
#include "support/server_process.hpp"
#include "support/test_paths.hpp"
#include "ws/ws_client.hpp"

namespace meadow {
namespace {

using namespace std::chrono_literals;
using client::WsClient;

using testing::kReplyWait;

struct Point {
  double x = 0.0;
  double y = 0.0;
};

double distance(Point a, Point b) { return std::hypot(a.x - b.x, a.y - b.y); }

// Follows the light of one viewer's frames: key frames and deltas decoded in order.
class LightFollower {
 public:
  // The next frame's light centroid in world units (nullopt: no frame in time).
  std::optional<Point> next_centroid(WsClient& viewer, v1::Frame* frame_out = nullptr) {
    const auto m = viewer.wait_for([](const v1::ServerMessage& s) { return s.has_frame(); }, kReplyWait);
    if (!m) return std::nullopt;
    const v1::Frame& frame = m->frame();
    const v1::LightLayer& light = frame.light();
    // The planes (intensity, heat) stacked: rows of `width` bytes; the centroid reads the first.
    const std::size_t row = light.width();
    if (light.key()) {
      decoder_.decode_key(light.data(), row, std::size_t{light.height()} * light.channels(), raster_);
    } else {
      decoder_.decode_delta(light.data(), raster_, row, next_);
      raster_.swap(next_);
    }
    if (frame_out != nullptr) *frame_out = frame;
    double sum = 0.0;
    double sx = 0.0;
    double sy = 0.0;
    for (std::size_t j = 0; j < light.height(); ++j) {
      for (std::size_t i = 0; i < light.width(); ++i) {
        const double v = raster_[j * row + i];
        sum += v;
        sx += v * (static_cast<double>(i) + 0.5);
        sy += v * (static_cast<double>(j) + 0.5);
      }
    }
    if (sum <= 0.0) return std::nullopt;
    const v1::Rect& b = light.bounds();
    return Point{b.x() + sx / sum * b.width() / light.width(), b.y() + sy / sum * b.height() / light.height()};
  }

 private:
  stream::FrameDecoder decoder_;
  std::vector<std::uint8_t> raster_;
  std::vector<std::uint8_t> next_;
};

TEST(SwarmToolsEndToEnd, AnAttractMarkPullsTheSwarmsCentreTowardsIt) {
  testing::ServerProcess server(MEADOW_SERVER_BIN, {"--seed", "7", "--swarm-count", "3000", "--log-level",
                                                    "warn", "--web-root", MEADOW_TEST_WEB_ROOT});
  WsClient viewer;
  viewer.connect("127.0.0.1", server.port());
  const auto welcome = viewer.wait_for([](const v1::ServerMessage& s) { return s.has_welcome(); }, kReplyWait);
  ASSERT_TRUE(welcome.has_value());
  const std::uint64_t session = welcome->welcome().session_id();

  LightFollower light;
  std::optional<Point> start;
  for (int i = 0; i < 3; ++i) start = light.next_centroid(viewer);  // settle on a key + deltas
  ASSERT_TRUE(start.has_value());
  // A spot far from where the swarm's light is centred now (inside the meadow, off the edges).
  const Point mark{start->x < 800.0 ? 1300.0 : 300.0, start->y < 450.0 ? 700.0 : 200.0};
  const double before = distance(*start, mark);
  ASSERT_GT(before, 300.0);

  v1::ClientMessage tap;
  tap.mutable_tool()->set_tool(v1::TOOL_ATTRACT);
  tap.mutable_tool()->set_phase(v1::ToolAction::PHASE_TAP);
  tap.mutable_tool()->mutable_position()->set_x(static_cast<float>(mark.x));
  tap.mutable_tool()->mutable_position()->set_y(static_cast<float>(mark.y));
  viewer.send(tap);

  // Every viewer sees the mark in the frames.
  bool mark_seen = false;
  double closest = before;
  v1::Frame frame;
  // Up to 20 s of frames at 30 a second; "a few seconds" is the expectation, the bound is slack
  // for slow (sanitizer) builds. The loop ends as soon as the light has come half way.
  for (int i = 0; i < 600 && closest > 0.5 * before; ++i) {
    const auto c = light.next_centroid(viewer, &frame);
    ASSERT_TRUE(c.has_value()) << "frame " << i;
    closest = std::min(closest, distance(*c, mark));
    for (const auto& m : frame.marks()) {
      if (m.tool() == v1::TOOL_ATTRACT && m.owner_session() == session &&
          std::hypot(m.position().x() - mark.x, m.position().y() - mark.y) < 1e-3) {
        mark_seen = true;
      }
    }
  }
  EXPECT_TRUE(mark_seen) << "the attract mark never appeared in Frame.marks";
  EXPECT_LE(closest, 0.5 * before) << "the light's centre came from " << before << " only to " << closest
                                   << " units from the mark";
}


bool has_predator_of(const v1::ServerMessage& m, std::uint64_t owner) {
  if (!m.has_frame()) return false;
  for (const auto& mark : m.frame().marks()) {
    if (mark.tool() == v1::TOOL_PREDATOR && mark.owner_session() == owner) return true;
  }
  return false;
}

TEST(SwarmToolsEndToEnd, AViewersPredatorIsSeenByOthersAndGoesWhenTheViewerLeaves) {
  testing::ServerProcess server(MEADOW_SERVER_BIN, {"--seed", "7", "--swarm-count", "500", "--log-level",
                                                    "warn", "--web-root", MEADOW_TEST_WEB_ROOT});
  auto holder = std::make_unique<WsClient>();
  WsClient watcher;
  holder->connect("127.0.0.1", server.port());
  watcher.connect("127.0.0.1", server.port());
  const auto welcome = holder->wait_for([](const v1::ServerMessage& s) { return s.has_welcome(); }, kReplyWait);
  ASSERT_TRUE(welcome.has_value());
  const std::uint64_t owner = welcome->welcome().session_id();

  v1::ClientMessage down;
  down.mutable_tool()->set_tool(v1::TOOL_PREDATOR);
  down.mutable_tool()->set_phase(v1::ToolAction::PHASE_DOWN);
  down.mutable_tool()->mutable_position()->set_x(800.0F);
  down.mutable_tool()->mutable_position()->set_y(450.0F);
  holder->send(down);
  ASSERT_TRUE(watcher.wait_for([owner](const v1::ServerMessage& m) { return has_predator_of(m, owner); }, kReplyWait))
      << "the other viewer never saw the predator";

  // The holder goes away without releasing: its predator goes with it.
  holder->close();
  holder.reset();
  ASSERT_TRUE(watcher.wait_for([owner](const v1::ServerMessage& m) { return m.has_frame() && !has_predator_of(m, owner); },
                               kReplyWait))
      << "the predator outlived its viewer";
}

// Trails (docs/rules.md "The swarm · Trails") over a real WebSocket: a viewer that watches them
// gets each frame's points right after it, the same fireflies every time, and one that asks for a
// recording gets its trails; a viewer that does not watch gets no points.
TEST(SwarmToolsEndToEnd, TrailsFollowFramesToTheirWatcherAndARecordingComesBack) {
  testing::ServerProcess server(MEADOW_SERVER_BIN, {"--seed", "7", "--swarm-count", "1500", "--log-level",
                                                    "warn", "--web-root", MEADOW_TEST_WEB_ROOT});
  WsClient watcher;
  WsClient other;
  watcher.connect("127.0.0.1", server.port());
  other.connect("127.0.0.1", server.port());
  v1::ClientMessage watch;
  watch.mutable_watch_trails()->set_on(true);
  watcher.send(watch);
  const auto first = watcher.wait_for([](const v1::ServerMessage& m) { return m.has_trail_points(); }, kReplyWait);
  ASSERT_TRUE(first.has_value()) << "no trail points came";
  EXPECT_EQ(first->trail_points().ids_size(), 256);
  const auto next = watcher.wait_for(
      [&](const v1::ServerMessage& m) { return m.has_trail_points() && m.trail_points().frame() > first->trail_points().frame(); },
      kReplyWait);
  ASSERT_TRUE(next.has_value());
  EXPECT_TRUE(std::equal(first->trail_points().ids().begin(), first->trail_points().ids().end(),
                         next->trail_points().ids().begin(), next->trail_points().ids().end()))
      << "the layer follows the same fireflies";
  EXPECT_FALSE(other.wait_for([](const v1::ServerMessage& m) { return m.has_trail_points(); }, 500ms).has_value())
      << "a viewer that does not watch trails gets none";

  v1::ClientMessage record;
  record.mutable_record_trails()->set_warmup_steps(10);
  record.mutable_record_trails()->set_steps(30);
  record.mutable_record_trails()->set_count(20);
  watcher.send(record);
  const auto trails = watcher.wait_for([](const v1::ServerMessage& m) { return m.has_trails(); }, 20s);
  ASSERT_TRUE(trails.has_value()) << "the recording never came";
  EXPECT_EQ(trails->trails().trails_size(), 20);
  EXPECT_EQ(trails->trails().steps(), 30U);
}

}  // namespace
}  // namespace meadow
