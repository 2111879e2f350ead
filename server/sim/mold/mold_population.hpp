#pragma once
// Where the mold's agents stand (docs/mold.md "The model"): their positions and headings, which
// agents go and where newcomers land. Both engines keep their agents here (the CPU engine its only
// copy, the GPU engine its host copy), so that a count change, new walls or a restore give the very
// same agents on either.
//
// Placements are counter-based (sim/random.hpp): keyed by the seed, the number of placements so
// far and the agent's index, never by threads or the engine. With occupancy (Jones's rule) every
// agent stands on a cell of its own; the grid of taken cells lives here with the agents, kept up to
// date by whoever moves them (the CPU engine's agents' pass) or rebuilt by mark_occupied().
// Whether occupancy is on is the engine's setting, and which cells are walls the engine's map:
// each call that needs them is told.
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>
#include <vector>

#include "sim/mold/mold_engine.hpp"
#include "sim/mold/trail_map.hpp"

namespace meadow::sim {

// Which cells are walls, asked of the engine that keeps them (its own way: flag bits, cell kinds):
// refers to a callable `bool(std::uint32_t cell)`, and is valid only during the call it is passed
// to.
class WallTest {
 public:
  // Implicit, so that a lambda passes as one.
  template <class IsWall>
    requires(!std::same_as<std::remove_cvref_t<IsWall>, WallTest> && std::predicate<const IsWall&, std::uint32_t>)
  WallTest(const IsWall& is_wall)  // NOLINT(google-explicit-constructor)
      : is_wall_(&is_wall), call_([](const void* f, std::uint32_t cell) -> bool {
          return (*static_cast<const IsWall*>(f))(cell);
        }) {}
  [[nodiscard]] bool operator()(std::uint32_t cell) const { return call_(is_wall_, cell); }

 private:
  const void* is_wall_;
  bool (*call_)(const void*, std::uint32_t);
};

// The most agents a `size` map may hold: with occupancy every agent needs a cell of its own, and
// some room to move, so at most half the cells.
[[nodiscard]] std::uint32_t mold_capacity(MapSize size, bool occupancy);

class MoldPopulation {
 public:
  // No agents yet on a `size` map; placements draw from `seed`. Throws std::invalid_argument for
  // a map no mold engine takes (16 … 4096 cells wide, 2 or more high).
  MoldPopulation(std::uint64_t seed, MapSize size);

  // The most agents its map may hold (mold_capacity).
  [[nodiscard]] std::uint32_t max_agents(bool occupancy) const { return mold_capacity(size_, occupancy); }
  [[nodiscard]] std::uint32_t count() const { return static_cast<std::uint32_t>(x_.size()); }
  // The cell agent `agent` stands on.
  [[nodiscard]] std::uint32_t cell_of(std::size_t agent) const {
    return static_cast<std::uint32_t>(y_[agent]) * size_.width + static_cast<std::uint32_t>(x_[agent]);
  }
  // Valid until the agents' count changes.
  [[nodiscard]] MoldAgentsView view() const { return MoldAgentsView{x_, y_, heading_}; }

  // Drops the newest agents down to `count`, or places newcomers up to it; stops short when a
  // newcomer finds no cell.
  void resize(std::uint32_t count, bool occupancy, WallTest is_wall);
  // Places agent `index` on a random open (and, with occupancy, free) cell with a random heading;
  // false when none turned up, and it stays as it was.
  bool place(std::uint32_t index, bool occupancy, WallTest is_wall);
  // Rebuilds the occupancy grid from where the agents stand (all free without occupancy); the
  // agents must already stand one to a cell.
  void mark_occupied(bool occupancy);
  // Rebuilds the occupancy grid where agents may share cells: the first agent on a cell keeps it,
  // the others are placed anew (as newcomers, at the end), as many as fit.
  void settle_occupancy(bool occupancy, WallTest is_wall);
  // Agents standing on a wall move to open cells (newest placement draws); one that finds none
  // stays. The occupancy grid must be up to date. True when any moved.
  bool move_off_walls(bool occupancy, WallTest is_wall);
  // Takes another engine's agents: positions clamped into the map, headings into a turn, then
  // settled. Throws std::invalid_argument for uneven arrays.
  void restore(MoldAgentsView agents, bool occupancy, WallTest is_wall, std::uint64_t placements);
  // Placements so far (a snapshot keeps it: the next placement's draws are keyed by it).
  [[nodiscard]] std::uint64_t placements() const { return placements_; }

  // The arrays themselves, for the engines' hot loops and transfers: read and written in place,
  // valid until the agents' count changes (which is this class's to do).
  struct Arrays {
    std::span<float> x, y;
    std::span<std::uint16_t> heading;
    std::span<std::uint8_t> occupied;  // a cell: 1 where an agent stands, with occupancy
  };
  [[nodiscard]] Arrays arrays() { return Arrays{x_, y_, heading_, occupied_}; }

 private:
  // Draws for an open (and, with occupancy, free) cell before a placement gives up (a map all but
  // walled in): the agent is dropped, or stays where it is, rather than go into a wall or onto
  // another agent.
  static constexpr std::uint32_t kPlacementDraws = 64;

  void pop_back();

  std::uint64_t seed_;
  MapSize size_;
  std::uint64_t placements_ = 0;  // placements so far: the counter their draws are keyed by
  std::vector<float> x_, y_;      // cells, 0 ≤ x < width, 0 ≤ y < height
  std::vector<std::uint16_t> heading_;
  std::vector<std::uint8_t> occupied_;
};

}  // namespace meadow::sim
