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
  m.swarm_step_seconds.observe(0.0007);
  m.swarm_step_seconds.observe(0.003);
  m.colony_step_seconds.observe(0.00005);
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
}

TEST(Metrics, NamesTheEngineOfEachWorld) {
  const std::string text = Metrics::render_engines("vulkan");
  EXPECT_NE(text.find("# TYPE meadow_engine_info gauge\n"), std::string::npos);
  EXPECT_NE(text.find("meadow_engine_info{world=\"swarm\",engine=\"vulkan\"} 1\n"), std::string::npos);
  EXPECT_NE(text.find("meadow_engine_info{world=\"colony\",engine=\"cpu\"} 1\n"), std::string::npos);
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
