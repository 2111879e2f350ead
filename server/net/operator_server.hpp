#pragma once
// The operator's gRPC server on its own port (never the viewers' WebSocket port), behind a small
// facade so that nothing outside net/ includes gRPC.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "net/hub.hpp"
#include "net/operator_config.hpp"
#include "net/metrics.hpp"
#include "net/snapshot_control.hpp"
#include "net/action_history.hpp"
#include "net/admission.hpp"
#include "net/care_control.hpp"
#include "net/trails_control.hpp"
#include "sim/meadow.hpp"
#include "stream/action_queue.hpp"

namespace meadow::net {


class OperatorServer {
 public:
  OperatorServer(OperatorConfig config, Hub& hub, stream::ActionQueue& actions, Metrics& metrics);
  ~OperatorServer();
  OperatorServer(const OperatorServer&) = delete;
  OperatorServer& operator=(const OperatorServer&) = delete;

  // Starts serving; throws std::runtime_error saying what is wrong (no token, no token on a
  // public address, plain text on a public address without allow_plaintext, TLS files
  // unreadable, the port taken).
  void start();
  [[nodiscard]] std::uint16_t port() const;
  // Stops taking calls and finishes those in flight (within a second); call before the sim loop
  // stops, so queued actions are still answered.
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace meadow::net
