#pragma once
// The NATS subjects between a sim and its edges (proto/meadow/v1/edge.proto says what each
// carries). One place names them; PREFIX is --nats-subject, so meadows can share a NATS.
#include <string>
#include <string_view>

#include "sim/world_kind.hpp"

namespace meadow::edge {

inline constexpr std::string_view kDefaultSubjectPrefix = "meadow";

struct EdgeSubjects {
  std::string prefix;

  [[nodiscard]] std::string frame(sim::WorldKind world) const { return prefix + ".frame." + std::string(sim::world_name(world)); }
  [[nodiscard]] std::string all_frames() const { return prefix + ".frame.*"; }
  [[nodiscard]] std::string broadcast() const { return prefix + ".broadcast"; }
  [[nodiscard]] std::string beat() const { return prefix + ".beat"; }
  // What an edge sends carries its name as the subject's last token, so that NATS's per-subject
  // permissions (deploy/nats/) say which edge may publish it, and the sim reads the sender from
  // the subject (sender_of), not from what the message claims.
  [[nodiscard]] std::string hello(std::string_view edge) const { return prefix + ".hello." + std::string(edge); }
  [[nodiscard]] std::string actions(std::string_view edge) const { return prefix + ".actions." + std::string(edge); }
  [[nodiscard]] std::string report(std::string_view edge) const { return prefix + ".report." + std::string(edge); }
  [[nodiscard]] std::string all_hellos() const { return prefix + ".hello.*"; }
  [[nodiscard]] std::string all_actions() const { return prefix + ".actions.*"; }
  [[nodiscard]] std::string all_reports() const { return prefix + ".report.*"; }
  // Where an edge's request for its welcome gets the answer: its own inbox, which only its
  // credentials may read (the welcome holds its block of session ids).
  [[nodiscard]] std::string inbox(std::string_view edge) const { return "_INBOX." + prefix + "." + std::string(edge); }
  [[nodiscard]] std::string to_viewer(std::string_view edge) const { return prefix + ".edge." + std::string(edge) + ".viewer"; }
  [[nodiscard]] std::string close(std::string_view edge) const { return prefix + ".edge." + std::string(edge) + ".close"; }
};

// An edge's name becomes one token of a subject: letters, digits, '-' and '_' only.
[[nodiscard]] inline bool valid_edge_name(std::string_view name) {
  if (name.empty() || name.size() > 64) return false;
  for (const char c : name) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
    if (!ok) return false;
  }
  return true;
}

// The edge that sent a message on one of hello/actions/report: the subject's last token; empty
// when the subject has none that is a valid edge name.
[[nodiscard]] inline std::string_view sender_of(std::string_view subject) {
  const std::size_t dot = subject.rfind('.');
  if (dot == std::string_view::npos) return {};
  const std::string_view name = subject.substr(dot + 1);
  return valid_edge_name(name) ? name : std::string_view{};
}

}  // namespace meadow::edge
