#pragma once
// What every connection shares: the hub, the action queue, the metrics, admission, the limits and
// the facts a welcome needs. Outlives every session.
#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "net/admission.hpp"
#include "net/hub.hpp"
#include "net/metrics.hpp"
#include "net/origin_check.hpp"
#include "net/replay_control.hpp"
#include "net/trails_control.hpp"
#include "sim/world_kind.hpp"
#include "stream/action_queue.hpp"

namespace meadow::net {

struct SessionLimits {
  // Largest viewer message accepted; viewer messages are tiny, so this is generous.
  std::size_t max_message_bytes = 16 * 1024;
  // Reliable messages (notices, rocks, pongs) a session may have waiting before it is closed.
  std::size_t reliable_queue = 256;
  // A write that has not finished after this long means the viewer stopped reading: close.
  std::chrono::milliseconds write_timeout{10'000};
  // The kernel's send buffer of a viewer's socket (SO_SNDBUF; Linux doubles it). Left to itself
  // the kernel grows it to 4 MB: seconds of stale frames queued for a slow viewer before it gets
  // fewer, and 4 MB of kernel memory held for every viewer that stopped reading (docs/limits.md).
  // This is about half a second of frames of the default worlds, many round trips of a phone.
  int send_buffer_bytes = 256 * 1024;
  // The WebSocket handshake must finish within this.
  std::chrono::milliseconds handshake_timeout{10'000};
  // A connection from which nothing arrives for this long (keep-alive pings unanswered) closes.
  std::chrono::milliseconds idle_timeout{60'000};
  // Token bucket for viewer messages: sustained rate and burst.
  double messages_per_second = 60.0;
  double message_burst = 120.0;
  // An HTTP request (headers included) must arrive within this; a slow client is cut off.
  std::chrono::milliseconds http_timeout{10'000};
  // Which pages may open /ws (their Origin): by default only those this server served.
  OriginPolicy origins;
};

// What one listener serves: the viewer (its files and /ws), /metrics, or both. /healthz always.
struct HttpRoutes {
  bool viewer = true;
  bool metrics = true;
};

struct ServerFacts {
  std::string version;
  double frame_rate = 30.0;
  double tick_rate = 60.0;
  // The settings' schemas of the worlds that have settings (sim/settings.hpp): what a viewer's
  // settings change is checked against at the door.
  std::vector<sim::SettingsSchema> settings_schemas;
  // The worlds this server runs, in the order a viewer goes through them; the first is where a
  // viewer starts. "Is this world running here?" is answered here and nowhere else. Whoever starts
  // the server fills it (the meadow's worlds, or an edge's from its sim's welcome): never empty.
  std::vector<sim::WorldKind> worlds;
  // The address phones open to join (--public-url; each edge its own), in every Welcome.
  std::string public_url;
  [[nodiscard]] bool runs(sim::WorldKind world) const {
    return std::find(worlds.begin(), worlds.end(), world) != worlds.end();
  }
};

struct SessionContext {
  Hub& hub;
  stream::ActionQueue& actions;
  Metrics& metrics;
  Admission& admission;  // slots for connections and viewers, shared by every listener and gRPC
  SessionLimits limits;
  ServerFacts facts;
  std::filesystem::path web_root;
  // Records trails for viewers that ask (docs/rules.md, a world's "Trails"); null: this server
  // records none.
  TrailsControl* trails = nullptr;
  // Replays the night for viewers that ask (docs/gallery.md "Tonight so far"); null: none here.
  ReplayControl* replays = nullptr;
  // Why /healthz should say this server cannot serve now (an edge without its sim, docs/edges.md);
  // empty function or empty answer: it can.
  std::function<std::string()> not_ready = nullptr;
  // A gRPC call's peer as gRPC writes it ("ipv4:10.0.0.2:5000"): the viewers' gRPC door hands
  // gRPC the connections it admitted, which gRPC then names "fd:N"; this names them again
  // (grpc_door.hpp). Empty function: the peer as gRPC gives it.
  std::function<std::string(const std::string& grpc_peer)> grpc_peer = nullptr;
  [[nodiscard]] std::string peer_of(const std::string& grpc_peer_name) const {
    return grpc_peer ? grpc_peer(grpc_peer_name) : grpc_peer_name;
  }
};

}  // namespace meadow::net
