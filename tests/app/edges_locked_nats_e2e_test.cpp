// NATS as shipped, end to end (docs/edges.md): deploy/nats/nats-server.conf with what
// deploy/nats/make-credentials.sh makes, a sim and two edges each with its own certificate, and a
// rogue holding one edge's certificate that tries to act as another (edges_fixture.hpp).
#include "app/edges_fixture.hpp"

namespace meadow {
namespace {

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
