#pragma once
// One native viewer's connection to the server, over the WebSocket (/ws) or gRPC
// (meadow.v1.Viewer): the same ServerMessages come out of both, the same ClientMessages go in.
// Handlers for one link are never called at the same time (each link serialises its own), but
// may be called from the link's I/O threads.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "meadow/v1/viewer.pb.h"

namespace meadow::client {

// The largest message a link accepts from the server, on either transport: larger than any
// frame the server sends (the biggest light raster is 480 × 270, compressed).
inline constexpr std::size_t kMaxServerMessageBytes = std::size_t{8} << 20;

struct LinkHandlers {
  // One ServerMessage, and the bytes it took on the wire (its encoded size).
  std::function<void(v1::ServerMessage&&, std::size_t bytes)> on_message;
  // The link ended; `why` says how (empty after stop()).
  std::function<void(const std::string& why)> on_closed;
};

struct LinkTarget {
  std::string host = "127.0.0.1";
  std::uint16_t port = 8080;  // the WebSocket's HTTP port, or the viewers' gRPC port
  v1::World world = v1::WORLD_UNSPECIFIED;  // unspecified: where the server starts its viewers
  std::string client_name = "meadow-watch";
  // The local address to connect from (WebSocket only); empty: the system's choice. Tests and
  // meadow-abuse give each attacker its own loopback address (127.0.0.N) so that the server's
  // per-address limits apply to it and not to the viewers beside it.
  std::string source_address;
  // Offer the light as VP9 video in the Hello (the server falls back to zstd frames while the
  // video has no key frame for this viewer).
  bool offer_video = false;
};

class ViewerLink {
 public:
  virtual ~ViewerLink() = default;
  // Connects and starts receiving; failures arrive through on_closed.
  virtual void start() = 0;
  // Any thread. Messages sent before the link is up wait until it is.
  virtual void send(const v1::ClientMessage& message) = 0;
  // Ends the link; returns once no handler runs any more.
  virtual void stop() = 0;
};

}  // namespace meadow::client
