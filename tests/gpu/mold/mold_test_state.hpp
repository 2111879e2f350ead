#pragma once
// Agents and maps for the GPU mold's tests: agents laid out by hand (structure of arrays, as
// sim::MoldAgentsView holds them), copies of an engine's agents and map, and the CPU engine's
// arithmetic for where a sensor reads and where a move lands, so a test can say what a rule must
// do to an agent.
#include <cstdint>
#include <span>
#include <vector>

#include "sim/mold/cpu_mold.hpp"
#include "sim/mold/mold_directions.hpp"
#include "sim/mold/mold_engine.hpp"
#include "sim/mold/mold_rules.hpp"
#include "sim/mold/trail_map.hpp"

namespace meadow::gpu::testing {

struct MoldAgents {
  std::vector<float> x, y;
  std::vector<std::uint16_t> heading;

  void add(float ax, float ay, std::uint32_t h) {
    x.push_back(ax);
    y.push_back(ay);
    heading.push_back(static_cast<std::uint16_t>(h & sim::mold_rules::kHeadingMask));
  }
  [[nodiscard]] std::size_t size() const { return x.size(); }
  [[nodiscard]] sim::MoldAgentsView view() const { return {x, y, heading}; }
};

inline MoldAgents copy_agents(const sim::MoldAgentsView& v) {
  MoldAgents a;
  a.x.assign(v.x.begin(), v.x.end());
  a.y.assign(v.y.begin(), v.y.end());
  a.heading.assign(v.heading.begin(), v.heading.end());
  return a;
}

struct MoldMap {
  sim::MapSize size;
  std::vector<std::uint16_t> cells;

  MoldMap(sim::MapSize s, std::uint16_t value) : size(s), cells(s.cells(), value) {}
  explicit MoldMap(const sim::TrailView& v) : size(v.size), cells(v.cells.begin(), v.cells.end()) {}
  [[nodiscard]] sim::TrailView view() const { return {size, cells}; }
  std::uint16_t& at(std::uint32_t cx, std::uint32_t cy) { return cells[cy * size.width + cx]; }
  [[nodiscard]] std::uint64_t total() const {
    std::uint64_t t = 0;
    for (const std::uint16_t c : cells) t += c;
    return t;
  }
};

struct MoldCell {
  std::uint32_t x, y;
  friend bool operator==(const MoldCell&, const MoldCell&) = default;
};

// The cell a sensor along `heading`, `distance` cells ahead of (x, y), reads (CpuMold's
// arithmetic).
inline MoldCell sensor_cell(float x, float y, std::uint32_t heading, float distance, sim::MapSize size) {
  const sim::MoldDirections& dir = sim::mold_directions();
  const std::uint32_t k = heading & sim::mold_rules::kHeadingMask;
  const auto wrap = [](float p, std::uint32_t extent) {
    auto c = static_cast<std::uint32_t>(p + static_cast<float>(extent));
    while (c >= extent) c -= extent;
    return c;
  };
  return {wrap(x + dir.cos[k] * distance, size.width), wrap(y + dir.sin[k] * distance, size.height)};
}

// Where a move of one step along `heading` from (x, y) lands (CpuMold's arithmetic).
inline sim::Vec2 moved(float x, float y, std::uint32_t heading, sim::MapSize size) {
  const sim::MoldDirections& dir = sim::mold_directions();
  const std::uint32_t k = heading & sim::mold_rules::kHeadingMask;
  const auto wrap = [](float p, float extent) {
    if (p < 0.0F) p += extent;
    if (p >= extent) p -= extent;
    return p;
  };
  return {wrap(x + dir.cos[k] * sim::mold_rules::kStepCells, static_cast<float>(size.width)),
          wrap(y + dir.sin[k] * sim::mold_rules::kStepCells, static_cast<float>(size.height))};
}

inline std::uint32_t mold_cell_index(float x, float y, sim::MapSize size) {
  return static_cast<std::uint32_t>(y) * size.width + static_cast<std::uint32_t>(x);
}

}  // namespace meadow::gpu::testing
