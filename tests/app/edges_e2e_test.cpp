// One meadow, many edge servers, on NATS (docs/edges.md), end to end: a real nats-server on a free
// loopback port, the real meadow-server as `--role sim` and two `--role edge` processes, and
// viewers on each over WebSocket. A rock placed on edge A is seen on edge B and on the sim; the
// light decodes to the same pixels everywhere; the operator sees and closes viewers on both
// edges; killing edge A leaves edge B's viewers untouched; NATS and the sim restart under the
// edges and their viewers carry on.
#include "app/edges_fixture.hpp"

namespace meadow {
namespace {

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

// Every world the sim runs reaches an edge's viewer, whatever it is: the edge knows none by name.
// The pond's handful, a field newer than the edge protocol's first worlds, reaches the sim and
// comes back as crumbs on the water.
TEST_F(EdgesEndToEnd, EveryWorldTheSimRunsComesThroughAnEdge) {
  start_all();
  WsClient viewer;
  viewer.connect("127.0.0.1", a_->port());
  const auto welcome = viewer.wait_for(is_welcome, kReplyWait);
  ASSERT_TRUE(welcome.has_value()) << logs();
  ASSERT_GE(welcome->welcome().worlds_size(), 5) << "swarm, colony, mold, pond, plate";
  for (const int world : welcome->welcome().worlds()) {
    v1::ClientMessage choose;
    choose.mutable_choose_world()->set_world(static_cast<v1::World>(world));
    viewer.send(choose);
    const auto frame = viewer.wait_for(
        [world](const v1::ServerMessage& m) { return m.has_frame() && m.frame().world() == world; }, kReplyWait);
    EXPECT_TRUE(frame.has_value()) << "no frame of world " << world << " through edge A\n" << logs();
    if (world != v1::WORLD_POND || !frame) continue;
    v1::ClientMessage handful;
    v1::ToolAction& tool = *handful.mutable_tool();
    tool.set_tool(v1::TOOL_FLOWER);
    tool.set_phase(v1::ToolAction::PHASE_TAP);
    tool.set_handful(true);
    const v1::Rect& water = frame->frame().pond().water();
    tool.mutable_position()->set_x(water.x() + water.width() / 2.0F);
    tool.mutable_position()->set_y(water.y() + water.height() / 2.0F);
    viewer.send(handful);
    // Six crumbs on the water, or eaten already: crumbs and fed together reach six.
    const auto fed_or_lying = viewer.wait_for(
        [](const v1::ServerMessage& m) {
          return m.has_frame() && m.frame().has_pond() &&
                 static_cast<std::uint64_t>(m.frame().pond().crumbs_size()) + m.frame().pond().fed() >= 6;
        },
        kReplyWait);
    EXPECT_TRUE(fed_or_lying.has_value()) << "the handful thrown through edge A never reached the pond\n" << logs();
  }
  viewer.close();
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

}  // namespace
}  // namespace meadow
