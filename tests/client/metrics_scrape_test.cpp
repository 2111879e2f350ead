#include "watch/metrics_scrape.hpp"

#include <gtest/gtest.h>

namespace meadow::client {
namespace {

TEST(MetricValue, ReadsUnlabelledSamplesOnly) {
  const std::string text =
      "# HELP meadow_tick_p99_seconds x\n# TYPE meadow_tick_p99_seconds gauge\nmeadow_tick_p99_seconds 0.00125\n"
      "meadow_tick_seconds_bucket{le=\"0.001\"} 5\nprocess_resident_memory_bytes 123456\nmeadow_ticks_total 9";
  EXPECT_DOUBLE_EQ(metric_value(text, "meadow_tick_p99_seconds").value_or(-1), 0.00125);
  EXPECT_DOUBLE_EQ(metric_value(text, "process_resident_memory_bytes").value_or(-1), 123456);
  EXPECT_DOUBLE_EQ(metric_value(text, "meadow_ticks_total").value_or(-1), 9);  // the last line has no newline
  EXPECT_FALSE(metric_value(text, "meadow_tick_seconds"));  // only labelled samples of it
  EXPECT_FALSE(metric_value(text, "meadow_tick"));          // a prefix is not a name
}

TEST(HttpGet, SaysNothingWhenNoServerAnswers) {
  // Port 1 on loopback: nothing listens there.
  EXPECT_FALSE(http_get("127.0.0.1", 1, "/metrics"));
}

}  // namespace
}  // namespace meadow::client
