#include "app/config.hpp"

#include <CLI/CLI.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include "edge/edge_subjects.hpp"
#include "edge/url_credentials.hpp"
#include "net/origin_check.hpp"
#include "net/replay_control.hpp"
#include "net/trusted_proxies.hpp"

namespace meadow::app {

namespace {
// Frames per second a viewer can be sent: at least one, at most one per tick.
constexpr double kMinFrameRate = 1.0;
constexpr double kMaxFrameRate = 60.0;
constexpr unsigned kMaxThreads = 64;
// Why the token file must not be used: others may read it (the token is a password), or it is
// not a regular file. Empty when it is fine.
std::string token_file_problem(const std::filesystem::path& path) {
  struct stat st {};
  if (stat(path.c_str(), &st) != 0) return "cannot read the operator token file " + path.string();
  if (!S_ISREG(st.st_mode)) return "the operator token file " + path.string() + " is not a regular file";
  if ((st.st_mode & (S_IRWXG | S_IRWXO)) != 0) {
    char mode[8];
    std::snprintf(mode, sizeof mode, "%04o", static_cast<unsigned>(st.st_mode & 07777));
    return "the operator token file " + path.string() + " can be read or written by others (mode " + mode +
           "): chmod 600 " + path.string();
  }
  return {};
}

// The host's name as an edge name: characters a NATS subject token may not hold become '-'.
std::string host_edge_name() {
  char host[256] = {0};
  if (gethostname(host, sizeof host - 1) != 0 || host[0] == '\0') return "edge";
  std::string name(host);
  for (char& ch : name) {
    if (!edge::valid_edge_name(std::string_view(&ch, 1))) ch = '-';
  }
  return name.substr(0, 64);
}

// Whether the flags talk to NATS over TLS (a CA to check it by, or tls:// URLs only) and with
// credentials (a client certificate, a credentials file, or a user in the URL).
bool nats_is_locked(const Config& c) {
  bool every_url_tls = true;
  bool credentials_in_url = false;
  std::string_view urls = c.nats_url;
  while (!urls.empty()) {
    const std::size_t comma = urls.find(',');
    const std::string_view url = urls.substr(0, comma);
    every_url_tls = every_url_tls && url.starts_with("tls://");
    credentials_in_url = credentials_in_url || edge::without_credentials(url) != url;
    urls = comma == std::string_view::npos ? std::string_view{} : urls.substr(comma + 1);
  }
  const bool tls = !c.nats_tls_ca.empty() || every_url_tls;
  const bool credentials = !c.nats_tls_cert.empty() || !c.nats_creds.empty() || credentials_in_url;
  return tls && credentials;
}

// What is wrong with the role's flags (docs/edges.md); empty when nothing. Fills in the edge's
// name.
std::string role_problem(Config& c) {
  if (c.role == "all") {
    if (!c.nats_url.empty()) return "--nats is for --role sim or --role edge (this server runs alone with --role all)";
    return {};
  }
  if (c.nats_url.empty()) return "--role " + c.role + " needs --nats URL (the NATS server the sim and its edges share)";
  if (c.nats_tls_key.empty() != c.nats_tls_cert.empty()) return "--nats-tls-cert and --nats-tls-key go together";
  if (!c.nats_insecure && !nats_is_locked(c)) {
    return "--role " + c.role +
           " talks to NATS over TLS with credentials of its own, so that nobody else on NATS can act as the sim or an "
           "edge: give --nats-tls-ca with --nats-tls-cert and --nats-tls-key (deploy/nats/make-credentials.sh makes "
           "them), or --nats-creds; or --nats-insecure for a NATS that only this machine reaches";
  }
  const std::string_view subject = c.nats_subject;
  std::size_t start = 0;
  while (true) {
    const std::size_t dot = subject.find('.', start);
    if (!edge::valid_edge_name(subject.substr(start, dot == std::string_view::npos ? dot : dot - start))) {
      return "--nats-subject wants dot-separated words of letters, digits, - and _, not '" + c.nats_subject + "'";
    }
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
  if (c.role == "edge") {
    if (!c.state_dir.empty() || !c.replay_dir.empty()) {
      return "an edge keeps no meadow of its own: --state-dir and --replay belong to the sim";
    }
    if (c.edge_name.empty()) c.edge_name = host_edge_name();
    if (!edge::valid_edge_name(c.edge_name)) {
      return "--edge-name wants letters, digits, - and _ (at most 64), not '" + c.edge_name + "'";
    }
  }
  return {};
}

}  // namespace

std::optional<std::pair<std::string, std::uint16_t>> split_listen(const std::string& text) {
  const auto colon = text.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 >= text.size()) return std::nullopt;
  std::string host = text.substr(0, colon);
  if (host.size() > 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
  unsigned port = 0;
  const auto [ptr, ec] = std::from_chars(text.data() + colon + 1, text.data() + text.size(), port);
  if (ec != std::errc() || ptr != text.data() + text.size() || port > 65535) return std::nullopt;
  return std::make_pair(host, static_cast<std::uint16_t>(port));
}

ParseResult parse_config(int argc, const char* const* argv) {
  Config c;
  CLI::App app{
      "meadow-server: the authoritative server of Meadow, a living night meadow streamed to "
      "every viewer.\nServes the browser viewer over HTTP, the viewer protocol on /ws, "
      "/healthz and /metrics (Prometheus) on one port.\nWith --role sim and --role edge, one simulating "
      "server and many edge servers share one meadow over NATS (docs/edges.md).\nEvery flag can also be set with the "
      "environment variable named after it (e.g. MEADOW_PORT=9000).",
      "meadow-server"};
  app.set_version_flag("--version", std::string("meadow-server ") + MEADOW_VERSION);
  app.get_formatter()->column_width(34);

  app.add_option("--bind", c.bind_address,
                 "Address to listen on; 0.0.0.0 lets phones on the network join")
      ->envname("MEADOW_BIND")
      ->capture_default_str();
  app.add_option("--port", c.port, "Port for HTTP and WebSocket; 0 picks a free one")
      ->envname("MEADOW_PORT")
      ->capture_default_str();
  app.add_option("--seed", c.seed, "World seed: the same seed and actions give the same meadow")
      ->envname("MEADOW_SEED")
      ->capture_default_str();
  app.add_option("--web-root", c.web_root, "Folder of the built viewer (web-viewer/dist)")
      ->envname("MEADOW_WEB_ROOT")
      ->capture_default_str();
  app.add_option("--public-url", c.public_url,
                 "The address phones open to join this meadow, shown as a QR code on kiosk walls (e.g. "
                 "https://meadow.example.org); empty: the wall's own address")
      ->envname("MEADOW_PUBLIC_URL")
      ->check([](const std::string& url) -> std::string {
        if (url.empty()) return {};
        if (url.size() > 200) return "at most 200 characters";
        if (url.rfind("http://", 0) != 0 && url.rfind("https://", 0) != 0) return "an http:// or https:// address";
        if (url.find_first_of(" \t\r\n\"<>") != std::string::npos) return "no spaces, quotes or angle brackets";
        return {};
      });
  app.add_option("--first-world", c.first_world,
                 "The world every viewer starts in, by its name (a gallery's wall); w still goes through "
                 "them all, in their order from there; empty: the first registered")
      ->envname("MEADOW_FIRST_WORLD");
  app.add_option("--frame-rate", c.frame_rate, "Frames sent to viewers per second")
      ->envname("MEADOW_FRAME_RATE")
      ->check(CLI::Range(kMinFrameRate, kMaxFrameRate))
      ->capture_default_str();
  app.add_option("--light-video", c.light_video,
                 "Send the light as VP9 video to viewers that decode it (a sixth of the bytes); off: the "
                 "lossless zstd codec for everyone")
      ->envname("MEADOW_LIGHT_VIDEO")
      ->check(CLI::IsMember({"on", "off"}))
      ->capture_default_str();
  app.add_option("--video-quality", c.video_quality,
                 "The video's constant-quality level, 0 (best, most bytes) … 63")
      ->envname("MEADOW_VIDEO_QUALITY")
      ->check(CLI::Range(0, 63))
      ->capture_default_str();
  app.add_option("--video-key-interval", c.video_key_interval,
                 "Most frames between video key frames (viewers that join ask for one sooner)")
      ->envname("MEADOW_VIDEO_KEY_INTERVAL")
      ->check(CLI::Range(1U, 100'000U))
      ->capture_default_str();
  app.add_option("--video-layers", c.video_layers,
                 "Temporal layers of the video: 3 lets a slow viewer get 15 or 7.5 frames a second of the "
                 "same stream; 1 is a quarter fewer bytes, but a slow viewer waits for key frames")
      ->envname("MEADOW_VIDEO_LAYERS")
      ->check(CLI::Range(1U, stream::kVideoLayers))
      ->capture_default_str();
  app.add_option("--state-dir", c.state_dir,
                 "Folder of the meadow's saved state (meadow.db): restored at start, saved while it runs; "
                 "empty: not saved")
      ->envname("MEADOW_STATE_DIR");
  app.add_option("--snapshot-every", c.snapshot_every_seconds,
                 "Most seconds between snapshots of the meadow (the journal of actions fills the time between; "
                 "sooner while ticks are slow, so that a restart replays about 3 s, though not under 5 s)")
      ->envname("MEADOW_SNAPSHOT_EVERY")
      ->check(CLI::Range(1.0, 86'400.0))
      ->capture_default_str();
  app.add_option("--keep-snapshots", c.keep_snapshots,
                 "Newest automatic snapshots kept (besides named ones and one every --keep-every-minutes for "
                 "--keep-hours)")
      ->envname("MEADOW_KEEP_SNAPSHOTS")
      ->check(CLI::Range(1U, 100'000U))
      ->capture_default_str();
  app.add_option("--keep-every-minutes", c.keep_every_minutes,
                 "Of the history kept, one snapshot every this many minutes: a rewind or a replay of the night "
                 "runs the journal at most this long to reach any moment")
      ->envname("MEADOW_KEEP_EVERY_MINUTES")
      ->check(CLI::Range(1U, 24U * 60U))
      ->capture_default_str();
  app.add_option("--keep-hours", c.keep_hours,
                 "Hours of history kept: one snapshot every --keep-every-minutes, and the journal since")
      ->envname("MEADOW_KEEP_HOURS")
      ->check(CLI::Range(0U, 24U * 365U))
      ->capture_default_str();
  app.add_option("--state-max-mb", c.state_max_mb,
                 "Most megabytes the saved state may take: past three quarters of it the oldest snapshots "
                 "(and the journal only they replay) go first, and past all of it the meadow goes on unsaved, "
                 "as on a full disk (0: no limit but the disk's)")
      ->envname("MEADOW_STATE_MAX_MB")
      ->capture_default_str();
  auto* replay = app.add_option("--replay", c.replay_dir,
                                "Show viewers a recording (an earlier run's --state-dir) as it happened, from its "
                                "oldest snapshot kept on; viewers' actions are refused")
                     ->envname("MEADOW_REPLAY");
  app.add_option("--replay-speed", c.replay_speed, "Times the speed the recording happened: 1, 4 or 16")
      ->envname("MEADOW_REPLAY_SPEED")
      ->check(CLI::IsMember({1U, 4U, 16U}))
      ->capture_default_str();
  replay->excludes("--state-dir");
  app.add_option("--replays-most", c.replays_most,
                 "Viewers' replays of the night (\"tonight so far\", from --state-dir's journal) that may run at "
                 "once, each on a thread at the lowest CPU priority; 0: none (meadowctl replays changes it)")
      ->envname("MEADOW_REPLAYS_MOST")
      ->check(CLI::Range(0U, net::kMostReplaysCeiling))
      ->capture_default_str();
  app.add_option("--log-level", c.log_level, "Log level: trace, debug, info, warn, error, off")
      ->envname("MEADOW_LOG_LEVEL")
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "critical", "off"}))
      ->capture_default_str();
  app.add_flag("--log-json", c.log_json, "Log JSON lines instead of human text")
      ->envname("MEADOW_LOG_JSON");
  app.add_flag("--print-prices", c.print_prices,
               "Print what every message a viewer or the operator may send costs (who may send it, its lock, "
               "cooldown, caps and ceiling: docs/limits.md's tables) and exit");
  app.add_option("--io-threads", c.io_threads, "Network threads")
      ->envname("MEADOW_IO_THREADS")
      ->check(CLI::Range(1U, kMaxThreads))
      ->capture_default_str();
  app.add_option("--sim-threads", c.sim_threads,
                 "Threads that step the worlds (results do not depend on it)")
      ->envname("MEADOW_SIM_THREADS")
      ->check(CLI::Range(1U, kMaxThreads))
      ->capture_default_str();
  app.add_option("--max-viewers", c.max_viewers, "Viewers connected at once (WebSocket and gRPC); more are refused")
      ->envname("MEADOW_MAX_VIEWERS")
      ->check(CLI::Range(1U, 100000U))
      ->capture_default_str();
  app.add_option("--max-viewers-per-address", c.max_viewers_per_address,
                 "Viewers from one address at once (behind --trusted-proxy: the address it forwards)")
      ->envname("MEADOW_MAX_VIEWERS_PER_ADDRESS")
      ->check(CLI::Range(1U, 100000U))
      ->capture_default_str();
  app.add_option("--ipv6-prefix", c.ipv6_prefix_bits,
                 "An IPv6 visitor counts as its network of this many bits for the per-address caps (one host "
                 "commonly holds a whole /64)")
      ->envname("MEADOW_IPV6_PREFIX")
      ->check(CLI::Range(32U, 128U))
      ->capture_default_str();
  app.add_option("--max-connections", c.max_connections,
                 "HTTP and viewers' gRPC connections at once, viewers' included; more HTTP ones are answered 503 "
                 "and closed, more gRPC ones closed")
      ->envname("MEADOW_MAX_CONNECTIONS")
      ->check(CLI::Range(1U, 1000000U))
      ->capture_default_str();
  app.add_option("--max-connections-per-address", c.max_connections_per_address,
                 "HTTP and viewers' gRPC connections from one address at once (a --trusted-proxy counts only in "
                 "the total)")
      ->envname("MEADOW_MAX_CONNECTIONS_PER_ADDRESS")
      ->check(CLI::Range(1U, 1000000U))
      ->capture_default_str();
  app.add_option("--trusted-proxy", c.trusted_proxies,
                 "Address or network (10.0.0.0/8) of a proxy in front (nginx, an Ingress) whose X-Forwarded-For "
                 "names the viewer; repeat for more")
      ->envname("MEADOW_TRUSTED_PROXY")
      ->delimiter(',')
      ->check(CLI::Validator([](const std::string& entry) { return net::TrustedProxies::problem(entry); }, "ADDRESS[/BITS]"));
  app.add_option("--allowed-origin", c.allowed_origins,
                 "A page origin (scheme://host[:port]) besides this server's own that may open /ws, or * for any; "
                 "repeat for more. Upgrades from other pages are refused 403; clients that send no Origin get in")
      ->envname("MEADOW_ALLOWED_ORIGINS")
      ->delimiter(',')
      ->check(CLI::Validator(
          [](const std::string& entry) {
            return entry == net::kAnyOrigin || net::parse_origin(entry) ? std::string()
                                                                        : "not an origin (scheme://host[:port]) nor *";
          },
          "ORIGIN"));
  app.add_option("--viewer-write-timeout-ms", c.viewer_write_timeout_ms,
                 "A viewer whose connection takes no bytes for this long (it stopped reading) is closed")
      ->envname("MEADOW_VIEWER_WRITE_TIMEOUT_MS")
      ->check(CLI::Range(10U, 600000U))
      ->capture_default_str();
  app.add_option("--metrics-listen", c.metrics_listen,
                 "Serve /metrics on its own ADDRESS:PORT (e.g. 127.0.0.1:9100) instead of the viewers' port")
      ->envname("MEADOW_METRICS_LISTEN");

  bool no_viewer_grpc = false;
  app.add_flag("--no-viewer-grpc", no_viewer_grpc, "Do not open the viewers' gRPC port (browsers only, over /ws)")
      ->envname("MEADOW_NO_VIEWER_GRPC");
  app.add_option("--viewer-grpc-bind", c.viewer_grpc_bind,
                 "Address of the viewers' gRPC port (native viewers; plain text, so loopback unless you say)")
      ->envname("MEADOW_VIEWER_GRPC_BIND")
      ->capture_default_str();
  auto* viewer_grpc_port =
      app.add_option("--viewer-grpc-port", c.viewer_grpc_port,
                     "The viewers' gRPC port (meadow.v1.Viewer); 0 picks a free one. If the default is taken the "
                     "server runs without it")
          ->envname("MEADOW_VIEWER_GRPC_PORT")
          ->capture_default_str();

  app.add_option("--operator-bind", c.operator_bind, "Address of the operator's gRPC port (meadowctl)")
      ->envname("MEADOW_OPERATOR_BIND")
      ->capture_default_str();
  app.add_option("--operator-port", c.operator_port, "The operator's gRPC port; 0 picks a free one")
      ->envname("MEADOW_OPERATOR_PORT")
      ->capture_default_str();
  app.add_option("--operator-token-file", c.operator_token_file,
                 "File holding the operator's bearer token (or set MEADOW_OPERATOR_TOKEN); without a token the "
                 "operator port stays closed")
      ->envname("MEADOW_OPERATOR_TOKEN_FILE")
      ->check(CLI::ExistingFile);
  app.add_flag("--operator-insecure-local", c.operator_insecure_local,
               "Open the operator port without a token (only on a loopback --operator-bind)")
      ->envname("MEADOW_OPERATOR_INSECURE_LOCAL");
  app.add_flag("--operator-allow-plaintext", c.operator_allow_plaintext,
               "Allow the operator port on a non-loopback --operator-bind without TLS (a tunnel or a trusted "
               "network protects it); otherwise such a port needs --operator-tls-cert")
      ->envname("MEADOW_OPERATOR_ALLOW_PLAINTEXT");
  app.add_option("--operator-tls-cert", c.operator_tls_cert, "PEM certificate: serve the operator port over TLS")
      ->envname("MEADOW_OPERATOR_TLS_CERT")
      ->check(CLI::ExistingFile);
  app.add_option("--operator-tls-key", c.operator_tls_key, "PEM key of --operator-tls-cert")
      ->envname("MEADOW_OPERATOR_TLS_KEY")
      ->check(CLI::ExistingFile);

  app.add_option("--role", c.role,
                 "all: simulate and serve viewers; sim: that, and publish every frame on NATS for edge servers; "
                 "edge: simulate nothing, serve the sim's meadow from NATS to this server's viewers")
      ->envname("MEADOW_ROLE")
      ->check(CLI::IsMember({"all", "sim", "edge"}))
      ->capture_default_str();
  app.add_option("--nats", c.nats_url,
                 "NATS server(s) for --role sim and edge: nats://[user:password@]host:port, comma-separated")
      ->envname("MEADOW_NATS");
  app.add_option("--nats-creds", c.nats_creds, "NATS credentials file (JWT and seed), as the nats CLI's --creds")
      ->envname("MEADOW_NATS_CREDS")
      ->check(CLI::ExistingFile);
  app.add_option("--nats-tls-ca", c.nats_tls_ca, "PEM CA certificates to trust: talk to NATS over TLS")
      ->envname("MEADOW_NATS_TLS_CA")
      ->check(CLI::ExistingFile);
  app.add_option("--nats-tls-cert", c.nats_tls_cert, "PEM client certificate for NATS servers that ask for one")
      ->envname("MEADOW_NATS_TLS_CERT")
      ->check(CLI::ExistingFile);
  app.add_option("--nats-tls-key", c.nats_tls_key, "PEM key of --nats-tls-cert")
      ->envname("MEADOW_NATS_TLS_KEY")
      ->check(CLI::ExistingFile);
  app.add_flag("--nats-insecure", c.nats_insecure,
               "Talk to NATS without TLS or credentials (--role sim and edge refuse to otherwise): only for a NATS "
               "that no one else reaches, such as one on loopback")
      ->envname("MEADOW_NATS_INSECURE");
  app.add_option("--nats-subject", c.nats_subject,
                 "Subject prefix of this meadow on NATS (meadows that share a NATS need their own)")
      ->envname("MEADOW_NATS_SUBJECT")
      ->capture_default_str();
  app.add_option("--edge-name", c.edge_name,
                 "This edge's name, shown to the operator beside its viewers (letters, digits, - and _); "
                 "default: the host's name")
      ->envname("MEADOW_EDGE_NAME");
  // The caretaker (docs/gallery.md "The caretaker"): minutes each rule waits, 0 turns it off.
  double drift_minutes = c.care.drift_after / 60.0, rock_minutes = c.care.rocks_after / 60.0,
         revive_minutes = c.care.revive_after / 60.0;
  std::string open_hours;
  auto* care = app.add_option_group("caretaker", "The wall's caretaker (docs/gallery.md \"The caretaker\")");
  care->add_option("--care-drift-minutes", drift_minutes,
                   "Settings no viewer touched this long drift back to where the server started them (0: off)")
      ->envname("MEADOW_CARE_DRIFT_MINUTES")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  care->add_option("--care-rock-minutes", rock_minutes,
                   "A visitor's rock fades this long after its visitor left (the operator's stay; 0: off)")
      ->envname("MEADOW_CARE_ROCK_MINUTES")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  care->add_option("--care-revive-minutes", revive_minutes,
                   "A world languishing this long is revived (each world says when: docs/gallery.md; 0: off)")
      ->envname("MEADOW_CARE_REVIVE_MINUTES")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  care->add_option("--open-hours", open_hours,
                   "HH:MM-HH:MM local time (e.g. 18:00-02:00): outside them the meadow rests and viewers are "
                   "told when it opens; empty: always open")
      ->envname("MEADOW_OPEN_HOURS")
      ->check([](const std::string& text) -> std::string {
        std::string error;
        if (!text.empty() && !parse_opening_hours(text, error)) return error;
        return {};
      });
  // Every flag may come from a file too (name = value a line, TOML or INI), e.g. a gallery's.
  app.set_config("--config", "", "A file of these flags, one `name = value` a line (TOML or INI)");
  // Last, so that --help lists them after the server's own, each world under its name.
  add_world_flags(app, c.worlds);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return {std::nullopt, app.exit(e)};
  }
  c.care.drift_after = drift_minutes * 60.0;
  c.care.rocks_after = rock_minutes * 60.0;
  c.care.revive_after = revive_minutes * 60.0;
  if (!open_hours.empty()) {
    std::string error;
    c.care.hours = parse_opening_hours(open_hours, error);
  }
  c.viewer_grpc_port_given = viewer_grpc_port->count() > 0;
  c.viewer_grpc = !no_viewer_grpc;
  if (!c.metrics_listen.empty() && !split_listen(c.metrics_listen)) {
    std::fprintf(stderr, "meadow-server: --metrics-listen wants ADDRESS:PORT, not '%s'\n", c.metrics_listen.c_str());
    return {std::nullopt, 2};
  }
  // The token: from the file (first line, surrounding space trimmed), else the environment.
  if (!c.operator_token_file.empty()) {
    if (const std::string why = token_file_problem(c.operator_token_file); !why.empty()) {
      std::fprintf(stderr, "meadow-server: %s\n", why.c_str());
      return {std::nullopt, 2};
    }
    std::ifstream in(c.operator_token_file);
    std::getline(in, c.operator_token);
    const auto first = c.operator_token.find_first_not_of(" \t\r\n");
    const auto last = c.operator_token.find_last_not_of(" \t\r\n");
    c.operator_token = first == std::string::npos ? std::string() : c.operator_token.substr(first, last - first + 1);
    if (c.operator_token.empty()) {
      std::fprintf(stderr, "meadow-server: the operator token file %s is empty\n", c.operator_token_file.c_str());
      return {std::nullopt, 2};
    }
  } else if (const char* env = std::getenv("MEADOW_OPERATOR_TOKEN"); env != nullptr) {
    // Trimmed as the file's is: a Secret made with `echo` carries a newline.
    c.operator_token = env;
    const auto first = c.operator_token.find_first_not_of(" \t\r\n");
    const auto last = c.operator_token.find_last_not_of(" \t\r\n");
    c.operator_token = first == std::string::npos ? std::string() : c.operator_token.substr(first, last - first + 1);
  }
  if (const std::string why = role_problem(c); !why.empty()) {
    std::fprintf(stderr, "meadow-server: %s\n", why.c_str());
    return {std::nullopt, 2};
  }
  if (!c.operator_token.empty() && c.operator_token.size() < kMinOperatorTokenLength) {
    std::fprintf(stderr,
                 "meadow-server: the operator token is too short (%zu characters; at least %zu): make one with "
                 "`head -c 24 /dev/urandom | base64`\n",
                 c.operator_token.size(), kMinOperatorTokenLength);
    return {std::nullopt, 2};
  }
  return {c, 0};
}

}  // namespace meadow::app
