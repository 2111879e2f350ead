#pragma once
// The worlds on the land (docs/rules.md "The land · The worlds"): one enum indexes every
// per-world table (a frame bundle's messages, figures, timings, the viewer's world choice). Each
// kind's number is the one the wire gives it (meadow.v1.World), so stream/world_mapping.* maps them
// without a table. A new world of the product adds its kind here (and its registration in the
// server and the viewer: docs/architecture.md, "How to add a world").
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
};

// Per-world tables have one slot for every wire number a world may have, 1 to kWorldKinds, so
// that a world the product does not list (the tests' own, registered only in the tests' build)
// has its slot too. A kind is its number; its index is the number less one, so the product's
// worlds keep the indexes the edge protocol's per-world lists use.
inline constexpr std::size_t kWorldKinds = 15;
// A number that is no world's (0, past kWorldKinds) has the first slot, so no table is read out of
// its bounds.
[[nodiscard]] constexpr std::size_t index_of(WorldKind kind) {
  const auto number = static_cast<std::size_t>(kind);
  return number >= 1 && number <= kWorldKinds ? number - 1 : 0;
}
[[nodiscard]] constexpr WorldKind kind_at(std::size_t index) { return static_cast<WorldKind>(index + 1); }
// Whether a wire number is a world's (1 to kWorldKinds).
[[nodiscard]] constexpr bool is_world_number(int number) {
  return number >= 1 && number <= static_cast<int>(kWorldKinds);
}

// Every kind, in the order of per-world tables: loops over it meet every world a server may run.
inline constexpr std::array<WorldKind, kWorldKinds> kAllWorldKinds = [] {
  std::array<WorldKind, kWorldKinds> kinds{};
  for (std::size_t i = 0; i < kWorldKinds; ++i) kinds[i] = kind_at(i);
  return kinds;
}();

// The product's worlds' names, by kind; a name registration gives the others (name_world).
inline constexpr std::array<std::string_view, 5> kProductWorldNames = {"swarm", "colony", "mold", "pond", "plate"};

// A world's name as people read it ("the swarm", in notices) and as figures are labelled: the
// product's worlds by their kind; any other kind by the name its registration gave it
// (name_world), or "world N" until then.
[[nodiscard]] std::string_view world_name(WorldKind kind);
[[nodiscard]] std::optional<WorldKind> world_named(std::string_view name);
// Names a kind the product does not list, once, before the threads start (a world's registration
// outside the product: the tests' world). `name` must outlive the process (a literal).
void name_world(WorldKind kind, const char* name);

}  // namespace meadow::sim
