// One meadow, many edge servers, on NATS (issue 32), end to end: a real nats-server on a free
// loopback port, the real meadow-server as `--role sim` and two `--role edge` processes, and
// viewers on each over WebSocket. A rock placed on edge A is seen on edge B and on the sim; the
// light decodes to the same pixels everywhere; the operator sees and closes viewers on both
// edges; killing edge A leaves edge B's viewers untouched; NATS and the sim restart under the
// edges and their viewers carry on.
#include <gtest/gtest.h>
#include <grpcpp/grpcpp.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <mutex>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "edge/edge_subjects.hpp"
#include "edge/nats_link.hpp"
#include "launch/server_launch.hpp"
#include "meadow/v1/edge.pb.h"
#include "stream/snapshot_mapping.hpp"
#include "meadow/v1/operator.grpc.pb.h"
#include "support/server_process.hpp"
#include "support/temp_path.hpp"
#include "support/test_paths.hpp"
#include "support/viewer_messages.hpp"
#include "watch/frame_follower.hpp"
#include "ws/ws_client.hpp"

namespace meadow {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;
using client::WsClient;
using testing::kReplyWait;

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::uint16_t free_port() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = 0;
  bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
  socklen_t len = sizeof addr;
  getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  close(fd);
  return ntohs(addr.sin_port);
}

bool accepts(std::uint16_t port) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = htons(port);
  const bool ok = connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
  close(fd);
  return ok;
}

// Debian's nats-server on a loopback port, until stopped.
class NatsServer {
 public:
  // `tls_args`: nats-server's TLS flags (--tls --tlscert … --tlskey …); none: plain text.
  explicit NatsServer(std::uint16_t port, std::vector<std::string> tls_args = {})
      : port_(port), tls_args_(std::move(tls_args)) {
    start();
  }
  ~NatsServer() { stop(); }
  NatsServer(const NatsServer&) = delete;
  NatsServer& operator=(const NatsServer&) = delete;

  void start() {
    log_ = testing::unique_temp_path("nats-log");
    pid_ = fork();
    if (pid_ == 0) {
      std::vector<std::string> args = {"nats-server", "-a", "127.0.0.1", "-p", std::to_string(port_), "-l", log_};
      args.insert(args.end(), tls_args_.begin(), tls_args_.end());
      std::vector<char*> argv;
      for (std::string& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      execvp("nats-server", argv.data());
      _exit(127);
    }
    for (int i = 0; i < 100 && !accepts(port_); ++i) std::this_thread::sleep_for(50ms);
    if (!accepts(port_)) {
      stop();
      throw std::runtime_error("nats-server did not start on port " + std::to_string(port_) +
                               " (is Debian's nats-server installed? deploy/setup-debian.sh installs it)");
    }
  }
  void stop() {
    if (pid_ <= 0) return;
    kill(pid_, SIGTERM);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
  }
  [[nodiscard]] std::string url() const { return "nats://127.0.0.1:" + std::to_string(port_); }
  [[nodiscard]] const std::string& log_path() const { return log_; }

 private:
  std::uint16_t port_;
  std::vector<std::string> tls_args_;
  pid_t pid_ = -1;
  std::string log_;
};

// A throw-away CA and a certificate for 127.0.0.1 signed by it, in `dir`.
void make_certificates(const std::filesystem::path& dir) {
  std::filesystem::create_directories(dir);
  const std::string d = dir.string();
  const std::string script =
      "cd '" + d + "' && openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=meadow-test-ca "
      "-keyout ca.key -out ca.pem && openssl req -newkey rsa:2048 -nodes -subj /CN=127.0.0.1 "
      "-keyout server.key -out server.csr && printf 'subjectAltName=IP:127.0.0.1' > san.ext && "
      "openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 1 "
      "-extfile san.ext -out server.pem";
  ASSERT_EQ(std::system(("(" + script + ") >/dev/null 2>&1").c_str()), 0) << "openssl could not make the certificates";
}

// The sim; `with_operator`: its operator port too (gRPC, whose own threads ThreadSanitizer cannot
// judge: the TSan stage runs the tests without it).
client::LaunchSpec sim_spec(const std::string& nats, const std::string& log, std::vector<std::string> more = {},
                            bool with_operator = false) {
  client::LaunchSpec spec;
  spec.binary = MEADOW_SERVER_BIN;
  spec.args = {"--role", "sim", "--nats", nats, "--nats-insecure", "--bind", "127.0.0.1", "--port", "0", "--seed", "5",
               "--swarm-engine", "cpu", "--mold-engine", "cpu", "--no-viewer-grpc", "--web-root",
               MEADOW_TEST_WEB_ROOT};
  if (with_operator) {
    spec.args.insert(spec.args.end(), {"--operator-insecure-local", "--operator-port", "0"});
    spec.wants_operator = true;
  }
  spec.args.insert(spec.args.end(), more.begin(), more.end());
  spec.stderr_path = log;
  return spec;
}

client::LaunchSpec edge_spec(const std::string& nats, const std::string& name, const std::string& log) {
  client::LaunchSpec spec;
  spec.binary = MEADOW_SERVER_BIN;
  spec.args = {"--role", "edge", "--nats", nats, "--nats-insecure", "--edge-name", name, "--bind", "127.0.0.1", "--port", "0",
               "--no-viewer-grpc", "--web-root", MEADOW_TEST_WEB_ROOT};
  spec.stderr_path = log;
  return spec;
}

v1::ClientMessage rock_tap(float x, float y) { return testing::tool_tap(v1::TOOL_ROCK, x, y); }

bool has_rock(const google::protobuf::RepeatedPtrField<v1::Rock>& rocks, float x, float y) {
  for (const v1::Rock& r : rocks) {
    if (std::abs(r.center().x() - x) < 0.01F && std::abs(r.center().y() - y) < 0.01F) return true;
  }
  return false;
}

bool is_welcome(const v1::ServerMessage& s) { return s.has_welcome(); }
bool is_frame(const v1::ServerMessage& s) { return s.has_frame(); }

// A viewer connected and welcomed on `port`.
std::unique_ptr<WsClient> viewer_on(std::uint16_t port) {
  auto viewer = std::make_unique<WsClient>();
  viewer->connect("127.0.0.1", port);
  EXPECT_TRUE(viewer->wait_for(is_welcome, kReplyWait).has_value()) << "no welcome on port " << port;
  return viewer;
}

// The operator's console, by gRPC.
class Operator {
 public:
  explicit Operator(std::uint16_t port)
      : stub_(v1::Operator::NewStub(
            grpc::CreateChannel("127.0.0.1:" + std::to_string(port), grpc::InsecureChannelCredentials()))) {}
  v1::ViewerList viewers() {
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + kReplyWait);
    v1::ViewerList list;
    EXPECT_TRUE(stub_->ListViewers(&context, {}, &list).ok());
    return list;
  }
  v1::Status status() {
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + kReplyWait);
    v1::Status out;
    EXPECT_TRUE(stub_->GetStatus(&context, v1::GetStatusRequest{}, &out).ok());
    return out;
  }
  bool close(std::uint64_t session) {
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + kReplyWait);
    v1::CloseViewerRequest request;
    request.set_session_id(session);
    v1::ActionReply reply;
    return stub_->CloseViewer(&context, request, &reply).ok();
  }
  // Waits until the viewer list satisfies `ok`; returns the last list.
  v1::ViewerList wait_for(const std::function<bool(const v1::ViewerList&)>& ok) {
    v1::ViewerList list;
    const auto until = Clock::now() + kReplyWait;
    while (Clock::now() < until) {
      list = viewers();
      if (ok(list)) break;
      std::this_thread::sleep_for(100ms);
    }
    return list;
  }

 private:
  std::unique_ptr<v1::Operator::Stub> stub_;
};

std::size_t on_edge(const v1::ViewerList& list, const std::string& edge) {
  std::size_t n = 0;
  for (const v1::ViewerInfo& v : list.viewers()) n += v.edge() == edge ? 1 : 0;
  return n;
}

std::string healthz(std::uint16_t port) { return testing::http_request(port, "GET /healthz HTTP/1.0"); }

// Frames keep coming to `viewer` for `span` with no gap longer than `gap`; returns how many came.
int frames_without_gap(WsClient& viewer, std::chrono::milliseconds span, std::chrono::milliseconds gap) {
  int frames = 0;
  const auto until = Clock::now() + span;
  while (Clock::now() < until) {
    if (!viewer.wait_for(is_frame, gap).has_value()) return -1;
    ++frames;
  }
  return frames;
}

class EdgesEndToEnd : public ::testing::Test {
 protected:
  void SetUp() override {
    nats_ = std::make_unique<NatsServer>(free_port());
    sim_log_ = testing::unique_temp_path("edges-sim-log");
    a_log_ = testing::unique_temp_path("edges-a-log");
    b_log_ = testing::unique_temp_path("edges-b-log");
  }
  void start_all(bool with_operator = false) {
    sim_ = std::make_unique<client::LaunchedServer>(sim_spec(nats_->url(), sim_log_, {}, with_operator));
    a_ = std::make_unique<client::LaunchedServer>(edge_spec(nats_->url(), "edge-a", a_log_));
    b_ = std::make_unique<client::LaunchedServer>(edge_spec(nats_->url(), "edge-b", b_log_));
  }
  [[nodiscard]] std::string logs() const {
    return "--- sim\n" + read_file(sim_log_) + "--- edge-a\n" + read_file(a_log_) + "--- edge-b\n" + read_file(b_log_);
  }
  void stop_all() {
    // Edges first (they say goodbye), then the sim; each must exit cleanly.
    for (auto* server : {&a_, &b_, &sim_}) {
      if (*server) {
        EXPECT_EQ((*server)->stop(), 0) << logs();
      }
    }
  }

  std::unique_ptr<NatsServer> nats_;
  std::string sim_log_, a_log_, b_log_;
  std::unique_ptr<client::LaunchedServer> sim_, a_, b_;
};

TEST_F(EdgesEndToEnd, ARockPlacedOnEdgeAIsSeenOnEdgeBAndOnTheSim) {
  start_all();
  auto on_a = viewer_on(a_->port());
  auto on_b = viewer_on(b_->port());
  auto on_sim = viewer_on(sim_->port());
  on_a->send(rock_tap(400.0F, 300.0F));
  const auto seen = [](const v1::ServerMessage& s) { return s.has_rocks() && has_rock(s.rocks().rocks(), 400.0F, 300.0F); };
  EXPECT_TRUE(on_a->wait_for(seen, kReplyWait).has_value()) << logs();
  EXPECT_TRUE(on_b->wait_for(seen, kReplyWait).has_value()) << logs();
  EXPECT_TRUE(on_sim->wait_for(seen, kReplyWait).has_value()) << logs();
  // A viewer who joins edge B later is welcomed with the rock.
  auto late = viewer_on(b_->port());
  // (viewer_on consumed the welcome; a new one shows it.)
  WsClient check;
  check.connect("127.0.0.1", b_->port());
  const auto welcome = check.wait_for(is_welcome, kReplyWait);
  ASSERT_TRUE(welcome.has_value());
  EXPECT_TRUE(has_rock(welcome->welcome().rocks(), 400.0F, 300.0F)) << logs();
  // The sim validates again: an edge viewer's refusals come back to that viewer alone.
  for (int i = 0; i < 12; ++i) on_a->send(rock_tap(100.0F + 50.0F * static_cast<float>(i), 700.0F));
  const auto refused = on_a->wait_for([](const v1::ServerMessage& s) { return s.has_notice(); }, kReplyWait);
  EXPECT_TRUE(refused.has_value()) << "the rock cooldown's or cap's notice never reached the viewer on edge A\n" << logs();
  check.close();
  late->close();
  on_a->close();
  on_b->close();
  on_sim->close();
  stop_all();
}

TEST_F(EdgesEndToEnd, TheLightDecodesToTheSamePixelsOnBothEdgesAndOnTheSim) {
  start_all();
  std::vector<std::uint16_t> ports = {sim_->port(), a_->port(), b_->port()};
  std::vector<std::unique_ptr<WsClient>> viewers;
  for (const std::uint16_t port : ports) viewers.push_back(viewer_on(port));
  // Each viewer's decoded light by tick, for two seconds.
  std::vector<std::map<std::uint64_t, std::vector<std::uint8_t>>> light(viewers.size());
  std::vector<client::FrameFollower> followers;
  for (std::size_t i = 0; i < viewers.size(); ++i) followers.emplace_back(true);
  const auto until = Clock::now() + 3s;
  while (Clock::now() < until) {
    for (std::size_t i = 0; i < viewers.size(); ++i) {
      auto message = viewers[i]->next(5ms);
      if (!message) continue;
      const std::size_t bytes = message->ByteSizeLong();
      followers[i].take(std::move(*message), bytes, Clock::now());
      if (const auto& raster = followers[i].light()) light[i][raster->tick] = raster->pixels;
    }
  }
  std::size_t compared = 0;
  for (const auto& [tick, pixels] : light[0]) {
    const auto a = light[1].find(tick);
    const auto b = light[2].find(tick);
    if (a == light[1].end() || b == light[2].end()) continue;
    EXPECT_EQ(a->second, pixels) << "edge A's light differs from the sim's at tick " << tick;
    EXPECT_EQ(b->second, pixels) << "edge B's light differs from the sim's at tick " << tick;
    ++compared;
  }
  EXPECT_GE(compared, 5U) << "too few frames were seen by all three viewers\n" << logs();
  for (const auto& f : followers) EXPECT_EQ(f.light_errors(), 0U);
  for (auto& v : viewers) v->close();
  stop_all();
}

TEST_F(EdgesEndToEnd, TheOperatorSeesAndClosesViewersOnBothEdges) {
  start_all(true);
  auto on_a = viewer_on(a_->port());
  auto on_b1 = viewer_on(b_->port());
  auto on_b2 = viewer_on(b_->port());
  auto on_sim = viewer_on(sim_->port());
  Operator op(sim_->operator_port());
  const v1::ViewerList list =
      op.wait_for([](const v1::ViewerList& l) { return on_edge(l, "edge-a") == 1 && on_edge(l, "edge-b") == 2; });
  EXPECT_EQ(on_edge(list, "edge-a"), 1U) << list.DebugString() << logs();
  EXPECT_EQ(on_edge(list, "edge-b"), 2U) << list.DebugString();
  EXPECT_EQ(on_edge(list, ""), 1U) << "the sim's own viewer" << list.DebugString();
  // The status names each edge with its viewers; the viewers in all count every server's.
  const v1::Status status = op.status();
  EXPECT_EQ(status.viewers(), 4U) << status.DebugString();
  ASSERT_EQ(status.edges_size(), 2) << status.DebugString();
  EXPECT_EQ(status.edges(0).name(), "edge-a");
  EXPECT_EQ(status.edges(0).viewers(), 1U);
  EXPECT_EQ(status.edges(1).name(), "edge-b");
  EXPECT_EQ(status.edges(1).viewers(), 2U);
  // Every viewer's frames count the viewers of every server.
  const auto four = [](const v1::ServerMessage& s) { return s.has_frame() && s.frame().viewers() == 4; };
  EXPECT_TRUE(on_a->wait_for(four, kReplyWait).has_value()) << logs();
  // Closing a viewer on edge B from the sim's console.
  std::uint64_t target = 0;
  for (const v1::ViewerInfo& v : list.viewers()) {
    if (v.edge() == "edge-b") target = v.session_id();
  }
  ASSERT_NE(target, 0U);
  EXPECT_TRUE(op.close(target));
  const v1::ViewerList after = op.wait_for([](const v1::ViewerList& l) { return on_edge(l, "edge-b") == 1; });
  EXPECT_EQ(on_edge(after, "edge-b"), 1U) << after.DebugString() << logs();
  on_a->close();
  on_b1->close();
  on_b2->close();
  on_sim->close();
  stop_all();
}

TEST_F(EdgesEndToEnd, KillingEdgeALeavesEdgeBsViewersUntouched) {
  start_all(true);
  auto on_a = viewer_on(a_->port());
  auto on_b = viewer_on(b_->port());
  Operator op(sim_->operator_port());
  op.wait_for([](const v1::ViewerList& l) { return on_edge(l, "edge-a") == 1 && on_edge(l, "edge-b") == 1; });
  ASSERT_EQ(kill(a_->pid(), SIGKILL), 0);
  // Edge B's viewer sees frames on, never waiting a second for one (a slow sanitizer build still
  // sends several a second).
  EXPECT_GE(frames_without_gap(*on_b, 4s, 1s), 4) << logs();
  // The sim forgets edge A's viewer once A is silent (3 s).
  const v1::ViewerList list = op.wait_for([](const v1::ViewerList& l) { return on_edge(l, "edge-a") == 0; });
  EXPECT_EQ(on_edge(list, "edge-a"), 0U) << list.DebugString() << logs();
  EXPECT_EQ(on_edge(list, "edge-b"), 1U);
  // And edge B still places rocks.
  on_b->send(rock_tap(500.0F, 500.0F));
  EXPECT_TRUE(on_b->wait_for([](const v1::ServerMessage& s) { return s.has_rocks() && has_rock(s.rocks().rocks(), 500.0F, 500.0F); },
                             kReplyWait)
                  .has_value());
  on_b->close();
  a_->stop();  // already dead: its status is not this test's business
  a_.reset();
  stop_all();
}

TEST_F(EdgesEndToEnd, ANatsRestartIsSurvived) {
  start_all();
  auto on_b = viewer_on(b_->port());
  ASSERT_TRUE(on_b->wait_for(is_frame, kReplyWait).has_value());
  nats_->stop();
  std::this_thread::sleep_for(1500ms);
  nats_->start();
  // Everyone reconnects (a second apart); frames flow again and actions reach the sim.
  EXPECT_TRUE(on_b->wait_for(is_frame, kReplyWait).has_value()) << logs();
  const auto seen = [](const v1::ServerMessage& s) { return s.has_rocks() && has_rock(s.rocks().rocks(), 700.0F, 200.0F); };
  std::optional<v1::ServerMessage> rock;
  for (int attempt = 0; attempt < 5 && !rock; ++attempt) {
    on_b->send(rock_tap(700.0F, 200.0F));
    rock = on_b->wait_for(seen, 3s);
  }
  EXPECT_TRUE(rock.has_value()) << logs();
  on_b->close();
  stop_all();
}

TEST_F(EdgesEndToEnd, ASimRestartLeavesTheEdgesUpAndTheMeadowResumesAsItWas) {
  const std::filesystem::path state = testing::unique_temp_path("edges-state");
  std::filesystem::remove_all(state);
  sim_ = std::make_unique<client::LaunchedServer>(sim_spec(nats_->url(), sim_log_, {"--state-dir", state.string()}));
  a_ = std::make_unique<client::LaunchedServer>(edge_spec(nats_->url(), "edge-a", a_log_));
  auto on_a = viewer_on(a_->port());
  on_a->send(rock_tap(300.0F, 600.0F));
  ASSERT_TRUE(on_a->wait_for([](const v1::ServerMessage& s) { return s.has_rocks() && has_rock(s.rocks().rocks(), 300.0F, 600.0F); },
                             kReplyWait)
                  .has_value())
      << logs();
  EXPECT_EQ(sim_->stop(), 0) << logs();
  // The viewer stays connected and is told; the edge says it is not ready.
  const auto returning = on_a->wait_for(
      [](const v1::ServerMessage& s) { return s.has_notice() && s.notice().code() == "meadow_returning"; }, kReplyWait);
  EXPECT_TRUE(returning.has_value()) << logs();
  EXPECT_NE(healthz(a_->port()).find("503"), std::string::npos);
  // The series the alert MeadowEdgeWithoutSim reads (deploy/prometheus/meadow-alerts.yml).
  const std::string metrics = testing::http_request(a_->port(), "GET /metrics HTTP/1.0");
  EXPECT_NE(metrics.find("\nmeadow_edge_sim_up 0\n"), std::string::npos) << metrics;
  EXPECT_NE(metrics.find("\nmeadow_nats_connected 1\n"), std::string::npos) << metrics;
  const std::string sim_log2 = testing::unique_temp_path("edges-sim2-log");
  sim_ = std::make_unique<client::LaunchedServer>(sim_spec(nats_->url(), sim_log2, {"--state-dir", state.string()}));
  EXPECT_TRUE(on_a->wait_for([](const v1::ServerMessage& s) { return s.has_notice() && s.notice().code() == "meadow_back"; },
                             kReplyWait)
                  .has_value())
      << logs() << read_file(sim_log2);
  // Frames again, and the meadow as it was: the rock is there for a newcomer on the same edge.
  EXPECT_TRUE(on_a->wait_for(is_frame, kReplyWait).has_value());
  EXPECT_NE(healthz(a_->port()).find("200 OK"), std::string::npos);
  WsClient newcomer;
  newcomer.connect("127.0.0.1", a_->port());
  const auto welcome = newcomer.wait_for(is_welcome, kReplyWait);
  ASSERT_TRUE(welcome.has_value());
  EXPECT_TRUE(has_rock(welcome->welcome().rocks(), 300.0F, 600.0F)) << logs() << read_file(sim_log2);
  // The viewer who stayed acts in the new sim, as the same viewer: the restored meadow still holds
  // its rock tap's cooldown (a restart does not reset a viewer's limits), then takes its rock.
  std::string notices;
  std::optional<v1::ServerMessage> placed;
  for (int attempt = 0; attempt < 10 && !placed; ++attempt) {
    on_a->send(rock_tap(900.0F, 600.0F));
    placed = on_a->wait_for(
        [&notices](const v1::ServerMessage& s) {
          if (s.has_notice()) notices += s.notice().code() + " ";
          return s.has_rocks() && has_rock(s.rocks().rocks(), 900.0F, 600.0F);
        },
        1s);
  }
  EXPECT_TRUE(placed.has_value()) << "notices: " << notices << "\n" << logs() << read_file(sim_log2)
                                  << testing::http_request(sim_->port(), "GET /metrics HTTP/1.0");
  newcomer.close();
  on_a->close();
  stop_all();
  std::filesystem::remove_all(state);
}

TEST_F(EdgesEndToEnd, ASlowEdgeSlowsNeitherTheSimNorTheOtherEdges) {
  start_all();
  auto on_b = viewer_on(b_->port());
  auto on_sim = viewer_on(sim_->port());
  ASSERT_TRUE(on_b->wait_for(is_frame, kReplyWait).has_value());
  // Edge A stops reading altogether (as a machine that hangs): NATS holds what it can for it and
  // then drops it; the sim publishes on, and edge B's and the sim's viewers see no gap.
  ASSERT_EQ(kill(a_->pid(), SIGSTOP), 0);
  std::thread sim_viewer([&] { EXPECT_GE(frames_without_gap(*on_sim, 4s, 1s), 4) << "the sim's own viewer"; });
  EXPECT_GE(frames_without_gap(*on_b, 4s, 1s), 4) << logs();
  sim_viewer.join();
  ASSERT_EQ(kill(a_->pid(), SIGCONT), 0);
  // Woken, edge A serves again: it catches up with the newest frames, and the sim, which gave it
  // up after 3 s of silence, takes its viewers' actions again.
  auto on_a = viewer_on(a_->port());
  EXPECT_TRUE(on_a->wait_for(is_frame, kReplyWait).has_value()) << logs();
  on_a->send(rock_tap(820.0F, 420.0F));
  EXPECT_TRUE(on_a->wait_for([](const v1::ServerMessage& s) { return s.has_rocks() && has_rock(s.rocks().rocks(), 820.0F, 420.0F); },
                             kReplyWait)
                  .has_value())
      << logs();
  on_a->close();
  on_b->close();
  on_sim->close();
  stop_all();
}

TEST_F(EdgesEndToEnd, TwoEdgesGivenOneNameAreCalledOut) {
  sim_ = std::make_unique<client::LaunchedServer>(sim_spec(nats_->url(), sim_log_));
  a_ = std::make_unique<client::LaunchedServer>(edge_spec(nats_->url(), "edge-a", a_log_));
  b_ = std::make_unique<client::LaunchedServer>(edge_spec(nats_->url(), "edge-a", b_log_));  // copied by mistake
  // The first edge's reports go on under the name the second one's hello took: the clash.
  const auto clashes_counted = [this] {
    const std::string metrics = testing::http_request(sim_->port(), "GET /metrics HTTP/1.0");
    return metrics.find("\nmeadow_edge_name_clashes_total ") != std::string::npos &&
           metrics.find("\nmeadow_edge_name_clashes_total 0\n") == std::string::npos;
  };
  bool counted = false;
  for (int i = 0; i < 50 && !counted; ++i) {
    counted = clashes_counted();
    if (!counted) std::this_thread::sleep_for(100ms);
  }
  EXPECT_TRUE(counted) << testing::http_request(sim_->port(), "GET /metrics HTTP/1.0");
  EXPECT_NE(read_file(sim_log_).find("two edge servers are named 'edge-a'"), std::string::npos) << logs();
  stop_all();
}

// A metric of `port`'s /metrics, 0 when it is not there.
double metric_of(std::uint16_t port, const std::string& name) {
  const std::string metrics = testing::http_request(port, "GET /metrics HTTP/1.0");
  const std::size_t at = metrics.find("\n" + name + " ");
  return at == std::string::npos ? 0.0 : std::strtod(metrics.c_str() + at + name.size() + 2, nullptr);
}

// The first frame a NATS client hears from the sim, to forge from.
class FirstFrame {
 public:
  FirstFrame(edge::NatsLink& link, const edge::EdgeSubjects& subjects)
      : subscription_(link.subscribe(subjects.all_frames(), [this](const edge::NatsMessage& m) {
          v1::EdgeFrame f;
          if (!f.ParseFromArray(m.data.data(), static_cast<int>(m.data.size()))) return;
          const std::lock_guard lock(mutex_);
          if (!frame_) frame_ = std::move(f);
        })) {}
  ~FirstFrame() { subscription_.reset(); }  // before the frame its handler writes
  FirstFrame(const FirstFrame&) = delete;
  FirstFrame& operator=(const FirstFrame&) = delete;
  // Waits up to 5 s for it.
  [[nodiscard]] std::optional<v1::EdgeFrame> wait() {
    for (int i = 0; i < 100; ++i) {
      {
        const std::lock_guard lock(mutex_);
        if (frame_) return frame_;
      }
      std::this_thread::sleep_for(50ms);
    }
    return std::nullopt;
  }

 private:
  std::mutex mutex_;
  std::optional<v1::EdgeFrame> frame_;
  std::unique_ptr<edge::NatsLink::Subscription> subscription_;
};

// A client on NATS that says hello as an edge of its own and then tries what a compromised edge
// would (without NATS's accounts to stop it publishing): act as a viewer of the sim's own by
// listing it in a report, take other viewers' trails and video away with counts that wrap, send
// viewers' leaving for nobody, and freeze every edge's picture with one frame numbered far ahead.
// Each fails: the sim's viewer keeps its trails and is not acted for, and the edges keep serving.
TEST_F(EdgesEndToEnd, ARogueOnNatsCannotActForOthersNorFreezeTheEdges) {
  start_all();
  WsClient on_sim;
  on_sim.connect("127.0.0.1", sim_->port());
  const auto welcome = on_sim.wait_for(is_welcome, kReplyWait);
  ASSERT_TRUE(welcome.has_value());
  const std::uint64_t sims_viewer = welcome->welcome().session_id();
  v1::ClientMessage watch;
  watch.mutable_watch_trails()->set_on(true);
  on_sim.send(watch);
  const auto trail_points = [](const v1::ServerMessage& s) { return s.has_trail_points(); };
  ASSERT_TRUE(on_sim.wait_for(trail_points, kReplyWait).has_value()) << logs();
  auto on_a = viewer_on(a_->port());

  edge::NatsLink rogue(edge::NatsOptions{.url = nats_->url(), .name = "rogue"});
  const edge::EdgeSubjects subjects{"meadow"};
  FirstFrame first(rogue, subjects);  // a real frame of the sim's, to forge from
  v1::EdgeHello hello;
  hello.set_edge("rogue");
  hello.set_instance(42);
  std::optional<std::string> answer;
  for (int i = 0; i < 50 && !answer; ++i) answer = rogue.request(subjects.hello("rogue"), hello.SerializeAsString(), 200ms);
  ASSERT_TRUE(answer.has_value()) << "the sim welcomes any edge (NATS's permissions are what keep one out)";

  const double refused_before = metric_of(sim_->port(), "meadow_edge_actions_refused_total");
  v1::EdgeReport report;
  report.set_edge("rogue");
  report.set_instance(42);
  report.add_viewers()->set_session_id(sims_viewer);
  report.set_trail_watchers(0xFFFFFFFFU);  // -1 once wrapped: the sim's trails would stop
  for (std::size_t w = 0; w < sim::kWorldKinds; ++w) report.add_video_viewers(0xFFFFFFFFU);
  rogue.publish(subjects.report("rogue"), report.SerializeAsString());
  v1::EdgeActions actions;
  actions.set_edge("rogue");
  stream::to_proto(stream::JournalEntry{0, sim::Action{sims_viewer, 0, sim::RockTap{{777.0F, 333.0F}}}},
                   *actions.add_actions());
  stream::to_proto(stream::JournalEntry{0, sim::Action{sims_viewer, 0, sim::ViewerLeft{}}}, *actions.add_actions());
  for (std::uint64_t nobody = 1; nobody <= 1000; ++nobody) {  // leaving, for viewers that never acted
    stream::to_proto(stream::JournalEntry{0, sim::Action{nobody, 0, sim::ViewerLeft{}}}, *actions.add_actions());
  }
  rogue.publish(subjects.actions("rogue"), actions.SerializeAsString());
  // Every one refused, as the sim counts them.
  bool all_refused = false;
  for (int i = 0; i < 50 && !all_refused; ++i) {
    all_refused = metric_of(sim_->port(), "meadow_edge_actions_refused_total") >= refused_before + 1002;
    if (!all_refused) std::this_thread::sleep_for(100ms);
  }
  EXPECT_TRUE(all_refused) << metric_of(sim_->port(), "meadow_edge_actions_refused_total") - refused_before << " refused\n"
                           << logs();

  // The forged frame: the sim's own, numbered far ahead.
  std::optional<v1::EdgeFrame> forged = first.wait();
  ASSERT_TRUE(forged.has_value());
  forged->set_number(std::uint64_t{1} << 62U);
  forged->set_worlds_in_bundle(1);
  rogue.publish(subjects.frame(sim::WorldKind::swarm), forged->SerializeAsString());
  std::this_thread::sleep_for(300ms);
  EXPECT_GT(frames_without_gap(*on_a, 2s, 500ms), 10) << "edge A's picture froze\n" << logs();
  EXPECT_GE(metric_of(a_->port(), "meadow_edge_frames_implausible_total"), 1.0) << logs();
  // The sim's viewer still gets its trails, and was not acted for: its own rock goes where it
  // asks, and the rogue's is nowhere.
  EXPECT_TRUE(on_sim.wait_for(trail_points, kReplyWait).has_value()) << "the sim's viewer lost its trails\n" << logs();
  on_sim.send(rock_tap(600.0F, 300.0F));
  const auto rocks = on_sim.wait_for(
      [](const v1::ServerMessage& s) { return s.has_rocks() && has_rock(s.rocks().rocks(), 600.0F, 300.0F); }, kReplyWait);
  ASSERT_TRUE(rocks.has_value()) << logs();
  EXPECT_FALSE(has_rock(rocks->rocks().rocks(), 777.0F, 333.0F)) << "the rogue placed a rock as the sim's viewer";
  on_a->close();
  on_sim.close();
  stop_all();
}

// NATS over TLS, as across machines: the server's certificate checked against --nats-tls-ca.
class EdgesOverTls : public EdgesEndToEnd {
 protected:
  void SetUp() override {
    certs_ = testing::unique_temp_path("edges-certs");
    make_certificates(certs_);
    const std::string dir = certs_.string();
    nats_ = std::make_unique<NatsServer>(
        free_port(), std::vector<std::string>{"--tls", "--tlscert", dir + "/server.pem", "--tlskey", dir + "/server.key"});
    sim_log_ = testing::unique_temp_path("edges-tls-sim-log");
    a_log_ = testing::unique_temp_path("edges-tls-a-log");
    b_log_ = testing::unique_temp_path("edges-tls-b-log");
  }
  void TearDown() override { std::filesystem::remove_all(certs_); }
  std::filesystem::path certs_;
};

TEST_F(EdgesOverTls, TheSimAndAnEdgeTalkOverTls) {
  const std::string ca = (certs_ / "ca.pem").string();
  sim_ = std::make_unique<client::LaunchedServer>(sim_spec(nats_->url(), sim_log_, {"--nats-tls-ca", ca}));
  client::LaunchSpec edge = edge_spec(nats_->url(), "edge-a", a_log_);
  edge.args.insert(edge.args.end(), {"--nats-tls-ca", ca});
  a_ = std::make_unique<client::LaunchedServer>(edge);
  auto on_a = viewer_on(a_->port());
  on_a->send(rock_tap(640.0F, 360.0F));
  EXPECT_TRUE(on_a->wait_for([](const v1::ServerMessage& s) { return s.has_rocks() && has_rock(s.rocks().rocks(), 640.0F, 360.0F); },
                             kReplyWait)
                  .has_value())
      << logs();
  on_a->close();
  stop_all();
}

// NATS as shipped (deploy/nats/nats-server.conf with what make-credentials.sh makes): TLS, a
// certificate of the meadow's own CA for every client, and each allowed only its own subjects.
class EdgesOnLockedNats : public EdgesEndToEnd {
 protected:
  void SetUp() override {
    dir_ = testing::unique_temp_path("locked-nats");
    std::filesystem::create_directories(dir_);
    const std::string source = testing::paths::source_dir;
    ASSERT_EQ(std::system(("'" + source + "/deploy/nats/make-credentials.sh' '" + (dir_ / "tls").string() +
                           "' edge-a edge-b >/dev/null")
                              .c_str()),
              0);
    // The shipped file, its certificates' folder here and without the monitoring port.
    std::istringstream shipped(read_file(source + "/deploy/nats/nats-server.conf"));
    std::ofstream conf(dir_ / "nats-server.conf");
    for (std::string line; std::getline(shipped, line);) {
      if (line.starts_with("http:")) continue;
      for (std::size_t at = line.find("/etc/nats/tls"); at != std::string::npos; at = line.find("/etc/nats/tls")) {
        line.replace(at, std::string_view("/etc/nats/tls").size(), (dir_ / "tls").string());
      }
      conf << line << '\n';
    }
    conf.close();
    nats_ = std::make_unique<NatsServer>(free_port(), std::vector<std::string>{"-c", (dir_ / "nats-server.conf").string()});
    sim_log_ = testing::unique_temp_path("edges-locked-sim-log");
    a_log_ = testing::unique_temp_path("edges-locked-a-log");
    b_log_ = testing::unique_temp_path("edges-locked-b-log");
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  // `spec` with `who`'s certificate instead of --nats-insecure.
  [[nodiscard]] client::LaunchSpec locked(client::LaunchSpec spec, const std::string& who) const {
    std::erase(spec.args, std::string("--nats-insecure"));
    const std::string tls = (dir_ / "tls").string();
    spec.args.insert(spec.args.end(), {"--nats-tls-ca", tls + "/ca.pem", "--nats-tls-cert", tls + "/" + who + ".pem",
                                       "--nats-tls-key", tls + "/" + who + ".key"});
    return spec;
  }
  // A NATS client of the test's own holding `who`'s certificate (none: only the CA).
  [[nodiscard]] edge::NatsOptions holding(const std::string& who) const {
    const std::string tls = (dir_ / "tls").string();
    edge::NatsOptions options{.url = nats_->url(), .tls_ca = tls + "/ca.pem", .name = "rogue"};
    if (!who.empty()) {
      options.tls_cert = tls + "/" + who + ".pem";
      options.tls_key = tls + "/" + who + ".key";
    }
    return options;
  }
  void start_locked() {
    sim_ = std::make_unique<client::LaunchedServer>(locked(sim_spec(nats_->url(), sim_log_), "sim"));
    a_ = std::make_unique<client::LaunchedServer>(locked(edge_spec(nats_->url(), "edge-a", a_log_), "edge-a"));
    b_ = std::make_unique<client::LaunchedServer>(locked(edge_spec(nats_->url(), "edge-b", b_log_), "edge-b"));
  }
  // Waits until NATS's log says it refused `subject` to edge A's user ("Publish Violation - User
  // …, Subject …" or "Subscription Violation - …").
  [[nodiscard]] bool nats_refused(const std::string& subject) const {
    const std::string said = "Violation - User \"edge-a@meadow.nats.meadow\", Subject \"" + subject + "\"";
    for (int i = 0; i < 50; ++i) {
      if (read_file(nats_->log_path()).find(said) != std::string::npos) return true;
      std::this_thread::sleep_for(100ms);
    }
    return false;
  }
  std::filesystem::path dir_;
};

TEST_F(EdgesOnLockedNats, TheSimAndItsEdgesWorkWithTheirOwnCertificates) {
  start_locked();
  auto on_a = viewer_on(a_->port());
  auto on_b = viewer_on(b_->port());
  on_a->send(rock_tap(640.0F, 360.0F));
  const auto seen = [](const v1::ServerMessage& s) { return s.has_rocks() && has_rock(s.rocks().rocks(), 640.0F, 360.0F); };
  EXPECT_TRUE(on_b->wait_for(seen, kReplyWait).has_value()) << logs();
  // Without a certificate of the meadow's CA, NATS answers nothing: no welcome, no session ids.
  edge::NatsLink stranger(holding(""));
  v1::EdgeHello hello;
  hello.set_edge("stranger");
  EXPECT_FALSE(stranger.request(edge::EdgeSubjects{"meadow"}.hello("stranger"), hello.SerializeAsString(), 2s).has_value());
  on_a->close();
  on_b->close();
  stop_all();
}

// A rogue holding edge A's certificate (a compromised edge) tries what the open NATS allowed: to
// forge frames and broadcasts, to speak as edge B (its hello, its report saying it left), to read
// edge B's viewers' messages and other edges' welcomes, to name edge B in a message on its own
// subject, and to act for edge B's viewer. NATS refuses the first ones, the sim the rest; edge
// B's viewer keeps its picture and its place in the meadow.
TEST_F(EdgesOnLockedNats, ARogueWithOneEdgesCertificateCannotActAsAnother) {
  start_locked();
  auto on_b = viewer_on(b_->port());
  ASSERT_TRUE(on_b->wait_for(is_frame, kReplyWait).has_value()) << logs();
  const std::uint64_t b_viewer = [&] {
    WsClient probe;
    probe.connect("127.0.0.1", b_->port());
    const auto w = probe.wait_for(is_welcome, kReplyWait);
    return w ? w->welcome().session_id() : 0;
  }();
  ASSERT_NE(b_viewer, 0U);
  on_b->send(rock_tap(100.0F, 100.0F));  // so that edge B's viewers are in the meadow

  edge::NatsLink rogue(holding("edge-a"));
  const edge::EdgeSubjects subjects{"meadow"};
  FirstFrame first(rogue, subjects);
  std::optional<v1::EdgeFrame> forged = first.wait();
  ASSERT_TRUE(forged.has_value()) << "an edge's certificate reads the frames";
  forged->set_number(std::uint64_t{1} << 62U);
  rogue.publish(subjects.frame(sim::WorldKind::swarm), forged->SerializeAsString());
  v1::EdgeReliable broadcast;
  rogue.publish(subjects.broadcast(), broadcast.SerializeAsString());
  v1::EdgeReport left;
  left.set_edge("edge-b");
  left.set_leaving(true);
  rogue.publish(subjects.report("edge-b"), left.SerializeAsString());
  v1::EdgeHello hello;
  hello.set_edge("edge-b");
  EXPECT_FALSE(rogue.request(subjects.hello("edge-b"), hello.SerializeAsString(), 1s).has_value());
  auto others_viewers = rogue.subscribe(subjects.to_viewer("edge-b"), [](const edge::NatsMessage&) {});
  auto welcomes = rogue.subscribe("_INBOX.>", [](const edge::NatsMessage&) {});

  EXPECT_TRUE(nats_refused("meadow.frame.swarm")) << read_file(nats_->log_path());
  EXPECT_TRUE(nats_refused("meadow.broadcast")) << read_file(nats_->log_path());
  EXPECT_TRUE(nats_refused("meadow.report.edge-b")) << read_file(nats_->log_path());
  EXPECT_TRUE(nats_refused("meadow.hello.edge-b")) << read_file(nats_->log_path());
  EXPECT_TRUE(nats_refused("meadow.edge.edge-b.viewer")) << read_file(nats_->log_path());
  EXPECT_TRUE(nats_refused("_INBOX.>")) << read_file(nats_->log_path());

  // On its own subjects: naming edge B, and acting for edge B's viewer as edge A.
  const double impostors_before = metric_of(sim_->port(), "meadow_edge_impostors_total");
  const double refused_before = metric_of(sim_->port(), "meadow_edge_actions_refused_total");
  rogue.publish(subjects.report("edge-a"), left.SerializeAsString());
  v1::EdgeActions actions;
  actions.set_edge("edge-a");
  stream::to_proto(stream::JournalEntry{0, sim::Action{b_viewer, 0, sim::RockTap{{777.0F, 333.0F}}}}, *actions.add_actions());
  rogue.publish(subjects.actions("edge-a"), actions.SerializeAsString());
  bool refused = false;
  for (int i = 0; i < 50 && !refused; ++i) {
    refused = metric_of(sim_->port(), "meadow_edge_impostors_total") >= impostors_before + 1 &&
              metric_of(sim_->port(), "meadow_edge_actions_refused_total") >= refused_before + 1;
    if (!refused) std::this_thread::sleep_for(100ms);
  }
  EXPECT_TRUE(refused) << logs();

  // Edge B and its viewer as before: frames without a gap, still in the meadow, its rock its own.
  EXPECT_GT(frames_without_gap(*on_b, 2s, 500ms), 10) << "edge B's picture froze\n" << logs();
  EXPECT_EQ(metric_of(sim_->port(), "meadow_edges"), 2.0) << logs();
  on_b->send(rock_tap(200.0F, 200.0F));
  const auto rocks = on_b->wait_for(
      [](const v1::ServerMessage& s) { return s.has_rocks() && has_rock(s.rocks().rocks(), 200.0F, 200.0F); }, kReplyWait);
  ASSERT_TRUE(rocks.has_value()) << logs();
  EXPECT_FALSE(has_rock(rocks->rocks().rocks(), 777.0F, 333.0F)) << "the rogue placed a rock as edge B's viewer";
  others_viewers.reset();
  welcomes.reset();
  on_b->close();
  stop_all();
}

}  // namespace
}  // namespace meadow
