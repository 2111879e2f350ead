// End to end, the viewer protocol over gRPC (meadow.v1.Viewer): the real meadow-server, a Watch
// through a real channel (Welcome first, the key in the initial metadata, frames of the chosen
// world), Send with the right key, a wrong one and none, validation and notices as over the
// WebSocket, a rock placed over gRPC seen by a WebSocket viewer, and the light of the same frame
// decoding to the same raster over both.
#include <gtest/gtest.h>
#include <grpcpp/grpcpp.h>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

#include <chrono>
#include <cmath>
#include <condition_variable>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <thread>

#include "meadow/v1/viewer_service.grpc.pb.h"
#include "support/server_process.hpp"
#include "support/test_paths.hpp"
#include "watch/frame_follower.hpp"
#include "watch/grpc_link.hpp"
#include "watch/metrics_scrape.hpp"
#include "watch/ws_link.hpp"
#include "ws/ws_client.hpp"

namespace meadow {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

class ViewerGrpcTest : public ::testing::Test {
 protected:
  void SetUp() override {
    server_ = std::make_unique<testing::ServerProcess>(
        MEADOW_SERVER_BIN, std::vector<std::string>{"--seed", "5", "--swarm-count", "600", "--log-level", "warn",
                                                    "--web-root", MEADOW_TEST_WEB_ROOT});
    ASSERT_NE(server_->viewer_grpc_port(), 0);
    channel_ = grpc::CreateChannel("127.0.0.1:" + std::to_string(server_->viewer_grpc_port()),
                                   grpc::InsecureChannelCredentials());
    stub_ = v1::Viewer::NewStub(channel_);
  }

  // A Watch read synchronously, for tests that look at one message at a time.
  struct Watch {
    grpc::ClientContext context;
    std::unique_ptr<grpc::ClientReader<v1::ServerMessage>> reader;
    std::uint64_t session = 0;
    std::string key;
  };
  std::unique_ptr<Watch> watch(v1::World world) {
    auto w = std::make_unique<Watch>();
    w->context.set_deadline(std::chrono::system_clock::now() + 60s);
    v1::WatchRequest request;
    request.set_world(world);
    request.set_client_name("viewer_grpc_e2e_test");
    w->reader = stub_->Watch(&w->context, request);
    v1::ServerMessage first;
    EXPECT_TRUE(w->reader->Read(&first));
    EXPECT_TRUE(first.has_welcome()) << "the first message is the Welcome";
    w->session = first.welcome().session_id();
    const auto& metadata = w->context.GetServerInitialMetadata();
    const auto it = metadata.find("meadow-viewer-key");
    EXPECT_NE(it, metadata.end());
    if (it != metadata.end()) w->key.assign(it->second.data(), it->second.size());
    return w;
  }
  grpc::Status send(std::uint64_t session, const std::string& key, const v1::ClientMessage& message) {
    grpc::ClientContext c;
    c.set_deadline(std::chrono::system_clock::now() + 10s);
    v1::SendRequest request;
    request.set_session_id(session);
    request.set_viewer_key(key);
    *request.mutable_message() = message;
    v1::SendReply reply;
    return stub_->Send(&c, request, &reply);
  }
  static v1::ClientMessage rock_at(float x, float y) {
    v1::ClientMessage m;
    m.mutable_tool()->set_tool(v1::TOOL_ROCK);
    m.mutable_tool()->set_phase(v1::ToolAction::PHASE_TAP);
    m.mutable_tool()->mutable_position()->set_x(x);
    m.mutable_tool()->mutable_position()->set_y(y);
    return m;
  }
  // Reads until `match` or `count` messages went by.
  static std::optional<v1::ServerMessage> read_until(Watch& w, const std::function<bool(const v1::ServerMessage&)>& match,
                                                     int count = 300) {
    v1::ServerMessage m;
    for (int i = 0; i < count && w.reader->Read(&m); ++i) {
      if (match(m)) return m;
    }
    return std::nullopt;
  }

  std::unique_ptr<testing::ServerProcess> server_;
  std::shared_ptr<grpc::Channel> channel_;
  std::unique_ptr<v1::Viewer::Stub> stub_;
};

TEST_F(ViewerGrpcTest, WatchStreamsFramesOfTheChosenWorld) {
  auto swarm = watch(v1::WORLD_SWARM);
  auto frame = read_until(*swarm, [](const auto& m) { return m.has_frame(); });
  ASSERT_TRUE(frame);
  EXPECT_EQ(frame->frame().world(), v1::WORLD_SWARM);
  EXPECT_TRUE(frame->frame().light().key()) << "a new viewer's first frame is a key frame";
  EXPECT_GT(frame->frame().swarm().count(), 0U);
  auto colony = watch(v1::WORLD_COLONY);
  frame = read_until(*colony, [](const auto& m) { return m.has_frame(); });
  ASSERT_TRUE(frame);
  EXPECT_EQ(frame->frame().world(), v1::WORLD_COLONY);
  EXPECT_GT(frame->frame().colony().size(), 0U);
  EXPECT_NE(swarm->session, colony->session);
  EXPECT_NE(swarm->key, colony->key);
  // ChooseWorld through Send switches the Watch, with a key frame of the new world.
  v1::ClientMessage choose;
  choose.mutable_choose_world()->set_world(v1::WORLD_COLONY);
  ASSERT_TRUE(send(swarm->session, swarm->key, choose).ok());
  frame = read_until(*swarm, [](const auto& m) { return m.has_frame() && m.frame().world() == v1::WORLD_COLONY; });
  ASSERT_TRUE(frame);
  swarm->context.TryCancel();
  colony->context.TryCancel();
}

TEST_F(ViewerGrpcTest, SendNeedsTheWatchAndItsKey) {
  auto w = watch(v1::WORLD_SWARM);
  EXPECT_EQ(send(w->session, "not-the-key", rock_at(500, 400)).error_code(), grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(send(w->session, "", rock_at(500, 400)).error_code(), grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(send(w->session + 1000, w->key, rock_at(500, 400)).error_code(), grpc::StatusCode::NOT_FOUND);
  // Nothing was placed by those: the first rocks message is the good Send's.
  EXPECT_TRUE(send(w->session, w->key, rock_at(700, 450)).ok());
  auto rocks = read_until(*w, [](const auto& m) { return m.has_rocks(); });
  ASSERT_TRUE(rocks);
  ASSERT_EQ(rocks->rocks().rocks_size(), 1);
  EXPECT_FLOAT_EQ(rocks->rocks().rocks(0).center().x(), 700.0F);
  // Once the Watch is over its session is gone.
  w->context.TryCancel();
  v1::ServerMessage rest;
  while (w->reader->Read(&rest)) {
  }
  const auto deadline = Clock::now() + 5s;
  grpc::Status after;
  do {
    after = send(w->session, w->key, rock_at(900, 450));
  } while (after.error_code() != grpc::StatusCode::NOT_FOUND && Clock::now() < deadline &&
           (std::this_thread::sleep_for(50ms), true));
  EXPECT_EQ(after.error_code(), grpc::StatusCode::NOT_FOUND);
}

TEST_F(ViewerGrpcTest, ValidatesAsTheWebSocketDoesAndSharesTheLand) {
  client::WsClient ws;
  ws.connect("127.0.0.1", server_->port());
  ASSERT_TRUE(ws.wait_for([](const auto& m) { return m.has_welcome(); }, 5s));
  auto w = watch(v1::WORLD_SWARM);
  // A point that is not a number: INVALID_ARGUMENT, and the same notice in the stream.
  const auto bad = send(w->session, w->key, rock_at(std::numeric_limits<float>::quiet_NaN(), 10));
  EXPECT_EQ(bad.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  const auto notice = read_until(*w, [](const auto& m) { return m.has_notice(); });
  ASSERT_TRUE(notice);
  EXPECT_NE(bad.error_message().find(notice->notice().code()), std::string::npos) << bad.error_message();
  // A rock placed over gRPC is there for the WebSocket viewer.
  ASSERT_TRUE(send(w->session, w->key, rock_at(640, 420)).ok());
  const auto rocks = ws.wait_for([](const auto& m) { return m.has_rocks() && m.rocks().rocks_size() == 1; }, 5s);
  ASSERT_TRUE(rocks);
  EXPECT_FLOAT_EQ(rocks->rocks().rocks(0).center().y(), 420.0F);
  // A predator held over gRPC is a mark in the WebSocket viewer's frames, owned by the gRPC session.
  v1::ClientMessage down;
  down.mutable_tool()->set_tool(v1::TOOL_PREDATOR);
  down.mutable_tool()->set_phase(v1::ToolAction::PHASE_DOWN);
  down.mutable_tool()->mutable_position()->set_x(300);
  down.mutable_tool()->mutable_position()->set_y(300);
  ASSERT_TRUE(send(w->session, w->key, down).ok());
  const std::uint64_t session = w->session;
  const auto marked = ws.wait_for(
      [session](const auto& m) {
        if (!m.has_frame()) return false;
        for (const auto& mark : m.frame().marks()) {
          if (mark.tool() == v1::TOOL_PREDATOR && mark.owner_session() == session) return true;
        }
        return false;
      },
      5s);
  EXPECT_TRUE(marked);
  // The viewer leaves: its predator goes with it.
  w->context.TryCancel();
  const auto gone = ws.wait_for(
      [session](const auto& m) {
        if (!m.has_frame()) return false;
        for (const auto& mark : m.frame().marks()) {
          if (mark.owner_session() == session) return false;
        }
        return true;
      },
      5s);
  EXPECT_TRUE(gone);
}

// The light of one frame over gRPC and over the WebSocket decodes to the same raster: the same
// encoded bytes travel both ways, and each link's delta chain rebuilds the same pixels.
TEST_F(ViewerGrpcTest, WatchDecodesToTheSameRasterAsTheWebSocket) {
  struct Side {
    std::mutex mutex;
    client::FrameFollower follower{true};
    std::map<std::uint64_t, std::vector<std::uint8_t>> rasters;  // frame number → pixels
  };
  Side over_ws;
  Side over_grpc;
  const auto handlers = [](Side& side) {
    client::LinkHandlers h;
    h.on_message = [&side](v1::ServerMessage&& m, std::size_t bytes) {
      std::lock_guard lock(side.mutex);
      side.follower.take(std::move(m), bytes, Clock::now());
      if (const auto& light = side.follower.light()) side.rasters[light->frame] = light->pixels;
    };
    return h;
  };
  boost::asio::io_context io;
  auto work = boost::asio::make_work_guard(io);
  std::jthread io_thread([&io] { io.run(); });
  client::LinkTarget ws_target{"127.0.0.1", server_->port(), v1::WORLD_SWARM, "raster-test", ""};
  client::LinkTarget grpc_target{"127.0.0.1", server_->viewer_grpc_port(), v1::WORLD_SWARM, "raster-test", ""};
  auto ws = client::make_ws_link(io, ws_target, handlers(over_ws));
  auto grpc_link = client::make_grpc_link(client::viewer_channel(grpc_target), grpc_target, handlers(over_grpc));
  ws->start();
  grpc_link->start();
  // Wait for a couple of dozen frames both sides decoded (key frames, then deltas on each chain).
  std::size_t common = 0;
  const auto deadline = Clock::now() + 15s;
  while (Clock::now() < deadline && common < 20) {
    std::this_thread::sleep_for(100ms);
    std::scoped_lock lock(over_ws.mutex, over_grpc.mutex);
    common = 0;
    for (const auto& [number, pixels] : over_ws.rasters) common += over_grpc.rasters.count(number);
  }
  ws->stop();
  grpc_link->stop();
  work.reset();
  io.stop();
  ASSERT_GE(common, 20U) << "frames decoded on both links";
  std::size_t compared = 0;
  for (const auto& [number, pixels] : over_ws.rasters) {
    const auto it = over_grpc.rasters.find(number);
    if (it == over_grpc.rasters.end()) continue;
    ++compared;
    ASSERT_FALSE(pixels.empty());
    EXPECT_EQ(pixels, it->second) << "frame " << number;
  }
  EXPECT_GE(compared, 20U);
  EXPECT_EQ(over_ws.follower.light_errors(), 0U);
  EXPECT_EQ(over_grpc.follower.light_errors(), 0U);
}

// A Watch that offers the light as video (WatchRequest.light_codecs) gets VP9 frames and decodes
// every one of them; the first frames, before a key frame, are zstd.
TEST_F(ViewerGrpcTest, AWatchThatOffersVideoGetsItAndDecodesIt) {
  std::mutex mutex;
  client::FrameFollower follower{true};
  client::LinkHandlers h;
  h.on_message = [&](v1::ServerMessage&& m, std::size_t bytes) {
    std::lock_guard lock(mutex);
    follower.take(std::move(m), bytes, Clock::now());
  };
  client::LinkTarget target{"127.0.0.1", server_->viewer_grpc_port(), v1::WORLD_SWARM, "video-test", ""};
  target.offer_video = true;
  auto link = client::make_grpc_link(client::viewer_channel(target), target, std::move(h));
  link->start();
  const auto deadline = Clock::now() + 15s;
  for (bool enough = false; !enough && Clock::now() < deadline;) {
    std::this_thread::sleep_for(100ms);
    std::lock_guard lock(mutex);
    enough = follower.video_frames() >= 30;
  }
  link->stop();
  std::lock_guard lock(mutex);
  EXPECT_GE(follower.video_frames(), 30U);
  EXPECT_EQ(follower.light_errors(), 0U);
  ASSERT_TRUE(follower.light());
  EXPECT_GT(follower.light()->pixels.size(), 0U);
}

// A Watch whose viewer stopped reading is cancelled by the server once a write stalls past the
// write timeout; the viewer may end the call at that same moment. Cancelling a call that already
// ended touched freed memory (a crash under AddressSanitizer, at worst anywhere): stress the
// meeting of the two, then check the server still serves and exits cleanly.
TEST(ViewerGrpcStress, StalledWatchesCancelledByBothSidesAtOnceEndCleanly) {
  testing::ServerProcess server(MEADOW_SERVER_BIN,
                                {"--seed", "5", "--swarm-count", "3000", "--log-level", "error", "--web-root",
                                 MEADOW_TEST_WEB_ROOT, "--viewer-write-timeout-ms", "20", "--max-viewers-per-address",
                                 "64"});
  auto stub = v1::Viewer::NewStub(grpc::CreateChannel("127.0.0.1:" + std::to_string(server.viewer_grpc_port()),
                                                      grpc::InsecureChannelCredentials()));
  std::mt19937 random(7);
  for (int round = 0; round < 25; ++round) {
    std::vector<std::unique_ptr<grpc::ClientContext>> contexts;
    std::vector<std::unique_ptr<grpc::ClientReader<v1::ServerMessage>>> readers;
    for (int i = 0; i < 4; ++i) {
      contexts.push_back(std::make_unique<grpc::ClientContext>());
      v1::WatchRequest request;
      request.set_world(v1::WORLD_SWARM);
      readers.push_back(stub->Watch(contexts.back().get(), request));  // and never read
    }
    // The server's writes stall once the stream's window is full (a few frames); it cancels a
    // stalled Watch at the next frame after 20 ms. End ours around then.
    std::this_thread::sleep_for(std::chrono::milliseconds(std::uniform_int_distribution<int>(150, 450)(random)));
    for (auto& c : contexts) c->TryCancel();
    for (auto& r : readers) (void)r->Finish();
  }
  // The server still serves (once the cancelled Watches gave their slots back).
  bool welcomed = false;
  for (const auto deadline = Clock::now() + 10s; !welcomed && Clock::now() < deadline;) {
    grpc::ClientContext c;
    c.set_deadline(std::chrono::system_clock::now() + 5s);
    auto reader = stub->Watch(&c, v1::WatchRequest());
    v1::ServerMessage welcome;
    welcomed = reader->Read(&welcome) && welcome.has_welcome();
    c.TryCancel();
    (void)reader->Finish();
  }
  EXPECT_TRUE(welcomed) << "the server still serves";
  const auto metrics = client::http_get("127.0.0.1", server.port(), "/metrics");
  ASSERT_TRUE(metrics);
  EXPECT_GE(client::metric_value(*metrics, "meadow_sessions_closed_slow_total").value_or(0.0), 1.0)
      << "the server did cancel stalled Watches (what this test stresses)";
  EXPECT_EQ(server.stop(), 0) << "the server exits cleanly (a sanitizer's report would fail it)";
}

// Behind a trusted proxy (nginx's grpc_pass) native viewers are counted by the client the proxy
// names, as /ws's are: else every one of them behind the proxy would be one address, and one
// visitor could hold every slot (or be refused for the others').
TEST(ViewerGrpcBehindAProxy, WatchesCountAsTheAddressTheProxyForwards) {
  testing::ServerProcess server(MEADOW_SERVER_BIN,
                                {"--seed", "5", "--swarm-count", "300", "--log-level", "error", "--web-root",
                                 MEADOW_TEST_WEB_ROOT, "--trusted-proxy", "127.0.0.1", "--max-viewers-per-address", "2"});
  auto stub = v1::Viewer::NewStub(grpc::CreateChannel("127.0.0.1:" + std::to_string(server.viewer_grpc_port()),
                                                      grpc::InsecureChannelCredentials()));
  struct Open {
    std::unique_ptr<grpc::ClientContext> context = std::make_unique<grpc::ClientContext>();
    std::unique_ptr<grpc::ClientReader<v1::ServerMessage>> reader;
    bool welcomed = false;
  };
  const auto open = [&](const char* forwarded_for) {
    Open o;
    o.context->set_deadline(std::chrono::system_clock::now() + 20s);
    o.context->AddMetadata("x-forwarded-for", forwarded_for);
    o.reader = stub->Watch(o.context.get(), v1::WatchRequest());
    v1::ServerMessage first;
    o.welcomed = o.reader->Read(&first) && first.has_welcome();
    return o;
  };
  std::vector<Open> held;
  held.push_back(open("203.0.113.7"));
  held.push_back(open("198.51.100.1, 203.0.113.7"));  // the last address the proxy appended
  EXPECT_TRUE(held[0].welcomed);
  EXPECT_TRUE(held[1].welcomed);
  Open third = open("203.0.113.7");
  EXPECT_FALSE(third.welcomed) << "a third Watch of one forwarded address is over its cap";
  EXPECT_EQ(third.reader->Finish().error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
  Open other = open("203.0.113.8");
  EXPECT_TRUE(other.welcomed) << "another visitor behind the same proxy has slots of its own";
  // An IPv6 visitor is its /64: a second address of the network is the same visitor.
  held.push_back(open("2001:db8:7:7::1"));
  held.push_back(open("2001:db8:7:7::2"));
  EXPECT_TRUE(held[2].welcomed);
  EXPECT_TRUE(held[3].welcomed);
  Open same_network = open("2001:db8:7:7:ffff::3");
  EXPECT_FALSE(same_network.welcomed);
  EXPECT_EQ(same_network.reader->Finish().error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
  for (Open* o : {&held[0], &held[1], &held[2], &held[3], &other}) {
    o->context->TryCancel();
    (void)o->reader->Finish();
  }
  EXPECT_EQ(server.stop(), 0);
}

// gRPC (1.51) counts no connections itself: the viewers' gRPC door admits each as the HTTP door
// does, in the same per-address pool (docs/limits.md "At the door"). One address's three slots held
// by three gRPC connections leave it no fourth, over gRPC or HTTP; closing one gives its slot back.
TEST(ViewerGrpcDoor, ConnectionsCountPerAddressWithTheHttpOnesAndComeBackWhenClosed) {
  testing::ServerProcess server(MEADOW_SERVER_BIN,
                                {"--seed", "5", "--swarm-count", "300", "--log-level", "error", "--web-root",
                                 MEADOW_TEST_WEB_ROOT, "--max-connections-per-address", "3"});
  const std::string address = "127.0.0.1:" + std::to_string(server.viewer_grpc_port());
  // Each channel its own connection (no subchannel shared between them).
  const auto connection = [&](int n) {
    grpc::ChannelArguments args;
    args.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
    args.SetInt("meadow.test.connection", n);
    return grpc::CreateCustomChannel(address, grpc::InsecureChannelCredentials(), args);
  };
  const auto welcomed = [](const std::shared_ptr<grpc::Channel>& channel) {
    auto stub = v1::Viewer::NewStub(channel);
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + 5s);
    auto reader = stub->Watch(&context, v1::WatchRequest());
    v1::ServerMessage first;
    const bool ok = reader->Read(&first) && first.has_welcome();
    context.TryCancel();
    (void)reader->Finish();
    return ok;
  };
  std::vector<std::shared_ptr<grpc::Channel>> held;
  for (int n = 0; n < 3; ++n) {
    held.push_back(connection(n));
    ASSERT_TRUE(welcomed(held.back())) << "connection " << n;
  }
  EXPECT_FALSE(welcomed(connection(3))) << "a fourth connection from the address got in";
  EXPECT_NE(testing::http_request(server.port(), "GET /healthz HTTP/1.0").find(" 503 "), std::string::npos)
      << "the HTTP door shares the address's slots";
  held.pop_back();  // its connection closes: the door sees gRPC close it and gives the slot back
  bool back = false;
  for (int i = 0; i < 50 && !back; ++i) {
    back = testing::http_request(server.port(), "GET /healthz HTTP/1.0").find(" 200 ") != std::string::npos;
    if (!back) std::this_thread::sleep_for(100ms);
  }
  EXPECT_TRUE(back) << "the closed gRPC connection's slot never came back";
  held.clear();
  std::optional<double> refused;
  for (int i = 0; i < 50 && !refused; ++i) {
    if (const auto metrics = client::http_get("127.0.0.1", server.port(), "/metrics")) {
      refused = client::metric_value(*metrics, "meadow_refused_total{what=\"connection\",why=\"address\"}");
    }
    if (!refused) std::this_thread::sleep_for(100ms);
  }
  EXPECT_GE(refused.value_or(0.0), 2.0) << "the gRPC connection and the HTTP request refused";
  EXPECT_EQ(server.stop(), 0);
}

}  // namespace
}  // namespace meadow
