#include "app/serving.hpp"

#include <gtest/gtest.h>

namespace meadow::app {
namespace {

TEST(SimStuck, HealthyWhileTheSimTicksAndWithoutOne) {
  net::Metrics metrics;
  EXPECT_EQ(sim_stuck(metrics, 1'000'000), "") << "no sim in this process (an edge), or before its first tick";
  metrics.sim_alive_ms = 1'000'000;
  EXPECT_EQ(sim_stuck(metrics, 1'000'016), "");
  EXPECT_EQ(sim_stuck(metrics, 1'009'999), "") << "a slow tick is not a stuck one";
}

TEST(SimStuck, ASimThreadThatStoppedTickingFailsTheHealthCheck) {
  net::Metrics metrics;
  metrics.sim_alive_ms = 1'000'000;
  EXPECT_EQ(sim_stuck(metrics, 1'010'000), "the sim thread has not ticked for 10 s");
  EXPECT_EQ(sim_stuck(metrics, 1'095'500), "the sim thread has not ticked for 95 s");
}

}  // namespace
}  // namespace meadow::app
