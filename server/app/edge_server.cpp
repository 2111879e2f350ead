#include "app/edge_server.hpp"

#include <spdlog/spdlog.h>

#include <stop_token>
#include <thread>

#include "app/serving.hpp"
#include "app/service_notify.hpp"
#include "edge/edge_link.hpp"
#include "edge/url_credentials.hpp"
#include "stream/settings_mapping.hpp"
#include "stream/world_mapping.hpp"

namespace meadow::app {

edge::NatsOptions nats_options(const Config& config, const std::string& who) {
  edge::NatsOptions options;
  options.url = config.nats_url;
  options.creds_file = config.nats_creds.string();
  options.tls_ca = config.nats_tls_ca.string();
  options.tls_cert = config.nats_tls_cert.string();
  options.tls_key = config.nats_tls_key.string();
  options.name = who;
  return options;
}

int run_edge(const Config& config, const sigset_t& stop_signals) {
  auto log = spdlog::get("app");
  warn_without_viewer(config, *log);
  edge::NatsOptions options = nats_options(config, "meadow-edge " + config.edge_name);
  options.inbox = edge::EdgeSubjects{config.nats_subject}.inbox(config.edge_name);
  edge::NatsLink nats(options);
  edge::EdgeLink link(edge::EdgeLinkConfig{edge::EdgeSubjects{config.nats_subject}, config.edge_name}, nats);

  // A stop signal ends the wait for the sim as well as the serving.
  std::stop_source stopping;
  std::jthread signals([&] {
    const int signal = wait_for_stop_signal(stop_signals);
    log->info("received {}, shutting down", signal == SIGINT ? "SIGINT" : "SIGTERM");
    stopping.request_stop();
  });
  log->info("edge '{}' waiting for the sim on NATS at {} (subjects '{}.*')", config.edge_name, edge::without_credentials(config.nats_url),
            config.nats_subject);
  const std::optional<v1::EdgeWelcome> welcome = link.wait_for_welcome(stopping.get_token());
  if (!welcome) return 0;

  // The viewers' side, as the sim's own: the facts of the welcome, the edge's own door.
  net::Hub hub(welcome->video(),
               stream::VideoLightSettings{.quality = static_cast<int>(welcome->video_quality()),
                                          .speed = stream::kVideoDefaultSpeed,
                                          .key_interval = welcome->video_key_interval(),
                                          .layers = welcome->video_layers()});
  stream::ActionQueue actions(kActionQueueCapacity);
  net::Metrics metrics;
  metrics.render_more = [&link](std::string& out) { link.render_metrics(out); };
  net::Admission admission(admission_limits(config, *log));
  net::NetConfig net = net_config(config);
  net.facts.version = welcome->version();
  net.facts.frame_rate = welcome->frame_rate();
  net.facts.tick_rate = welcome->tick_rate();
  net.facts.settings_schemas.clear();
  for (const v1::SettingsSchema& s : welcome->settings_schemas()) {
    if (auto schema = stream::from_proto(s)) net.facts.settings_schemas.push_back(std::move(*schema));
  }
  net.facts.worlds.clear();
  for (const int w : welcome->worlds()) {
    sim::WorldKind kind{};
    if (stream::world_from_proto(w, kind)) net.facts.worlds.push_back(kind);
  }
  net.not_ready = [&link] { return link.not_ready(); };
  link.start(hub, actions, *welcome);
  net::NetServer server(net, hub, actions, metrics, admission);
  server.start();
  const std::unique_ptr<net::ViewerGrpcServer> viewer_grpc = start_viewer_grpc(
      config, net::SessionContext{hub, actions, metrics, admission, net.limits, net.facts, {}, nullptr, nullptr, net.not_ready}, *log);
  log->info("edge '{}' of meadow-server {} serving the sim's {} worlds", config.edge_name, welcome->version(),
            net.facts.worlds.size());
  announce_ports(config, server, viewer_grpc.get(), nullptr, net.metrics_address);
  // Under systemd: ready, and alive while the process is (an edge without its sim is waiting,
  // not broken: a restart would not bring the sim back).
  const ServiceNotifier systemd;
  systemd.notify("READY=1");
  std::jthread watchdog = systemd.keep_alive(nullptr);

  signals.join();
  systemd.notify("STOPPING=1");
  watchdog = {};
  if (viewer_grpc) viewer_grpc->stop();
  server.stop();  // closes the viewers: their leaving goes to the sim with the link's last word
  link.stop();
  log->info("edge '{}' stopped", config.edge_name);
  return 0;
}

}  // namespace meadow::app
