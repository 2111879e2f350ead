#pragma once
// The land every world shares: the meadow's size, the land's extent now (a world may grow it past
// the meadow, as far as it needs) and the rocks, which belong to the land: a rock is there in
// every world.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "sim/geometry.hpp"

namespace meadow::sim {

// One meadow, world units (docs/rules.md "Units").
inline constexpr float kMeadowWidth = 1600.0F;
inline constexpr float kMeadowHeight = 900.0F;

// Rocks a viewer places, world units.
inline constexpr float kRockRadius = 22.0F;
// At most this many rocks on the land at once, so nobody can pave the meadow.
inline constexpr std::size_t kMaxRocks = 48;
// At most this many of them placed by one viewer, so that one viewer cannot take every rock
// (the operator's rocks count against no viewer).
inline constexpr std::size_t kMaxRocksPerViewer = 8;
// And of one visitor, however many sessions it opens (a browser's tabs, reconnections): the
// same eight, so that the land's 48 are not whoever opens the most sessions'.
inline constexpr std::size_t kMaxRocksPerVisitor = kMaxRocksPerViewer;

struct Rock {
  std::uint32_t id = 0;
  Vec2 center;
  float radius = kRockRadius;
  std::uint64_t owner = 0;    // the viewer that placed it (0: the operator)
  std::uint64_t visitor = 0;  // who that viewer is at the door (Action::visitor; 0: not known)
  friend bool operator==(const Rock&, const Rock&) = default;
};

class Land {
 public:
  Land();

  // The meadow: the land's fixed middle, all of it until a world grows it.
  [[nodiscard]] Rect meadow() const { return meadow_; }
  // The land's extent now. Starts as the meadow; a world that needs room grows and shrinks it
  // around the meadow (docs/rules.md "The land · Growing and shrinking").
  [[nodiscard]] Rect world() const { return world_; }
  void set_world(Rect world) { world_ = world; }

  [[nodiscard]] const std::vector<Rock>& rocks() const { return rocks_; }
  // Places a rock; nullopt when the land already holds kMaxRocks or the centre lies outside the
  // world.
  std::optional<std::uint32_t> add_rock(Vec2 center, float radius = kRockRadius, std::uint64_t owner = 0,
                                        std::uint64_t visitor = 0);
  // Rocks on the land placed by `owner`.
  [[nodiscard]] std::size_t rocks_of(std::uint64_t owner) const;
  // Rocks placed by any session of `visitor`.
  [[nodiscard]] std::size_t rocks_of_visitor(std::uint64_t visitor) const;
  bool remove_rock(std::uint32_t id);
  // The rock whose disc contains p, if any (the topmost, i.e. the newest).
  [[nodiscard]] std::optional<std::uint32_t> rock_at(Vec2 p) const;
  // Increases whenever the rocks change, so observers can tell without comparing lists.
  [[nodiscard]] std::uint64_t rocks_version() const { return rocks_version_; }

  // What the land carries besides its fixed meadow (snapshots).
  struct State {
    Rect world;
    std::vector<Rock> rocks;  // oldest first
    std::uint32_t next_rock_id = 1;
  };
  [[nodiscard]] State state() const { return {world_, rocks_, next_rock_id_}; }
  // Takes back a saved state (a new rocks_version: the rocks may have changed).
  void restore(const State& state);

 private:
  Rect meadow_;
  Rect world_;
  std::vector<Rock> rocks_;
  std::uint32_t next_rock_id_ = 1;
  std::uint64_t rocks_version_ = 0;
};

}  // namespace meadow::sim
