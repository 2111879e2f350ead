#pragma once
// What viewers and the operator can ask of the meadow, after validation at the network edge.
// The sim thread drains these at the start of a tick, stamps them with that tick and applies
// them in order, so the same seed and the same stamped actions give the same meadow.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "sim/geometry.hpp"
#include "sim/settings.hpp"
#include "sim/world_kind.hpp"

namespace meadow::sim {

// A tap with the rock tool: removes the rock under the point, or places one there.
struct RockTap {
  Vec2 at;
};

// A tap with the attract tool: removes the attract mark under the point, or places one there.
struct AttractTap {
  Vec2 at;
};

// A tap with the flower tool: what the world watched grows or drops there (docs/rules.md "The
// tools · Flower"). A handful (the "throw food" button) asks a world that
// scatters food for several over its water instead of one where tapped; elsewhere it is a tap.
struct FlowerTap {
  Vec2 at;
  bool handful = false;
};

// A tap with the frog tool (docs/rules.md "The frog"): takes away the frog under the point, or
// drops one there, in a world that keeps frogs.
struct FrogTap {
  Vec2 at;
};

// The predator tool follows a held pointer: down makes (or moves) the viewer's predator, move
// moves it, up takes it away. One predator per viewer.
enum class PointerPhase : std::uint8_t { down, move, up };
struct PredatorPointer {
  PointerPhase phase = PointerPhase::down;
  Vec2 at;
};

// The attract tool held down (for a world that takes it held, not tapped): down places the
// viewer's pointer, move moves it, up lifts it. One held attract pointer per viewer.
struct AttractPointer {
  PointerPhase phase = PointerPhase::down;
  Vec2 at;
};

// The viewer `Action::origin` left: its predator goes (its marks and crumbs stay until tapped
// or eaten). Pushed by the network session when it ends.
struct ViewerLeft {};

// --- The operator's (origin 0 only; the network edge never makes these from a viewer) ---------
// What viewers may not do while the operator says so (docs/rules.md "The operator"): each tool, and
// the worlds' settings, separately.
struct ViewerLocks {
  bool attract = false;
  bool flower = false;
  bool rock = false;
  bool predator = false;
  bool settings = false;
  bool frog = false;
  friend bool operator==(const ViewerLocks&, const ViewerLocks&) = default;
};
struct SetLocks {
  ViewerLocks locks;
};
// Pause: the worlds stand still (frames still go out, showing them still); resume: they go on.
struct SetPaused {
  bool paused = false;
};
struct ClearRocks {};
// Clears what the world it names keeps and the operator may clear, by the name the world gives it
// (World::clearables(): "frogs", "crumbs", "food", as each world names its own).
struct Clear {
  std::string what;
  friend bool operator==(const Clear&, const Clear&) = default;
};

// Takes away everything in the meadow that `sessions` placed, or any session of `visitor` (when not
// 0): the land's rocks and each world's own things (flowers, frogs, crumbs, marks, oat flakes).
// The operator's moderation undoing what one visitor did (docs/gallery.md "Moderation").
struct TakeAway {
  std::vector<std::uint64_t> sessions;
  std::uint64_t visitor = 0;
  // Whether a thing placed by `owner` of `owner_visitor` is one to take away (never the operator's).
  [[nodiscard]] bool placed(std::uint64_t owner, std::uint64_t owner_visitor) const {
    if (owner == 0) return false;
    for (const std::uint64_t s : sessions) {
      if (s == owner) return true;
    }
    return visitor != 0 && owner_visitor == visitor;
  }
  friend bool operator==(const TakeAway&, const TakeAway&) = default;
};

// A world's settings change (sim/settings.hpp) is one body for every world: it names its world
// and carries values by the names of that world's schema.
using ActionBody = std::variant<RockTap, SettingsChange, AttractTap, FlowerTap, PredatorPointer, ViewerLeft, SetLocks,
                                SetPaused, ClearRocks, AttractPointer, FrogTap, Clear, TakeAway>;


// The origin of the operator's actions.
inline constexpr std::uint64_t kOperator = 0;

struct Action {
  std::uint64_t origin = 0;  // the session (or kOperator) that asked
  std::uint64_t tick = 0;    // stamped by the sim thread when applied
  ActionBody body;
  // The world the viewer watched when it asked: a tool does what it does there. By default the
  // first world of the tables, where a viewer starts unless the server says otherwise.
  WorldKind world = kind_at(0);
  // Who the viewer is at the door: its address (an IPv6 visitor's network), hashed; the same for
  // every session it opens, so that caps on what lies in the meadow hold per visitor and not per
  // session. 0: the operator, or not known.
  std::uint64_t visitor = 0;
};

// The world a settings change belongs to, whichever world its viewer watches (the one it names);
// nullopt for tools, which act in the world watched.
[[nodiscard]] inline std::optional<WorldKind> settings_world(const ActionBody& body) {
  if (const auto* change = std::get_if<SettingsChange>(&body)) return change->world;
  return std::nullopt;
}

// The phase of a held pointer's action (the predator's or attract's); nullopt for any other.
[[nodiscard]] inline std::optional<PointerPhase> pointer_phase(const ActionBody& body) {
  if (const auto* p = std::get_if<PredatorPointer>(&body)) return p->phase;
  if (const auto* p = std::get_if<AttractPointer>(&body)) return p->phase;
  return std::nullopt;
}

// A held pointer let go: whatever it held goes in every world.
[[nodiscard]] inline bool pointer_let_go(const ActionBody& body) { return pointer_phase(body) == PointerPhase::up; }

// What applying an action did; a refusal carries a reason a person can read, and so may an
// accepted action that did not do all it asked (a count above the viewers' ceiling, one that
// waits for its turn).
struct ActionOutcome {
  bool accepted = true;
  std::string code;    // machine-readable: a refusal's, e.g. "rock_limit", or a note's; empty: nothing to say
  std::string reason;  // for people
};

// A refusal with its code and a reason for people.
[[nodiscard]] inline ActionOutcome refused(std::string code, std::string reason) {
  return ActionOutcome{false, std::move(code), std::move(reason)};
}

}  // namespace meadow::sim
