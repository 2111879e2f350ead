#include "net/admission.hpp"

#include <cctype>

#include "net/log_throttle.hpp"
#include "net/metrics.hpp"

namespace meadow::net {

AdmissionTicket& AdmissionTicket::operator=(AdmissionTicket&& other) noexcept {
  if (this == &other) return *this;
  release();
  owner_ = std::exchange(other.owner_, nullptr);
  kind_ = other.kind_;
  address_ = std::move(other.address_);
  key_ = std::move(other.key_);
  per_address_ = other.per_address_;
  return *this;
}

void AdmissionTicket::release() {
  if (owner_ == nullptr) return;
  std::exchange(owner_, nullptr)->give_back(kind_, key_, per_address_);
}

std::string Admitted::reason() const {
  switch (refusal) {
    case Refusal::kNone:
      return {};
    case Refusal::kFull:
      return "The meadow is full; try again in a while.";
    case Refusal::kAddressFull:
      return "Too many connections from your address; close one and try again.";
    case Refusal::kKeptOut:
      return "The meadow's keeper has kept your address out until " + kept_out_until + ".";
  }
  return {};
}

Admitted Admission::admit(Pool& pool, std::size_t max, std::size_t max_per_address, AdmissionTicket::Kind kind,
                          const std::string& address, bool per_address) {
  std::string key = key_of(address);
  const std::lock_guard lock(mutex_);
  if (pool.total >= max) return {AdmissionTicket(), Refusal::kFull};
  if (per_address) {
    std::size_t& mine = pool.by_address[key];
    if (mine >= max_per_address) {
      if (mine == 0) pool.by_address.erase(key);
      return {AdmissionTicket(), Refusal::kAddressFull};
    }
    ++mine;
  }
  ++pool.total;
  return {AdmissionTicket(this, kind, address, std::move(key), per_address), Refusal::kNone};
}

Admitted Admission::admit_connection(const std::string& peer) {
  return admit(connections_, limits_.max_connections, limits_.max_connections_per_address,
               AdmissionTicket::Kind::kConnection, peer, !trusted_proxy(peer));
}

std::string Admission::keep_out(const std::string& address, std::chrono::steady_clock::time_point until,
                                std::string until_text) {
  std::string key = key_of(address);
  const std::lock_guard lock(mutex_);
  kept_out_[key] = KeptOut{until, std::move(until_text)};
  return key;
}

bool Admission::kept_out(const std::string& address) const {
  const std::lock_guard lock(mutex_);
  const auto it = kept_out_.find(key_of(address));
  return it != kept_out_.end() && std::chrono::steady_clock::now() < it->second.until;
}

Admitted Admission::admit_viewer(const std::string& address) {
  {
    const std::lock_guard lock(mutex_);
    const auto it = kept_out_.find(key_of(address));
    if (it != kept_out_.end()) {
      if (std::chrono::steady_clock::now() < it->second.until) {
        Admitted refused{AdmissionTicket(), Refusal::kKeptOut};
        refused.kept_out_until = it->second.until_text;
        return refused;
      }
      kept_out_.erase(it);  // its time is up
    }
  }
  return admit(viewers_, limits_.max_viewers, limits_.max_viewers_per_address, AdmissionTicket::Kind::kViewer,
               address, true);
}

void Admission::give_back(AdmissionTicket::Kind kind, const std::string& address, bool per_address) {
  const std::lock_guard lock(mutex_);
  Pool& pool = kind == AdmissionTicket::Kind::kConnection ? connections_ : viewers_;
  --pool.total;
  if (!per_address) return;
  const auto it = pool.by_address.find(address);
  if (it != pool.by_address.end() && --it->second == 0) pool.by_address.erase(it);
}

std::size_t Admission::connections() const {
  const std::lock_guard lock(mutex_);
  return connections_.total;
}

std::size_t Admission::viewers() const {
  const std::lock_guard lock(mutex_);
  return viewers_.total;
}

std::size_t Admission::viewers_from(const std::string& address) const {
  const std::lock_guard lock(mutex_);
  const auto it = viewers_.by_address.find(key_of(address));
  return it == viewers_.by_address.end() ? 0 : it->second;
}

std::size_t Admission::connections_from(const std::string& address) const {
  const std::lock_guard lock(mutex_);
  const auto it = connections_.by_address.find(key_of(address));
  return it == connections_.by_address.end() ? 0 : it->second;
}

void record_refusal(Metrics& metrics, Refused what, const Admitted& admitted, const std::string& address) {
  if (admitted.refusal == Refusal::kKeptOut) {
    metrics.viewers_kept_out_total.fetch_add(1);
    warn_throttled("viewer kept out", "keeping out a viewer from {}: {}", address, admitted.reason());
    return;
  }
  const bool full = admitted.refusal == Refusal::kFull;
  if (what == Refused::kConnection) {
    (full ? metrics.connections_refused_full_total : metrics.connections_refused_address_total).fetch_add(1);
    warn_throttled("connection refused", "refusing a connection from {}: {}", address, admitted.reason());
  } else {
    (full ? metrics.viewers_refused_full_total : metrics.viewers_refused_address_total).fetch_add(1);
    warn_throttled(what == Refused::kViewer ? "viewer refused" : "grpc viewer refused", "refusing a {}viewer from {}: {}",
                   what == Refused::kViewer ? "" : "grpc ", address, admitted.reason());
  }
}

std::string forwarded_client(std::string_view header) {
  const std::size_t comma = header.rfind(',');
  std::string_view last = comma == std::string_view::npos ? header : header.substr(comma + 1);
  while (!last.empty() && std::isspace(static_cast<unsigned char>(last.front()))) last.remove_prefix(1);
  while (!last.empty() && std::isspace(static_cast<unsigned char>(last.back()))) last.remove_suffix(1);
  // An address is made of hex digits, dots and colons (brackets around IPv6); anything else is
  // not one (and must not end up in logs or keys unchecked).
  for (const char c : last) {
    if (!std::isxdigit(static_cast<unsigned char>(c)) && c != '.' && c != ':' && c != '[' && c != ']') return {};
  }
  if (last.size() > 2 && last.front() == '[' && last.back() == ']') last = last.substr(1, last.size() - 2);
  return std::string(last);
}

}  // namespace meadow::net
