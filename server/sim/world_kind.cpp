#include "sim/world_kind.hpp"

#include <atomic>

namespace meadow::sim {

namespace {
// The names registrations gave (null: none). Read by every thread, written only before they
// start; atomic so that a test's late registration is still no data race.
std::array<std::atomic<const char*>, kWorldKinds> g_registered_names{};
// A number no world has named: "world N".
constexpr std::array<const char*, kWorldKinds> kUnnamed = {
    "world 1", "world 2",  "world 3",  "world 4",  "world 5",  "world 6",  "world 7", "world 8",
    "world 9", "world 10", "world 11", "world 12", "world 13", "world 14", "world 15"};
}  // namespace

std::string_view world_name(WorldKind kind) {
  if (!is_world_number(static_cast<int>(kind))) return "no world";
  const std::size_t i = index_of(kind);
  if (const char* registered = g_registered_names[i].load(std::memory_order_acquire)) return registered;
  if (i < kProductWorldNames.size()) return kProductWorldNames[i];
  return kUnnamed[i];
}

std::optional<WorldKind> world_named(std::string_view name) {
  for (const WorldKind k : kAllWorldKinds) {
    if (world_name(k) == name) return k;
  }
  return std::nullopt;
}

void name_world(WorldKind kind, const char* name) {
  if (is_world_number(static_cast<int>(kind))) g_registered_names[index_of(kind)].store(name, std::memory_order_release);
}

}  // namespace meadow::sim
