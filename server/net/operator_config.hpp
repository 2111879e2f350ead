#pragma once
// What the operator's service is given: where it listens, its token, and the parts of the server
// its calls reach (each null where this server has no such part: the call says so).
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "net/action_history.hpp"
#include "net/admission.hpp"
#include "net/care_control.hpp"
#include "net/replay_control.hpp"
#include "net/snapshot_control.hpp"
#include "net/trails_control.hpp"
#include "sim/meadow.hpp"

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
  ReplayControl* replays = nullptr;  // viewers' replays of the night (LimitReplays); null: none
  // Writes a keep-out down where a restart finds it (the saved state), with its end in Unix ms;
  // empty: not written down (a restart lets the address in again).
  std::function<void(const std::string& address, std::int64_t until_ms)> write_keep_out;
};

}  // namespace meadow::net
