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
  [[nodiscard]] std::string hello() const { return prefix + ".hello"; }
  [[nodiscard]] std::string actions() const { return prefix + ".actions"; }
  [[nodiscard]] std::string report() const { return prefix + ".report"; }
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

}  // namespace meadow::edge
