#include "net/metrics.hpp"

#include <gtest/gtest.h>

namespace meadow::net {
namespace {

TEST(Metrics, RendersTheSeriesOperatorsRelyOn) {
  Metrics m;
  m.ticks_total = 120;
  m.frames_total = 60;
  m.sent_bytes_total = 4096;
  m.sessions = 3;
  m.world_runs[sim::index_of(sim::WorldKind::swarm)] = true;
  m.world_runs[sim::index_of(sim::WorldKind::colony)] = true;
  m.step_seconds[sim::index_of(sim::WorldKind::swarm)].observe(0.0007);
  m.step_seconds[sim::index_of(sim::WorldKind::swarm)].observe(0.003);
  m.step_seconds[sim::index_of(sim::WorldKind::colony)].observe(0.00005);
  const std::string text = m.render();
  EXPECT_NE(text.find("meadow_ticks_total 120\n"), std::string::npos);
  EXPECT_NE(text.find("meadow_frames_total 60\n"), std::string::npos);
  EXPECT_NE(text.find("meadow_sent_bytes_total 4096\n"), std::string::npos);
  EXPECT_NE(text.find("meadow_sessions 3\n"), std::string::npos);
  EXPECT_NE(text.find("# TYPE meadow_step_seconds histogram"), std::string::npos);
  EXPECT_NE(text.find("meadow_step_seconds_bucket{world=\"swarm\",le=\"0.001\"} 1\n"), std::string::npos);
  EXPECT_NE(text.find("meadow_step_seconds_bucket{world=\"swarm\",le=\"+Inf\"} 2\n"), std::string::npos);
  EXPECT_NE(text.find("meadow_step_seconds_count{world=\"swarm\"} 2\n"), std::string::npos);
  EXPECT_NE(text.find("meadow_step_seconds_bucket{world=\"colony\",le=\"0.0001\"} 1\n"), std::string::npos);
  EXPECT_NE(text.find("meadow_step_seconds_count{world=\"colony\"} 1\n"), std::string::npos);
  EXPECT_EQ(text.find("world=\"mold\""), std::string::npos) << "worlds that do not run are not rendered";
}

TEST(Metrics, NamesTheEngineAndTheFiguresOfEachWorld) {
  MeadowStatus status;
  status.worlds.push_back({sim::WorldKind::swarm, "vulkan", 0.001, {{"count", 5000.0}}});
  status.worlds.push_back({sim::WorldKind::colony, "cpu", 0.00001, {{"store", 0.6}}});
  const std::string text = Metrics::render_worlds(status);
  EXPECT_NE(text.find("# TYPE meadow_engine_info gauge\n"), std::string::npos);
  EXPECT_NE(text.find("meadow_engine_info{world=\"swarm\",engine=\"vulkan\"} 1\n"), std::string::npos);
  EXPECT_NE(text.find("meadow_engine_info{world=\"colony\",engine=\"cpu\"} 1\n"), std::string::npos);
  EXPECT_NE(text.find("meadow_world_figure{world=\"swarm\",figure=\"count\"} 5000\n"), std::string::npos) << text;
  EXPECT_NE(text.find("meadow_world_figure{world=\"colony\",figure=\"store\"} 0.6\n"), std::string::npos) << text;
}

TEST(Histogram, BucketsAreCumulative) {
  Histogram h;
  h.observe(0.00001);
  h.observe(0.02);
  h.observe(5.0);
  std::string out;
  h.render(out, "x", "");
  EXPECT_NE(out.find("x_bucket{le=\"5e-05\"} 1\n"), std::string::npos) << out;
  EXPECT_NE(out.find("x_bucket{le=\"0.025\"} 2\n"), std::string::npos) << out;
  EXPECT_NE(out.find("x_bucket{le=\"1\"} 2\n"), std::string::npos) << out;
  EXPECT_NE(out.find("x_bucket{le=\"+Inf\"} 3\n"), std::string::npos) << out;
  EXPECT_EQ(h.count(), 3U);
}

}  // namespace
}  // namespace meadow::net
