#pragma once
// The worlds on the land (SPEC §1): one enum indexes every per-world table (a frame bundle's
// messages, figures, timings, the viewer's world choice); stream/world_mapping.* maps it to and
// from the wire's World. A new world adds its kind here (and its registration in the server and
// the viewer: docs/architecture.md, "How to add a world").
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace meadow::sim {

enum class WorldKind : std::uint8_t {
  swarm,
  colony,
  mold,
  // Registered by the tests only (tests/support/test_world.*): a tiny world that proves a world
  // is new files plus one registration. A server never runs it.
  test,
};
inline constexpr std::size_t kWorldKinds = 4;

// Index of a world in per-world tables.
[[nodiscard]] constexpr std::size_t index_of(WorldKind kind) { return static_cast<std::size_t>(kind); }
inline constexpr std::array<WorldKind, kWorldKinds> kAllWorldKinds = {WorldKind::swarm, WorldKind::colony,
                                                                      WorldKind::mold, WorldKind::test};

// The world's name as people read it ("the swarm", in notices) and as figures are labelled.
[[nodiscard]] constexpr std::string_view world_name(WorldKind kind) {
  constexpr std::array<std::string_view, kWorldKinds> kNames = {"swarm", "colony", "mold", "test"};
  return kNames[index_of(kind)];
}
[[nodiscard]] constexpr std::optional<WorldKind> world_named(std::string_view name) {
  for (const WorldKind k : kAllWorldKinds) {
    if (world_name(k) == name) return k;
  }
  return std::nullopt;
}

}  // namespace meadow::sim
