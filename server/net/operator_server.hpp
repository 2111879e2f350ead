#pragma once
// The operator's gRPC server on its own port (never the viewers' WebSocket port), behind a small
// facade so that nothing outside net/ includes gRPC.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "net/hub.hpp"
#include "net/metrics.hpp"
#include "net/snapshot_control.hpp"
#include "net/action_history.hpp"
#include "net/admission.hpp"
#include "net/care_control.hpp"
#include "net/trails_control.hpp"
#include "sim/meadow.hpp"
#include "stream/action_queue.hpp"

namespace meadow::net {

struct OperatorConfig {
  std::string bind_address = "127.0.0.1";
  std::uint16_t port = 8081;  // 0 picks a free port
  std::string token;          // empty only with insecure_local
  bool insecure_local = false;  // no token, allowed only on a loopback address
  std::filesystem::path tls_cert;  // both set: TLS
  std::filesystem::path tls_key;
  // Plain text on an address other than loopback (the token would cross the network readable):
  // refused unless this says it is meant (a tunnel, a proxy that adds TLS, a trusted network).
  bool allow_plaintext = false;
  std::string server_version;
  std::vector<sim::SettingsSchema> settings_schemas;  // what ChangeSettings checks against
  std::vector<sim::WorldClearables> clearables;       // what Clear takes away in each world
  // Save, Restore and ListSnapshots (null: the server keeps no state; the calls say so).
  SnapshotControl* snapshots = nullptr;
  // RecordTrails (null: the call says this server records none).
  TrailsControl* trails = nullptr;
  CareControl* care = nullptr;  // the wall's caretaker; null: none
  ActionHistory* history = nullptr;  // the actions applied lately (moderation); null: none
  Admission* admission = nullptr;    // who gets in (keeping an address out); null: none
};

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
