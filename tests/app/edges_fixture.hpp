#pragma once
// What the edges' end-to-end tests share (edges_e2e_test.cpp, edges_locked_nats_e2e_test.cpp): a
// real nats-server on a free loopback port, the real meadow-server as `--role sim` and two
// `--role edge` processes, viewers on each over WebSocket, the operator's console, and helpers
// that read what they say.
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

}  // namespace
}  // namespace meadow
