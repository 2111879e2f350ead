#pragma once
// What each action a viewer (or the operator) may send costs the meadow, declared once per world
// beside its rules (World::prices()) and once by
// the meadow for the land's and the operator's actions (meadow_prices.cpp): who may send it, the
// operator's lock that stops it, its cooldown, how much of it one viewer and all viewers together
// may have lying in the meadow, and the ceiling of whatever multiplies a tick's cost.
//
// Fairness is structural: the meadow's router (Meadow::apply) takes no action that neither the
// meadow nor the world it is aimed at declares, refuses a viewer an operator's action, checks the
// declared lock and the declared cooldown, and a world's rules read their caps and ceilings from
// their declaration. docs/limits.md has a row for every declaration, and a test fails the build's
// tests when one is missing (tests/sim/price_table_test.cpp).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <type_traits>
#include <variant>

#include "sim/actions.hpp"
#include "sim/viewer_limits.hpp"

namespace meadow::sim {

// Who may send an action: viewers (and the operator), the operator only, or the server itself
// (a session that ended: no viewer's message makes it).
enum class Sender : std::uint8_t { viewer, operator_only, server };

// How a viewer's action asked within its cooldown is met: refused (a tap: try again), or held
// until the viewer's turn comes, the newest replacing an older one (a slider: its last value wins;
// the world keeps the turns, sim/viewer_limits.hpp's CountTurns).
enum class CooldownWait : std::uint8_t { refuse, defer };

// The cooldown group of rocks, flowers (and crumbs and oat flakes) and frogs: one tap at a time.
inline constexpr std::string_view kTapGroup = "tap";

struct Cooldown {
  std::uint64_t ticks = 0;  // between two of one viewer's actions of `group` (0: none)
  std::string_view group;   // actions sharing one cooldown (kTapGroup: rocks, flowers, frogs)
  CooldownWait wait = CooldownWait::refuse;
  std::string_view too_soon;  // the notice of a refusal, for people
};

// The cooldown of rocks, flowers, crumbs, oat flakes and frogs: one tap at a time, whatever the tool.
inline constexpr Cooldown kTapCooldown{viewer_limits::kTapCooldownTicks, kTapGroup, CooldownWait::refuse,
                                       "One rock, flower or frog at a time: wait a moment between taps."};

// The most of what multiplies a tick's cost one viewer may ask for, by the engine the world runs
// on (measured: docs/limits.md).
struct CostCeiling {
  std::string_view what;  // "fireflies", "agents", "steps × fireflies"
  std::uint64_t cpu = 0;
  std::uint64_t gpu = 0;
  [[nodiscard]] std::uint64_t on(std::string_view engine) const { return engine == "gpu" ? gpu : cpu; }
};

struct Price {
  std::string_view message;  // as docs/limits.md's table names it, e.g. "rock tap"
  std::size_t body = 0;      // the ActionBody alternative it prices (body_index<T>())
  Sender who = Sender::viewer;
  // The operator's lock that refuses it to viewers (nullptr: none), and what the notice calls it.
  bool ViewerLocks::*lock = nullptr;
  std::string_view locked_what;
  Cooldown cooldown;
  std::uint32_t per_viewer = 0;   // what one viewer may have in the meadow at once (0: nothing lasts)
  std::uint32_t per_visitor = 0;  // and one visitor, all its sessions together (0: no cap of its own)
  std::uint32_t meadow_wide = 0;  // and every viewer and the operator together (0: nothing lasts)
  std::optional<CostCeiling> ceiling;
};

// The place of T among ActionBody's alternatives.
template <typename T, std::size_t I = 0>
[[nodiscard]] constexpr std::size_t body_index() {
  static_assert(I < std::variant_size_v<ActionBody>, "not an ActionBody alternative");
  if constexpr (std::is_same_v<std::variant_alternative_t<I, ActionBody>, T>) {
    return I;
  } else {
    return body_index<T, I + 1>();
  }
}

// The declaration of `body` in `prices`, or null.
[[nodiscard]] inline const Price* price_of(std::span<const Price> prices, std::size_t body) {
  for (const Price& p : prices) {
    if (p.body == body) return &p;
  }
  return nullptr;
}

// The land's and the operator's actions, which the meadow itself takes (rocks, locks, pause,
// clearing the rocks, a viewer leaving).
[[nodiscard]] std::span<const Price> meadow_prices();

}  // namespace meadow::sim
