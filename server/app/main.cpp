// meadow-server: wires the meadow, the sim thread and the network together and runs until
// SIGINT or SIGTERM, then shuts down cleanly (sessions closed with "going away").

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <memory>
#include <optional>

#include <spdlog/spdlog.h>

#include "app/config.hpp"
#include "app/edge_server.hpp"
#include "app/serving.hpp"
#include "app/service_notify.hpp"
#include "app/huge_pages.hpp"
#include "app/logging.hpp"
#include "app/replay_run.hpp"
#include "app/saved_state.hpp"
#include "app/moderation/kept_out_store.hpp"
#include "app/replay/replay_workers.hpp"
#include "app/snapshot_control.hpp"
#include "app/prices_table.hpp"
#include "app/trails_control.hpp"
#include "app/caretaker/care_wiring.hpp"
#include "app/sim_loop.hpp"
#include "app/worker_pool.hpp"
#include "app/worlds.hpp"
#include "sim/state_hash.hpp"
#include "edge/nats_link.hpp"
#include "edge/sim_relay.hpp"
#include "net/admission.hpp"
#include "net/net_server.hpp"
#include "net/operator_server.hpp"
#include "net/viewer_grpc_server.hpp"

namespace {

// Blocks SIGINT and SIGTERM in this thread and, by inheritance, every thread started after it,
// so that only wait_for_stop_signal() sees them.
sigset_t block_stop_signals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
  return set;
}

int run(const meadow::app::Config& config, const sigset_t& stop_signals) {
  using namespace meadow;
  auto log = spdlog::get("app");
  app::warn_without_viewer(config, *log);

  // Before any world is made: its large arrays go into huge pages where the kernel lets us.
  app::use_huge_pages_for_large_arrays();
  if (const app::HugePageSupport thp = app::huge_page_support(); !thp.offered) {
    log->info("transparent huge pages are '{}' here: the worlds' large arrays stay in ordinary pages "
              "(a large world steps slower on the CPU)",
              thp.setting);
  }

  // The worlds this binary runs (app/worlds.hpp), made on the meadow's land.
  app::WorldOptions world_options = config.worlds;
  world_options.gpu_warning = [gpu_log = spdlog::get("gpu")](const std::string& why) { gpu_log->warn("{}", why); };
  // A recording to play (--replay) brings its own seed and what its worlds were saved on.
  std::optional<app::Recording> recording;
  if (!config.replay_dir.empty()) recording = app::load_recording(config.replay_dir, std::nullopt);
  const std::vector<app::WorldRegistration> worlds =
      recording ? app::recording_worlds(recording->snapshot, world_options) : app::server_worlds(world_options);
  // The saved meadow, if the server keeps one: its seed before the meadow is made.
  std::optional<app::SavedState> saved;
  const std::uint64_t state_max_bytes = std::uint64_t{config.state_max_mb} << 20U;
  if (!config.state_dir.empty()) saved.emplace(config.state_dir, config.seed, state_max_bytes);
  const std::uint64_t seed = recording ? recording->seed : saved ? saved->seed() : config.seed;
  sim::Meadow meadow(seed, app::makers_of(worlds));
  if (recording) {
    for (const std::string& problem :
         meadow.restore(store::read_snapshot(recording->snapshot, app::snapshot_mappings_of(worlds)))) {
      log->warn("the recording's snapshot: {}", problem);
    }
    if (recording->journal.cut) log->warn("{}", recording->journal.problem);
  }
  // What every sender's settings change is checked against (the viewers' at the door too).
  const std::vector<sim::SettingsSchema> settings_schemas = meadow.settings_schemas();
  app::WorkerPool pool(config.sim_threads);
  std::unique_ptr<store::StoreWriter> state_writer;
  if (saved) {
    saved->recover(meadow, pool, app::snapshot_mappings_of(worlds));
    state_writer = saved->start_writer(app::snapshot_mappings_of(worlds),
                                       {config.keep_snapshots, config.keep_hours, config.keep_every_minutes, state_max_bytes});
  }
  stream::ActionQueue actions(app::kActionQueueCapacity);
  net::Hub hub(config.light_video == "on", stream::VideoLightSettings{.quality = config.video_quality,
                                                                      .speed = stream::kVideoDefaultSpeed,
                                                                      .key_interval = config.video_key_interval,
                                                                      .layers = config.video_layers});
  const bool publishes = config.role == "sim";
  if (saved || publishes) {
    // Ids no earlier run of this saved meadow handed out: boot milliseconds × 2¹⁰ (the last run
    // would have needed a thousand sessions a millisecond to reach them; below 2⁵³ for JavaScript).
    // A sim's edges keep their viewers across its restarts, so a sim's ids grow across runs too.
    const auto boot =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch());
    hub.start_session_ids_at(static_cast<std::uint64_t>(boot.count()) << 10U);
  }
  net::Metrics metrics;
  net::Admission admission(app::admission_limits(config, *log));
  if (state_writer) {
    if (const std::size_t kept = app::bring_back_kept_out(*state_writer, admission); kept > 0) {
      log->info("{} addresses the operator kept out are kept out still", kept);
    }
  }

  app::SimLoop loop(meadow, pool, actions, hub, metrics, config.frame_rate, app::streams_of(worlds));
  if (recording) {
    loop.play_recording(recording->journal.entries, recording->journal.until, config.replay_speed);
    log->info("playing the recording in {} from tick {} to {} at {}× (viewers' actions are refused)",
              config.replay_dir.string(), recording->start.tick, recording->journal.until, config.replay_speed);
  }
  // The wall's caretaker (docs/gallery.md "The caretaker"); not while a recording plays: the
  // recording holds what it did.
  app::CareSwitchboard care_board(config.care);
  std::unique_ptr<app::Caretaker> caretaker;
  if (!recording) {
    caretaker = std::make_unique<app::Caretaker>(config.care, care_board.switches(), meadow, app::wall_clock().seconds);
    loop.set_caretaker(caretaker.get(), &app::wall_clock);
  }
  app::ActionRing action_log;  // what was done lately, by whom: the operator's moderation
  loop.set_action_log(&action_log);
  app::SimTrailsControl trails_control(loop);  // the operator's RecordTrails and viewers' TrailsRequest
  std::unique_ptr<app::StoreSnapshotControl> snapshot_control;
  // Replays of the night and the operator's rewinds, from the journal (docs/gallery.md).
  std::unique_ptr<app::ReplayWorkers> replays;
  if (state_writer) {
    loop.set_store(state_writer.get(),
                   static_cast<std::uint64_t>(config.snapshot_every_seconds * sim::kTicksPerSecond + 0.5));
    replays = std::make_unique<app::ReplayWorkers>(config.state_dir, hub, config.frame_rate, config.replays_most);
    snapshot_control = std::make_unique<app::StoreSnapshotControl>(loop, *state_writer, app::snapshot_mappings_of(worlds),
                                                                   replays.get(), hub);
  }

  net::NetConfig net_config = app::net_config(config);
  net_config.trails = &trails_control;
  net_config.replays = replays.get();
  net_config.not_ready = [&metrics] {
    const auto now = std::chrono::steady_clock::now().time_since_epoch();
    return app::sim_stuck(metrics, std::chrono::duration_cast<std::chrono::milliseconds>(now).count());
  };
  net_config.facts.frame_rate = config.frame_rate;
  net_config.facts.tick_rate = sim::kTicksPerSecond;
  net_config.facts.settings_schemas = settings_schemas;
  net_config.facts.worlds.clear();
  for (const sim::World* w : meadow.worlds()) net_config.facts.worlds.push_back(w->kind());
  if (!config.first_world.empty()) {
    // Every viewer starts there; w goes round from it in the same order.
    const auto first = sim::world_named(config.first_world);
    auto& order = net_config.facts.worlds;
    const auto at = first ? std::find(order.begin(), order.end(), *first) : order.end();
    if (at == order.end()) {
      log->error("--first-world {}: this server runs no such world", config.first_world);
      return 2;
    }
    std::rotate(order.begin(), at, order.end());
  }
  // --role sim: every frame published once on NATS for the edge servers (docs/edges.md).
  std::unique_ptr<edge::NatsLink> nats;
  std::unique_ptr<edge::SimRelay> relay;
  if (publishes) {
    nats = std::make_unique<edge::NatsLink>(app::nats_options(config, "meadow-sim"));
    relay = std::make_unique<edge::SimRelay>(
        edge::SimRelayConfig{edge::EdgeSubjects{config.nats_subject}, net_config.facts, config.light_video == "on",
                             hub.video().settings()},
        *nats, hub, actions, metrics);
    hub.set_relay(relay.get());
  }
  metrics.render_more = [relay = relay.get(), &care_board](std::string& out) {
    if (relay != nullptr) relay->render_metrics(out);
    app::render_care_metrics(care_board, out);
  };
  net::NetServer server(net_config, hub, actions, metrics, admission);

  // The operator's port: only with a token (or, on loopback, when told to do without one).
  std::unique_ptr<net::OperatorServer> operator_server;
  if (!config.operator_token.empty() || config.operator_insecure_local) {
    net::OperatorConfig op;
    op.bind_address = config.operator_bind;
    op.port = config.operator_port;
    op.token = config.operator_token;
    op.insecure_local = config.operator_insecure_local;
    op.allow_plaintext = config.operator_allow_plaintext;
    op.tls_cert = config.operator_tls_cert;
    op.tls_key = config.operator_tls_key;
    op.server_version = MEADOW_VERSION;
    op.settings_schemas = settings_schemas;
    op.clearables = meadow.clearables();
    op.snapshots = snapshot_control.get();
    op.trails = &trails_control;
    op.care = &care_board;
    op.history = &action_log;
    op.admission = &admission;
    op.replays = replays.get();
    if (state_writer) op.write_keep_out = app::kept_out_writer(*state_writer);
    operator_server = std::make_unique<net::OperatorServer>(op, hub, actions, metrics);
  } else {
    log->warn("operator port closed: no token (--operator-token-file, MEADOW_OPERATOR_TOKEN, or "
              "--operator-insecure-local on loopback)");
  }

  // The meadow belongs to the sim thread once it runs: read it for the log before that.
  std::string running;
  for (const sim::World* w : meadow.worlds()) {
    running += (running.empty() ? "" : ", ") + std::string(w->name()) + " (" + std::string(w->engine()) + ")";
  }
  log->info("meadow-server {} seed {}: {}; {} sim threads{}", MEADOW_VERSION, seed, running, pool.threads(),
            saved ? "; saved in " + config.state_dir.string() : std::string("; not saved (no --state-dir)"));
  if (relay) relay->start();
  loop.start();
  server.start();
  const std::unique_ptr<net::ViewerGrpcServer> viewer_grpc = app::start_viewer_grpc(
      config, net::SessionContext{hub, actions, metrics, admission, net_config.limits, net_config.facts, {}, &trails_control},
      *log);
  if (operator_server) operator_server->start();
  app::announce_ports(config, server, viewer_grpc.get(), operator_server.get(), net_config.metrics_address);
  // Under systemd (Type=notify, WatchdogSec=): ready now, and alive while the sim ticks.
  const app::ServiceNotifier systemd;
  systemd.notify("READY=1");
  std::jthread watchdog = systemd.keep_alive(net_config.not_ready);

  const int signal = app::wait_for_stop_signal(stop_signals);
  systemd.notify("STOPPING=1");
  watchdog = {};
  log->info("received {}, shutting down", signal == SIGINT ? "SIGINT" : "SIGTERM");
  // The operator first: calls waiting on the sim thread are answered while it still runs (a
  // trails recording that would take longer is answered that the server stops, to a viewer too).
  trails_control.stop();
  if (operator_server) operator_server->stop();
  if (viewer_grpc) viewer_grpc->stop();
  server.stop();
  loop.stop();
  if (relay) relay->stop();
  if (state_writer) {
    // A last snapshot: the next start needs no replay.
    try {
      state_writer->snapshot(meadow.save());
    } catch (const std::exception& e) {
      log->warn("no last snapshot: {}", e.what());
    }
    state_writer->flush();
    state_writer.reset();
  }
  if (const std::size_t refused = app::huge_page_refusals(); refused > 0) {
    log->info("the kernel refused huge pages for {} of the worlds' large arrays (they ran in ordinary pages)", refused);
  }
  log->info("stopped at tick {} (state hash {:016x})", meadow.tick(), sim::meadow_state_hash(meadow));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const sigset_t stop_signals = block_stop_signals();
  const auto parsed = meadow::app::parse_config(argc, argv);
  if (!parsed.config) return parsed.exit_code;
  if (parsed.config->print_prices) {
    std::fputs(meadow::app::standard_prices_table().c_str(), stdout);
    return 0;
  }
  try {
    meadow::app::setup_logging(parsed.config->log_level, parsed.config->log_json);
    if (parsed.config->role == "edge") return meadow::app::run_edge(*parsed.config, stop_signals);
    return run(*parsed.config, stop_signals);
  } catch (const std::exception& e) {
    spdlog::critical("meadow-server cannot run: {}", e.what());
    return 1;
  }
}
