#pragma once
// The worlds on the land (docs/rules.md "The land · The worlds"): one enum indexes every
// per-world table (a frame bundle's messages, figures, timings, the viewer's world choice). Each
// kind's number is the one the wire gives it (meadow.v1.World), so stream/world_mapping.* maps them
// without a table. A new world adds its kind here (and its registration in the server and the
// viewer: docs/architecture.md, "How to add a world").
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace meadow::sim {

enum class WorldKind : std::uint8_t {
  swarm = 1,
  colony = 2,
  mold = 3,
  pond = 4,
  plate = 5,
  // Registered by the tests only (tests/support/test_world.*): a tiny world that proves a world
  // is new files plus one registration. A server never runs it.
  test = 15,
};

// Every kind, in the order of per-world tables, with its name as people read it ("the swarm",
// in notices) and as figures are labelled.
inline constexpr std::array<WorldKind, 6> kAllWorldKinds = {WorldKind::swarm, WorldKind::colony, WorldKind::mold,
                                                            WorldKind::pond,  WorldKind::plate,  WorldKind::test};
inline constexpr std::array<std::string_view, kAllWorldKinds.size()> kWorldNames = {"swarm", "colony", "mold",
                                                                                    "pond",  "plate",  "test"};
inline constexpr std::size_t kWorldKinds = kAllWorldKinds.size();

// Index of a world in per-world tables.
[[nodiscard]] constexpr std::size_t index_of(WorldKind kind) {
  for (std::size_t i = 0; i < kAllWorldKinds.size(); ++i) {
    if (kAllWorldKinds[i] == kind) return i;
  }
  return 0;  // not reached for a WorldKind value
}

[[nodiscard]] constexpr std::string_view world_name(WorldKind kind) { return kWorldNames[index_of(kind)]; }
[[nodiscard]] constexpr std::optional<WorldKind> world_named(std::string_view name) {
  for (const WorldKind k : kAllWorldKinds) {
    if (world_name(k) == name) return k;
  }
  return std::nullopt;
}

}  // namespace meadow::sim
