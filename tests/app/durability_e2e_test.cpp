// The meadow survives (docs/durability.md), end to end: the real server killed with SIGKILL at a
// random moment while two viewers place rocks, started again on the same --state-dir, twice; every
// rock a viewer saw placed more than 100 ms before a kill is there after it, and the meadow the
// server ends with is, bit for bit, the meadow an uninterrupted run of the same actions gives (the
// recording replayed from its first snapshot, CPU engines). And the faults that must not stop the
// meadow: a folder it cannot write, a damaged database, a database at its size limit.
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "app/replay_run.hpp"
#include "launch/server_launch.hpp"
#include "support/server_process.hpp"
#include "support/temp_path.hpp"
#include "support/test_paths.hpp"
#include "support/viewer_messages.hpp"
#include "ws/ws_client.hpp"

namespace meadow {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;
using client::WsClient;
using testing::kReplyWait;

struct Dir {
  std::filesystem::path path;
  explicit Dir(const std::string& stem) : path(testing::unique_temp_path(stem)) { std::filesystem::remove_all(path); }
  ~Dir() {
    std::error_code ignored;
    if (const char* keep = std::getenv("MEADOW_TEST_KEEP_STATE"); keep != nullptr && ::testing::Test::HasFailure()) {
      std::filesystem::copy(path, keep, std::filesystem::copy_options::recursive, ignored);
    }
    std::filesystem::permissions(path, std::filesystem::perms::owner_all, ignored);
    std::filesystem::remove_all(path, ignored);
  }
};

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

client::LaunchSpec server_spec(const std::filesystem::path& state, const std::string& log,
                               std::vector<std::string> more = {}) {
  client::LaunchSpec spec;
  spec.binary = MEADOW_SERVER_BIN;
  spec.args = {"--bind", "127.0.0.1", "--port", "0", "--seed", "11", "--swarm-engine", "cpu", "--mold-engine", "cpu",
               "--no-viewer-grpc", "--web-root", MEADOW_TEST_WEB_ROOT, "--state-dir", state.string(),
               "--snapshot-every", "1"};
  spec.args.insert(spec.args.end(), more.begin(), more.end());
  spec.stderr_path = log;
  return spec;
}

struct PlacedRock {
  float x = 0.0F;
  float y = 0.0F;
  Clock::time_point seen;  // when a Rocks message first showed it
};

bool has_rock(const google::protobuf::RepeatedPtrField<v1::Rock>& rocks, float x, float y) {
  for (const v1::Rock& r : rocks) {
    if (std::abs(r.center().x() - x) < 0.01F && std::abs(r.center().y() - y) < 0.01F) return true;
  }
  return false;
}

v1::ClientMessage rock_tap(float x, float y) {
  v1::ClientMessage m;
  v1::ToolAction& a = *m.mutable_tool();
  a.set_tool(v1::TOOL_ROCK);
  a.set_phase(v1::ToolAction::PHASE_TAP);
  a.mutable_position()->set_x(x);
  a.mutable_position()->set_y(y);
  return m;
}

// A new viewer's welcome holds every rock of `placed`.
void expect_rocks_back(std::uint16_t port, const std::vector<PlacedRock>& placed, const std::string& log) {
  WsClient check;
  check.connect("127.0.0.1", port);
  const auto welcome = check.wait_for([](const v1::ServerMessage& s) { return s.has_welcome(); }, kReplyWait);
  ASSERT_TRUE(welcome.has_value());
  for (const PlacedRock& r : placed) {
    EXPECT_TRUE(has_rock(welcome->welcome().rocks(), r.x, r.y))
        << "the rock at " << r.x << "," << r.y << " was lost\n" << read_file(log);
  }
  check.close();
}

// Two viewers place rocks (each at most 8: the per-viewer cap) every 250 ms until `until`;
// returns the rocks they saw placed, with when.
std::vector<PlacedRock> place_rocks_until(std::uint16_t port, Clock::time_point until, int round) {
  std::vector<PlacedRock> placed;
  WsClient a;
  WsClient b;
  for (WsClient* v : {&a, &b}) {
    v->connect("127.0.0.1", port);
    EXPECT_TRUE(v->wait_for([](const v1::ServerMessage& s) { return s.has_welcome(); }, kReplyWait).has_value());
  }
  int n = 0;
  while (Clock::now() < until && n < 16) {
    WsClient& v = n % 2 == 0 ? a : b;
    const float x = 100.0F + 90.0F * static_cast<float>(n % 8) + 7.0F * static_cast<float>(round);
    const float y = 150.0F + 120.0F * static_cast<float>(n / 8) + 230.0F * static_cast<float>(round);
    v.send(rock_tap(x, y));
    const auto rocks = v.wait_for(
        [&](const v1::ServerMessage& s) { return s.has_rocks() && has_rock(s.rocks().rocks(), x, y); }, 2s);
    if (rocks) placed.push_back({x, y, Clock::now()});
    ++n;
    std::this_thread::sleep_until(std::min(until, Clock::now() + 250ms));
  }
  return placed;
}

// A viewer in the pond: a handful thrown, a crumb tapped on the water and the school changed, so
// that the recording holds the pond's own actions (the journal's flower_handful among them).
void feed_the_pond(std::uint16_t port) {
  WsClient viewer;
  viewer.connect("127.0.0.1", port);
  ASSERT_TRUE(viewer.wait_for([](const v1::ServerMessage& s) { return s.has_welcome(); }, kReplyWait).has_value());
  v1::ClientMessage choose;
  choose.mutable_choose_world()->set_world(v1::WORLD_POND);
  viewer.send(choose);
  const auto frame = viewer.wait_for([](const v1::ServerMessage& s) { return s.has_frame() && s.frame().has_pond(); }, kReplyWait);
  ASSERT_TRUE(frame.has_value()) << "no pond frame";
  const v1::Rect water = frame->frame().pond().water();
  v1::ClientMessage handful = testing::tool_tap(v1::TOOL_FLOWER, water.x() + water.width() / 2.0F, water.y() + water.height() / 2.0F);
  handful.mutable_tool()->set_handful(true);
  viewer.send(handful);
  v1::ClientMessage school;
  school.mutable_settings()->set_world(v1::WORLD_POND);
  v1::SettingValue& fish = *school.mutable_settings()->add_values();
  fish.set_name("fish");
  fish.set_value(40.0);
  school.mutable_settings()->set_preset("deep");
  viewer.send(school);
  const auto thrown = viewer.wait_for(
      [](const v1::ServerMessage& s) {
        return s.has_frame() && s.frame().has_pond() && s.frame().pond().count() == 40 &&
               static_cast<std::uint64_t>(s.frame().pond().crumbs_size()) + s.frame().pond().fed() >= 6;
      },
      kReplyWait);
  EXPECT_TRUE(thrown.has_value()) << "the pond never showed the handful and the new school";
  viewer.close();
}

// The hash a server logged when it stopped, and its tick.
struct StoppedAt {
  std::uint64_t tick = 0;
  std::string hash;
};
std::optional<StoppedAt> stopped_at(const std::string& log_text) {
  std::smatch m;
  if (!std::regex_search(log_text, m, std::regex(R"(stopped at tick (\d+) \(state hash ([0-9a-f]{16})\))"))) {
    return std::nullopt;
  }
  return StoppedAt{std::stoull(m[1]), m[2].str()};
}

// The recording in `state` replayed from its first snapshot to `tick`: the hash, as the server
// logs it.
std::string replayed_hash(const std::filesystem::path& state, std::uint64_t tick, app::ReplayResult* result_out = nullptr) {
  app::ReplayOptions options;
  options.state_dir = state;
  options.to_tick = tick;
  std::uint64_t replayed = 0;
  const app::ReplayResult result = app::replay_recording(options, [&](std::uint64_t, std::uint64_t h) { replayed = h; });
  if (result_out != nullptr) *result_out = result;
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(replayed));
  return hex;
}

TEST(DurabilityEndToEnd, ARecordingReplaysToTheServersOwnHash) {
  // No kill: what the server ran and what the replay of its recording runs are the same meadow.
  Dir state("durable-record");
  const std::string log = testing::unique_temp_path("durable-record-log");
  {
    client::LaunchedServer server(server_spec(state.path, log));
    const auto placed = place_rocks_until(server.port(), Clock::now() + 2500ms, 0);
    EXPECT_FALSE(placed.empty());
    feed_the_pond(server.port());
    EXPECT_EQ(server.stop(), 0);
  }
  const auto stopped = stopped_at(read_file(log));
  ASSERT_TRUE(stopped.has_value()) << read_file(log);
  EXPECT_EQ(replayed_hash(state.path, stopped->tick), stopped->hash);

  // The same recording shown to a viewer at 16×: the rocks come as they came, the viewer's own
  // tap is refused, and the recording ends at the tick the server stopped at.
  const std::string replay_log = testing::unique_temp_path("durable-replay-log");
  client::LaunchSpec spec;
  spec.binary = MEADOW_SERVER_BIN;
  spec.args = {"--bind", "127.0.0.1", "--port", "0", "--swarm-engine", "cpu", "--mold-engine", "cpu",
               "--no-viewer-grpc", "--web-root", MEADOW_TEST_WEB_ROOT, "--replay", state.path.string(),
               "--replay-speed", "16", "--seed", "999"};
  spec.stderr_path = replay_log;
  client::LaunchedServer player(spec);
  WsClient viewer;
  viewer.connect("127.0.0.1", player.port());
  ASSERT_TRUE(viewer.wait_for([](const v1::ServerMessage& s) { return s.has_welcome(); }, kReplyWait).has_value());
  const auto rocks = viewer.wait_for([](const v1::ServerMessage& s) { return s.has_rocks() && s.rocks().rocks_size() > 0; },
                                     kReplyWait);
  EXPECT_TRUE(rocks.has_value()) << "the recording's rocks never came";
  viewer.send(rock_tap(1000.0F, 700.0F));
  const auto notice = viewer.wait_for(
      [](const v1::ServerMessage& s) { return s.has_notice() && s.notice().code() == "recording"; }, kReplyWait);
  EXPECT_TRUE(notice.has_value()) << "a viewer's action should be refused during a replay";
  // 2.5 s of meadow at 16× take a fraction of a second.
  std::string text;
  for (int i = 0; i < 100 && text.find("the recording ends") == std::string::npos; ++i) {
    std::this_thread::sleep_for(50ms);
    text = read_file(replay_log);
  }
  EXPECT_NE(text.find("the recording ends at tick " + std::to_string(stopped->tick)), std::string::npos) << text;
  viewer.close();
  EXPECT_EQ(player.stop(), 0);
}

TEST(DurabilityEndToEnd, KillNineLosesNothingAcknowledgedAndTheMeadowGoesOnAsIfUninterrupted) {
  Dir state("durable-state");
  std::random_device device;
  const unsigned seed = device();
  std::mt19937 random(seed);
  SCOPED_TRACE("kill moments from seed " + std::to_string(seed));
  std::vector<PlacedRock> all_placed;
  for (int round = 0; round < 2; ++round) {
    const std::string log = testing::unique_temp_path("durable-log-" + std::to_string(round));
    client::LaunchedServer server(server_spec(state.path, log));
    // The first start has nothing to restore; later ones bring back every rock placed so far
    // more than 100 ms before its kill.
    expect_rocks_back(server.port(), all_placed, log);
    const auto kill_at = Clock::now() + std::chrono::milliseconds(std::uniform_int_distribution<int>(1500, 3000)(random));
    std::vector<PlacedRock> placed = place_rocks_until(server.port(), kill_at, round);
    std::this_thread::sleep_until(kill_at);
    const auto killed = Clock::now();
    ::kill(server.pid(), SIGKILL);
    EXPECT_EQ(server.stop(), 128 + SIGKILL);
    ASSERT_FALSE(placed.empty());
    for (const PlacedRock& r : placed) {
      if (killed - r.seen > 100ms) all_placed.push_back(r);
    }
  }
  // The last start: the rocks come back, the meadow runs a while, and stops cleanly with its hash.
  const std::string log = testing::unique_temp_path("durable-log-last");
  {
    client::LaunchedServer server(server_spec(state.path, log));
    expect_rocks_back(server.port(), all_placed, log);
    std::this_thread::sleep_for(1s);
    EXPECT_EQ(server.stop(), 0);
  }
  const std::string text = read_file(log);
  EXPECT_NE(text.find("meadow restored from snapshot"), std::string::npos) << text;
  const auto stopped = stopped_at(text);
  ASSERT_TRUE(stopped.has_value()) << text;
  // The whole recording, from its first snapshot through both kills: the same meadow.
  app::ReplayResult result;
  EXPECT_EQ(replayed_hash(state.path, stopped->tick, &result), stopped->hash)
      << "the restarted meadow is not the uninterrupted one";
  EXPECT_EQ(result.from_tick, 0U) << "the replay should start at the first snapshot";
  EXPECT_GE(result.actions, all_placed.size());
}

// A server whose store fails keeps the meadow live, says why in its log and in /metrics.
void expect_running_unsaved(const client::LaunchSpec& spec, const std::string& log, const std::string& why) {
  client::LaunchedServer server(spec);
  WsClient viewer;
  viewer.connect("127.0.0.1", server.port());
  ASSERT_TRUE(viewer.wait_for([](const v1::ServerMessage& s) { return s.has_frame(); }, kReplyWait).has_value());
  // A full database takes a few snapshots (one a second) to fill: seconds, more under the
  // sanitizers.
  bool unsaved = false;
  for (int i = 0; i < 300 && !unsaved; ++i) {
    const std::string metrics = testing::http_request(server.port(), "GET /metrics HTTP/1.0");
    unsaved = metrics.find("meadow_store_saving 0") != std::string::npos;
    if (!unsaved) std::this_thread::sleep_for(100ms);
  }
  EXPECT_TRUE(unsaved) << "/metrics should say the meadow is not being saved";
  EXPECT_TRUE(viewer.wait_for([](const v1::ServerMessage& s) { return s.has_frame(); }, kReplyWait).has_value())
      << "the meadow stopped";
  EXPECT_EQ(server.stop(), 0);
  const std::string text = read_file(log);
  EXPECT_NE(text.find("not saving the meadow"), std::string::npos) << text;
  EXPECT_NE(text.find(why), std::string::npos) << text;
}

TEST(DurabilityEndToEnd, AFolderItCannotWriteLeavesTheMeadowRunningUnsaved) {
  Dir state("durable-readonly");
  std::filesystem::create_directories(state.path);
  // A folder in the way of the database: what a read-only folder is to anyone but root (the
  // tests may run as root, who may write anywhere).
  std::filesystem::create_directories(state.path / "meadow.db");
  const std::string log = testing::unique_temp_path("durable-readonly-log");
  expect_running_unsaved(server_spec(state.path, log), log, "unable to open database file");
}

TEST(DurabilityEndToEnd, ADamagedDatabaseLeavesTheMeadowRunningUnsaved) {
  Dir state("durable-damaged");
  std::filesystem::create_directories(state.path);
  std::ofstream(state.path / "meadow.db") << std::string(10'000, 'x');
  const std::string log = testing::unique_temp_path("durable-damaged-log");
  expect_running_unsaved(server_spec(state.path, log), log, "file is not a database");
}

TEST(DurabilityEndToEnd, AFullDatabaseLeavesTheMeadowRunningUnsaved) {
  // --state-max-mb caps the database as a full disk would: SQLite answers "database or disk is
  // full" and the meadow goes on. (The store sheds its oldest history to stay under the cap, so
  // the cap is made smaller than one snapshot: 60,000 fireflies take about 1.5 MB.)
  Dir state("durable-full");
  const std::string log = testing::unique_temp_path("durable-full-log");
  expect_running_unsaved(server_spec(state.path, log, {"--state-max-mb", "1", "--swarm-count", "60000"}), log,
                         "database or disk is full");
}

}  // namespace
}  // namespace meadow
