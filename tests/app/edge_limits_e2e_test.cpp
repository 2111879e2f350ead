// The server's door against a real process: viewer and connection slots taken atomically and
// capped per address, refusals with reasons, the security headers and HEAD, /metrics on its own
// address, and the accept loop backing off when descriptors run out. Each test's clients connect
// from their own loopback addresses (127.0.0.N), as separate hosts would.
#include <gtest/gtest.h>

#include <grpcpp/grpcpp.h>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "abuse/raw_probe.hpp"
#include "launch/server_launch.hpp"
#include "support/server_process.hpp"
#include "support/temp_path.hpp"
#include "support/test_paths.hpp"
#include "watch/metrics_scrape.hpp"

namespace meadow {
namespace {

using client::abuse::ProbeGroup;
using client::abuse::ProbeResult;
using client::abuse::ProbeSpec;
using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

constexpr const char* kUpgrade =
    "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";

// Probes on their own I/O thread.
class Probes {
 public:
  Probes() : thread_([this] { io_.run(); }) {}
  ~Probes() {
    group_.stop_all();
    work_.reset();
    io_.stop();
  }
  void add(std::uint16_t port, const std::string& from, std::string request) {
    ProbeSpec spec;
    spec.server_port = port;
    spec.source_address = from;
    spec.request = std::move(request);
    group_.add(std::move(spec));
  }
  bool wait(std::chrono::milliseconds within) { return group_.wait_answered(Clock::now() + within); }
  std::vector<ProbeResult> stop() {
    group_.stop_all();
    return group_.results();
  }
  [[nodiscard]] std::vector<ProbeResult> results() const { return group_.results(); }

 private:
  boost::asio::io_context io_;
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work_ = boost::asio::make_work_guard(io_);
  ProbeGroup group_{io_};
  std::jthread thread_;
};

std::size_t with_status(const std::vector<ProbeResult>& results, int status) {
  return static_cast<std::size_t>(std::count_if(results.begin(), results.end(), [status](const ProbeResult& r) {
    return r.kind == ProbeResult::Kind::kAnswered && r.status == status;
  }));
}

std::unique_ptr<testing::ServerProcess> start(std::vector<std::string> extra) {
  std::vector<std::string> args{"--seed", "5", "--swarm-count", "500", "--swarm-engine", "cpu", "--log-level", "warn",
                                "--web-root", MEADOW_TEST_WEB_ROOT};
  args.insert(args.end(), extra.begin(), extra.end());
  return std::make_unique<testing::ServerProcess>(MEADOW_SERVER_BIN, args);
}

TEST(EdgeLimits, ABurstOfUpgradesTakesExactlyTheFreeViewerSlots) {
  auto server = start({"--max-viewers", "5", "--max-viewers-per-address", "100"});
  Probes probes;
  for (int i = 0; i < 30; ++i) probes.add(server->port(), "127.0.0.21", kUpgrade);
  ASSERT_TRUE(probes.wait(10s));
  const auto results = probes.stop();
  EXPECT_EQ(with_status(results, 101), 5U) << "no more viewers than slots, however fast they come";
  EXPECT_EQ(with_status(results, 503), 25U);
  for (const ProbeResult& r : results) {
    if (r.status == 503) {
      EXPECT_NE(r.detail.find("full"), std::string::npos) << r.detail;
    }
  }
}

TEST(EdgeLimits, OneAddressHoldsAtMostItsViewersAndOthersStillGetIn) {
  auto server = start({});  // --max-viewers-per-address: 8 by default
  Probes probes;
  for (int i = 0; i < 9; ++i) probes.add(server->port(), "127.0.0.22", kUpgrade);
  ASSERT_TRUE(probes.wait(10s));
  auto results = probes.results();
  EXPECT_EQ(with_status(results, 101), 8U);
  ASSERT_EQ(with_status(results, 503), 1U);
  const auto refused = std::find_if(results.begin(), results.end(), [](const ProbeResult& r) { return r.status == 503; });
  EXPECT_NE(refused->detail.find("Too many connections from your address"), std::string::npos) << refused->detail;
  probes.add(server->port(), "127.0.0.23", kUpgrade);
  ASSERT_TRUE(probes.wait(10s));
  EXPECT_EQ(with_status(probes.results(), 101), 9U) << "another address is not held back";
  const auto metrics = client::http_get("127.0.0.1", server->port(), "/metrics");
  ASSERT_TRUE(metrics);
  EXPECT_EQ(client::metric_value(*metrics, "meadow_sessions"), 9.0);
  EXPECT_NE(metrics->find("meadow_refused_total{what=\"viewer\",why=\"address\"} 1\n"), std::string::npos);
}

// An upgrade to /ws sent to `host` (its Host header) with `origin` (none when empty) and `extra`
// headers.
std::string upgrade_from_page(const std::string& host, const std::string& origin, const std::string& extra = "") {
  return "GET /ws HTTP/1.1\r\nHost: " + host + "\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n" +
         (origin.empty() ? "" : "Origin: " + origin + "\r\n") + extra +
         "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
}

TEST(EdgeLimits, OnlyPagesOfTheServersOwnOriginOrAllowedOnesOpenTheWebSocket) {
  client::LaunchSpec spec;
  spec.binary = MEADOW_SERVER_BIN;
  spec.args = {"--bind", "127.0.0.1", "--port", "0", "--viewer-grpc-port", "0", "--swarm-engine", "cpu", "--swarm-count",
               "500", "--log-level", "warn", "--allowed-origin", "http://kiosk.example:9000", "--trusted-proxy",
               "127.0.0.30"};
  const std::string log = testing::unique_temp_path("server-log");
  spec.stderr_path = log;
  client::LaunchedServer server(spec);
  const std::string host = "127.0.0.1:" + std::to_string(server.port());
  Probes probes;
  // The answer to `request` sent from `from`.
  const auto ask = [&](const std::string& from, const std::string& request) {
    const std::size_t before = probes.results().size();
    probes.add(server.port(), from, request);
    EXPECT_TRUE(probes.wait(10s));
    const auto results = probes.results();
    return results.size() > before ? results.back() : ProbeResult{};
  };
  EXPECT_EQ(ask("127.0.0.28", upgrade_from_page(host, "http://" + host)).status, 101) << "the viewer this server served";
  EXPECT_EQ(ask("127.0.0.28", upgrade_from_page(host, "")).status, 101) << "a native client sends no Origin";
  EXPECT_EQ(ask("127.0.0.28", upgrade_from_page(host, "http://kiosk.example:9000")).status, 101) << "an allowed origin";
  // Foreign pages: another site, another port of this host, a sandboxed page; each told why.
  for (const std::string origin : {"http://evil.example", "http://127.0.0.1:1", "null"}) {
    const ProbeResult refused = ask("127.0.0.29", upgrade_from_page(host, origin));
    EXPECT_EQ(refused.status, 403) << origin;
    EXPECT_NE(refused.detail.find("origin may not open the meadow's WebSocket"), std::string::npos) << refused.detail;
  }
  // Behind a trusted proxy the host the page asked for is the one it forwards; from anyone else
  // that header is not believed.
  const std::string forwarded =
      upgrade_from_page("backend:8080", "https://gallery.example", "X-Forwarded-Host: gallery.example\r\n");
  EXPECT_EQ(ask("127.0.0.30", forwarded).status, 101) << "the proxy's X-Forwarded-Host";
  EXPECT_EQ(ask("127.0.0.31", forwarded).status, 403) << "X-Forwarded-Host from a client that is no trusted proxy";
  const auto metrics = client::http_get("127.0.0.1", server.port(), "/metrics");
  ASSERT_TRUE(metrics);
  EXPECT_NE(metrics->find("meadow_refused_total{what=\"viewer\",why=\"origin\"} 4\n"), std::string::npos) << *metrics;
  EXPECT_EQ(client::metric_value(*metrics, "meadow_sessions"), 4.0) << "the refused took no viewer slot";
  (void)probes.stop();
  EXPECT_EQ(server.stop(), 0) << server.ending();
  // One log line for the four refusals: they are throttled as the other refusals are.
  std::ifstream in(log);
  int lines = 0;
  std::string said;
  for (std::string line; std::getline(in, line);) {
    if (line.find("origin") != std::string::npos) {
      ++lines;
      said = line;
    }
  }
  EXPECT_EQ(lines, 1) << said;
  EXPECT_NE(said.find("refusing a viewer from 127.0.0.29: its page's origin http://evil.example:80 is not allowed"),
            std::string::npos)
      << said;
  std::remove(log.c_str());
}

TEST(EdgeLimits, ConnectionsOverTheAddresssCapAreAnswered503AtOnce) {
  auto server = start({"--max-connections-per-address", "4"});
  Probes probes;
  // Ten connections that say nothing: four are taken (and wait for a request), six refused.
  for (int i = 0; i < 10; ++i) probes.add(server->port(), "127.0.0.24", "");
  const auto deadline = Clock::now() + 5s;
  while (with_status(probes.results(), 503) < 6 && Clock::now() < deadline) std::this_thread::sleep_for(20ms);
  const auto results = probes.stop();
  EXPECT_EQ(with_status(results, 503), 6U);
  EXPECT_EQ(std::count_if(results.begin(), results.end(),
                          [](const ProbeResult& r) { return r.kind == ProbeResult::Kind::kStillOpen; }),
            4);
}

TEST(EdgeLimits, HeadHasNoBodyAndEveryAnswerCarriesTheSecurityHeaders) {
  auto server = start({});
  const std::string head = testing::http_request(server->port(), "HEAD /healthz HTTP/1.1");
  EXPECT_NE(head.find("Content-Length: 3\r\n"), std::string::npos) << head;
  EXPECT_EQ(head.substr(head.find("\r\n\r\n") + 4), "") << "HEAD carries no body";
  const std::string head_file = testing::http_request(server->port(), "HEAD / HTTP/1.1");
  EXPECT_NE(head_file.find("200 OK"), std::string::npos) << head_file;
  EXPECT_EQ(head_file.substr(head_file.find("\r\n\r\n") + 4), "");
  for (const char* request : {"GET / HTTP/1.1", "GET /healthz HTTP/1.1", "GET /metrics HTTP/1.1",
                              "GET /no-such-file HTTP/1.1", "POST / HTTP/1.1", "GET /ws HTTP/1.1"}) {
    const std::string response = testing::http_request(server->port(), request);
    for (const char* header : {"Content-Security-Policy: default-src 'self'", "X-Frame-Options: DENY",
                               "Referrer-Policy: no-referrer", "X-Content-Type-Options: nosniff"}) {
      EXPECT_NE(response.find(header), std::string::npos) << request << " lacks " << header;
    }
  }
}

TEST(EdgeLimits, MetricsCanMoveToTheirOwnAddress) {
  auto server = start({"--metrics-listen", "127.0.0.1:0"});
  ASSERT_NE(server->metrics_port(), 0);
  EXPECT_NE(testing::http_request(server->port(), "GET /metrics HTTP/1.1").find("404 Not Found"), std::string::npos)
      << "no longer on the viewers' port";
  const std::string metrics = testing::http_request(server->metrics_port(), "GET /metrics HTTP/1.1");
  EXPECT_NE(metrics.find("meadow_ticks_total"), std::string::npos);
  EXPECT_NE(testing::http_request(server->metrics_port(), "GET / HTTP/1.1").find("404 Not Found"), std::string::npos)
      << "the metrics port serves no viewer";
  EXPECT_NE(testing::http_request(server->metrics_port(), "GET /healthz HTTP/1.1").find("200 OK"), std::string::npos);
}

TEST(EdgeLimits, OversizedAndMalformedRequestsAreAnsweredWithTheirReason) {
  auto server = start({});
  Probes probes;
  probes.add(server->port(), "127.0.0.25", "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + std::string(20'000, 'b') + "\r\n\r\n");
  probes.add(server->port(), "127.0.0.25", "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n" + std::string(6000, 'x'));
  probes.add(server->port(), "127.0.0.25", "\x16\x03\x01 not http at all\r\n\r\n");
  ASSERT_TRUE(probes.wait(10s));
  const auto results = probes.stop();
  EXPECT_EQ(with_status(results, 431), 1U);
  EXPECT_EQ(with_status(results, 413), 1U);
  EXPECT_EQ(with_status(results, 400), 1U);
  for (const ProbeResult& r : results) EXPECT_FALSE(r.detail.empty()) << "a reason for people";
}

TEST(EdgeLimits, TheViewersGrpcPortIsNotSharedWithASecondServer) {
  // gRPC's default SO_REUSEPORT would let a second process bind the same port silently and take
  // half its connections.
  auto first = start({});
  ASSERT_NE(first->viewer_grpc_port(), 0);
  client::LaunchSpec spec;
  spec.binary = MEADOW_SERVER_BIN;
  spec.args = {"--bind", "127.0.0.1", "--port", "0", "--swarm-engine", "cpu", "--log-level", "warn", "--viewer-grpc-port",
               std::to_string(first->viewer_grpc_port())};
  spec.startup_timeout = 10s;
  EXPECT_THROW(client::LaunchedServer second(spec), std::runtime_error) << "the second server must not start";
}

TEST(EdgeLimits, TheAcceptLoopBacksOffWhenDescriptorsRunOut) {
  // A server allowed 32 descriptors; the operator's gRPC connections (which no door counts: the
  // viewers' gRPC ones are, with the HTTP ones) use up the rest, so HTTP accepts
  // fail with "too many open files" until they are closed.
  client::LaunchSpec spec;
  spec.binary = "/usr/bin/prlimit";
  spec.args = {"--nofile=32:32", MEADOW_SERVER_BIN, "--bind", "127.0.0.1", "--port", "0", "--no-viewer-grpc",
               "--operator-insecure-local", "--operator-port", "0", "--swarm-engine", "cpu", "--swarm-count", "300",
               "--log-level", "warn"};
  spec.wants_operator = true;
  const std::string log = testing::unique_temp_path("server-log");
  spec.stderr_path = log;
  // Under UndefinedBehaviorSanitizer (the dev build), its vptr check tests memory by writing to a
  // pipe; with every descriptor taken it cannot make one and reports a member call on a valid
  // object as invalid. A suppression cannot silence that report (suppressions match the object's
  // type, which the check could not read), so this server lets the vptr check go on after its
  // report: the dev preset compiles that one check recoverable and every other one to stop.
  const char* ubsan = std::getenv("UBSAN_OPTIONS");
  const std::string ubsan_before = ubsan != nullptr ? ubsan : "";
  setenv("UBSAN_OPTIONS", (ubsan_before + (ubsan_before.empty() ? "" : ":") + "halt_on_error=0").c_str(), 1);
  client::LaunchedServer server(spec);
  if (ubsan != nullptr) {
    setenv("UBSAN_OPTIONS", ubsan_before.c_str(), 1);
  } else {
    unsetenv("UBSAN_OPTIONS");
  }
  std::vector<std::shared_ptr<grpc::Channel>> channels;
  for (int i = 0; i < 40; ++i) {
    grpc::ChannelArguments args;
    args.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);  // a connection of its own each
    auto channel = grpc::CreateCustomChannel("127.0.0.1:" + std::to_string(server.operator_port()),
                                             grpc::InsecureChannelCredentials(), args);
    channel->WaitForConnected(std::chrono::system_clock::now() + 200ms);
    channels.push_back(std::move(channel));
  }
  {
    Probes probes;
    for (int i = 0; i < 20; ++i) probes.add(server.port(), "127.0.0.26", "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
    std::this_thread::sleep_for(3s);  // descriptors stay used up this long
    channels.clear();                 // and come back
    probes.wait(10s);
  }
  std::optional<std::string> metrics;
  for (const auto deadline = Clock::now() + 10s; !metrics && Clock::now() < deadline;) {
    metrics = client::http_get("127.0.0.1", server.port(), "/metrics");
  }
  if (!metrics) {
    std::ifstream in(log);
    ADD_FAILURE() << "the server does not serve again once descriptors came back; its log:\n"
                  << std::string(std::istreambuf_iterator<char>(in), {});
    return;
  }
  const double errors = client::metric_value(*metrics, "meadow_accept_errors_total").value_or(-1.0);
  EXPECT_GE(errors, 1.0) << "the accepts did fail";
  // Backing off 10 ms doubling to 1 s: a dozen tries in three seconds, where a loop that tried
  // again at once made hundreds of thousands (and as many log lines).
  EXPECT_LE(errors, 50.0);
  EXPECT_EQ(server.stop(), 0) << server.ending();
  // The network's warnings about it: throttled (the loop that tried again at once wrote 492,316
  // lines in these four seconds).
  std::ifstream in(log);
  int accept_lines = 0;
  for (std::string line; std::getline(in, line);) {
    accept_lines += line.find("[net]") != std::string::npos && line.find("open files") != std::string::npos;
  }
  EXPECT_GE(accept_lines, 1);
  EXPECT_LE(accept_lines, 2) << "the warning is throttled";
  if (::testing::Test::HasFailure()) {
    std::printf("server log: %s\n", log.c_str());
  } else {
    std::remove(log.c_str());
  }
}

}  // namespace
}  // namespace meadow
