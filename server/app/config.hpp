#pragma once
// The server's configuration: CLI11 flags, each with a default that works on a laptop and a
// MEADOW_* environment override (a flag on the command line wins over the environment).
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/caretaker/care_rules.hpp"
#include "app/worlds.hpp"
#include "stream/video_light.hpp"

namespace meadow::app {

// Seconds between automatic snapshots: a restart replays at most this much journal, which at the
// default meadow takes well under the 5 s a restart may take (docs/durability.md has the figures).
inline constexpr double kDefaultSnapshotEverySeconds = 30.0;

struct Config {
  std::string bind_address = "127.0.0.1";
  std::uint16_t port = 8080;
  std::uint64_t seed = 1;
  std::filesystem::path web_root = "web-viewer/dist";
  // The address phones open to join, for the kiosk's QR code (empty: the page's own address).
  std::string public_url;
  // The world a viewer starts in (empty: the first registered): a gallery's wall.
  std::string first_world;
  // The caretaker of an unattended wall (docs/gallery.md "The caretaker"): each rule's wait.
  CareSettings care;
  double frame_rate = 30.0;
  // Each world's flags (app/<world>/<world>_module.hpp), in --help under the world's name.
  WorldOptions worlds;
  // Durable state (docs/durability.md): the folder of the meadow's database (empty: the
  // meadow is not saved), a snapshot every so many seconds, and how many are kept.
  std::filesystem::path state_dir;
  double snapshot_every_seconds = kDefaultSnapshotEverySeconds;
  std::uint32_t keep_snapshots = 10;
  std::uint32_t keep_hours = 24;
  std::uint32_t keep_every_minutes = 10;
  std::uint32_t state_max_mb = 4096;  // the database's ceiling (its oldest history goes first); 0: none
  // Plays a recording (a --state-dir of an earlier run) to viewers instead of a live meadow, at
  // 1, 4 or 16 times the speed it happened; read-only.
  std::filesystem::path replay_dir;
  unsigned replay_speed = 1;
  unsigned replays_most = 4;  // viewers' replays of the night at once (docs/gallery.md "Tonight so far")
  // The light as video (docs/light-codec.md): sent to viewers that decode it ("on"),
  // or never ("off"); VP9's constant-quality level, key-frame interval (frames) and temporal layers.
  std::string light_video = "on";
  int video_quality = stream::kVideoDefaultQuality;
  std::uint32_t video_key_interval = stream::kVideoDefaultKeyInterval;
  std::uint32_t video_layers = stream::kVideoLayers;
  std::string log_level = "info";
  bool log_json = false;
  bool print_prices = false;  // print every message's declared price and exit
  unsigned io_threads = 1;
  unsigned sim_threads = 2;
  // Who gets in (net/admission.hpp): viewers and HTTP connections, in all and per address.
  std::uint32_t max_viewers = 512;
  std::uint32_t max_viewers_per_address = 8;
  unsigned ipv6_prefix_bits = 64;  // an IPv6 visitor counts as its network of this many bits
  std::uint32_t max_connections = 1024;
  std::uint32_t max_connections_per_address = 32;
  std::vector<std::string> trusted_proxies;  // their X-Forwarded-For names the viewer
  // Pages of other origins that may open /ws (scheme://host[:port], or "*" for any); pages this
  // server served may always (net/origin_check.hpp).
  std::vector<std::string> allowed_origins;
  // How long a write to a viewer may stall (it stopped reading) before it is closed.
  std::uint32_t viewer_write_timeout_ms = 10'000;
  // /metrics on its own address:port instead of the viewers' port; empty: on the viewers' port.
  std::string metrics_listen;
  // The viewer protocol over gRPC for native clients (meadow-watch), on its own port. When the
  // default port is taken the server runs without it (a warning says so); a port given on the
  // command line or in the environment must be free.
  bool viewer_grpc = true;       // false (--no-viewer-grpc): no gRPC port for native viewers
  std::string viewer_grpc_bind = "127.0.0.1";  // loopback unless asked: plain text, no browser needs it
  std::uint16_t viewer_grpc_port = 8082;
  bool viewer_grpc_port_given = false;
  // The operator's gRPC port (meadowctl), off the viewers' port. Without a token it stays closed
  // unless operator_insecure_local (loopback only).
  std::string operator_bind = "127.0.0.1";
  std::uint16_t operator_port = 8081;
  std::filesystem::path operator_token_file;
  std::string operator_token;  // MEADOW_OPERATOR_TOKEN, or read from operator_token_file
  bool operator_insecure_local = false;
  bool operator_allow_plaintext = false;  // plain text on a non-loopback --operator-bind is meant
  std::filesystem::path operator_tls_cert;
  std::filesystem::path operator_tls_key;
  // Past one machine (docs/edges.md): "all" simulates and serves; "sim" does that and
  // publishes every frame on NATS for edge servers; "edge" simulates nothing and serves the sim's
  // meadow to its own viewers.
  std::string role = "all";
  std::string nats_url;  // nats://[user:password@]host:port[,…]
  std::filesystem::path nats_creds;
  std::filesystem::path nats_tls_ca;
  std::filesystem::path nats_tls_cert;
  std::filesystem::path nats_tls_key;
  std::string nats_subject = "meadow";
  bool nats_insecure = false;  // talk to NATS without TLS or credentials (a NATS only this host reaches)
  std::string edge_name;  // the host's name when empty
};

// The shortest operator token accepted (characters): `head -c 24 /dev/urandom | base64` gives 32.
inline constexpr std::size_t kMinOperatorTokenLength = 24;

struct ParseResult {
  std::optional<Config> config;  // set when the server should run
  int exit_code = 0;             // otherwise: exit with this (0 after --help/--version)
};

// "ADDRESS:PORT" (IPv6 in brackets) as its parts; nullopt when it is not of that form.
[[nodiscard]] std::optional<std::pair<std::string, std::uint16_t>> split_listen(const std::string& text);

// Parses argv (and MEADOW_* variables); prints help or errors to stdout/stderr itself.
[[nodiscard]] ParseResult parse_config(int argc, const char* const* argv);

}  // namespace meadow::app
