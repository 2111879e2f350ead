// The alert rules (deploy/prometheus/) and the dashboard (deploy/grafana/) ask for metrics by
// name; a rename in the server would leave an alert that never fires and a panel with no line.
// Every meadow_* name they use must be served by a running server's /metrics (with a state
// directory, so the store's metrics are there too, once a snapshot has been written).
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <thread>

#include "support/server_process.hpp"
#include "support/temp_path.hpp"
#include "support/test_paths.hpp"

namespace meadow {
namespace {

using namespace std::chrono_literals;

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The meadow_* metric names a file uses; a histogram's _bucket, _sum and _count are its own name.
std::set<std::string> metric_names(const std::string& text) {
  static const std::regex kName("meadow_[a-z0-9_]+");
  std::set<std::string> names;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), kName); it != std::sregex_iterator(); ++it) {
    std::string name = it->str();
    for (const std::string suffix : {"_bucket", "_sum", "_count"}) {
      if (name.size() > suffix.size() && name.ends_with(suffix)) name.resize(name.size() - suffix.size());
    }
    names.insert(name);
  }
  return names;
}

TEST(MonitoringE2e, EveryMetricTheAlertsAndTheDashboardNameIsServed) {
  const std::filesystem::path source = MEADOW_SOURCE_DIR;
  std::set<std::string> wanted = metric_names(read_text(source / "deploy/prometheus/meadow-alerts.yml"));
  const std::set<std::string> on_board = metric_names(read_text(source / "deploy/grafana/meadow-dashboard.json"));
  wanted.insert(on_board.begin(), on_board.end());
  ASSERT_GE(wanted.size(), 15U) << "the files were not read";

  const std::filesystem::path state = testing::unique_temp_path("meadow-monitoring-state");
  testing::ServerProcess server(MEADOW_SERVER_BIN, {"--seed", "3", "--swarm-count", "300", "--log-level", "warn",
                                                    "--web-root", MEADOW_TEST_WEB_ROOT, "--state-dir", state.string(),
                                                    "--snapshot-every", "5"});
  std::string metrics;
  for (int i = 0; i < 200; ++i) {  // the first snapshot comes at once after the start
    metrics = testing::http_request(server.port(), "GET /metrics HTTP/1.0");
    if (metrics.find("meadow_snapshot_last_timestamp_seconds") != std::string::npos) break;
    std::this_thread::sleep_for(100ms);
  }
  for (const std::string& name : wanted) {
    // An edge server's own series (docs/edges.md) are checked on a real edge in edges_e2e_test.
    if (name.starts_with("meadow_edge_sim_") || name.starts_with("meadow_nats_connected")) continue;
    // A sample line of exactly that metric: the name (a histogram's with its suffix), then its
    // labels or its value.
    const std::regex sample("(^|\n)" + name + "(_bucket|_sum|_count)?[ {]");
    EXPECT_TRUE(std::regex_search(metrics, sample)) << name << " is named but not served";
  }
  EXPECT_EQ(server.stop(), 0);
  std::filesystem::remove_all(state);
}

}  // namespace
}  // namespace meadow
