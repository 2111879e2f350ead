#pragma once
// Who gets in: a slot for every HTTP connection and for every viewer (WebSocket or gRPC), taken
// atomically when the connection is accepted or the upgrade (or Watch) is read, and given back
// when it ends, within a total and a per-address cap. The per-address caps keep one host from
// holding every slot. Connections from a trusted proxy (nginx in front) are counted only in the
// total; the viewers behind it are told apart by the address the proxy forwards.
// Thread-safe; Beast-free, so the gRPC services share it with the WebSocket's.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "net/address_key.hpp"
#include "net/trusted_proxies.hpp"

namespace meadow::net {

struct AdmissionLimits {
  std::size_t max_connections = 1024;            // HTTP connections (TCP) at once
  std::size_t max_connections_per_address = 32;  // a browser opens about six
  std::size_t max_viewers = 512;                 // viewers at once, WebSocket and gRPC together
  std::size_t max_viewers_per_address = 8;       // a family's phones behind one router
  TrustedProxies trusted_proxies;                // whose X-Forwarded-For is believed
  unsigned ipv6_prefix_bits = kDefaultIpv6PrefixBits;  // an IPv6 visitor is its network of this many bits
};

enum class Refusal { kNone, kFull, kAddressFull, kKeptOut };

class Admission;

// A slot held; given back when the ticket is destroyed. Movable, not copyable.
class AdmissionTicket {
 public:
  AdmissionTicket() = default;
  AdmissionTicket(AdmissionTicket&& other) noexcept { *this = std::move(other); }
  AdmissionTicket& operator=(AdmissionTicket&& other) noexcept;
  AdmissionTicket(const AdmissionTicket&) = delete;
  AdmissionTicket& operator=(const AdmissionTicket&) = delete;
  ~AdmissionTicket() { release(); }

  [[nodiscard]] bool held() const { return owner_ != nullptr; }
  [[nodiscard]] const std::string& address() const { return address_; }
  // Who it counts as (Admission::key_of): an IPv6 visitor's network.
  [[nodiscard]] const std::string& key() const { return key_; }
  void release();

 private:
  friend class Admission;
  enum class Kind { kConnection, kViewer };
  AdmissionTicket(Admission* owner, Kind kind, std::string address, std::string key, bool counted_per_address)
      : owner_(owner), kind_(kind), address_(std::move(address)), key_(std::move(key)),
        per_address_(counted_per_address) {}
  Admission* owner_ = nullptr;
  Kind kind_ = Kind::kConnection;
  std::string address_;
  std::string key_;  // who it counts as (Admission::key_of)
  bool per_address_ = true;
};

struct Admitted {
  AdmissionTicket ticket;  // held when admitted
  Refusal refusal = Refusal::kNone;
  std::string kept_out_until;  // kKeptOut: until when, "HH:MM" local time
  // What to tell the refused, for people (empty when admitted).
  [[nodiscard]] std::string reason() const;
};

class Admission {
 public:
  explicit Admission(AdmissionLimits limits) : limits_(std::move(limits)) {}
  Admission(const Admission&) = delete;
  Admission& operator=(const Admission&) = delete;

  // A TCP connection from `peer`. A trusted proxy's connections count only in the total.
  [[nodiscard]] Admitted admit_connection(const std::string& peer);
  // A viewer from `address` (the peer, or the client a trusted proxy forwarded).
  [[nodiscard]] Admitted admit_viewer(const std::string& address);
  // The operator keeps `address` (or its IPv6 network: key_of) out as a viewer until `until`
  // (docs/gallery.md "Moderation"); `until_text` says when, for the refused. Returns its key.
  std::string keep_out(const std::string& address, std::chrono::steady_clock::time_point until, std::string until_text);
  // Whether a viewer from `address` is kept out now.
  [[nodiscard]] bool kept_out(const std::string& address) const;
  // Who `address` counts as for the per-address caps (address_key.hpp: an IPv6 visitor's network).
  [[nodiscard]] std::string key_of(const std::string& address) const {
    return address_key(address, limits_.ipv6_prefix_bits);
  }

  [[nodiscard]] bool trusted_proxy(const std::string& peer) const { return limits_.trusted_proxies.contains(peer); }
  [[nodiscard]] const AdmissionLimits& limits() const { return limits_; }
  [[nodiscard]] std::size_t connections() const;
  [[nodiscard]] std::size_t viewers() const;
  // Slots held by `address` (tests and the operator).
  [[nodiscard]] std::size_t viewers_from(const std::string& address) const;
  [[nodiscard]] std::size_t connections_from(const std::string& address) const;

 private:
  friend class AdmissionTicket;
  struct Pool {
    std::size_t total = 0;
    std::unordered_map<std::string, std::size_t> by_address;
  };
  Admitted admit(Pool& pool, std::size_t max, std::size_t max_per_address, AdmissionTicket::Kind kind,
                 const std::string& address, bool per_address);
  void give_back(AdmissionTicket::Kind kind, const std::string& address, bool per_address);

  struct KeptOut {
    std::chrono::steady_clock::time_point until;
    std::string until_text;
  };
  const AdmissionLimits limits_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, KeptOut> kept_out_;  // by key_of
  Pool connections_;
  Pool viewers_;
};

struct Metrics;
// What was refused at the door, for the metrics and the log.
enum class Refused { kConnection, kViewer, kGrpcViewer };
// Counts a refusal in the metrics (meadow_refused_total) and logs it, throttled.
void record_refusal(Metrics& metrics, Refused what, const Admitted& admitted, const std::string& address);

// The client's address as the trusted proxy forwarded it: the last entry of X-Forwarded-For
// (what the proxy itself appended), trimmed; empty when the header holds no address.
[[nodiscard]] std::string forwarded_client(std::string_view x_forwarded_for);

}  // namespace meadow::net
