#include "sim/mold/mold_population.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "sim/mold/mold_rules.hpp"
#include "sim/random.hpp"
#include "sim/mold/mold_random.hpp"

namespace meadow::sim {

MoldPopulation::MoldPopulation(std::uint64_t seed, MapSize size) : seed_(seed), size_(size) {
  if (size.width < mold_rules::kMinMapWidth || size.height < 2 || size.width > mold_rules::kMaxMapWidth) {
    throw std::invalid_argument("a mold map must be 16 … 4096 cells wide and 2 or more high");
  }
  occupied_.assign(size.cells(), 0);
}

std::uint32_t mold_capacity(MapSize size, bool occupancy) {
  return occupancy ? std::min(mold_rules::kMaxAgents, size.cells() / 2) : mold_rules::kMaxAgents;
}

void MoldPopulation::pop_back() {
  x_.pop_back();
  y_.pop_back();
  heading_.pop_back();
}

void MoldPopulation::resize(std::uint32_t count, bool occupancy, WallTest is_wall) {
  while (x_.size() > count) {
    if (occupancy) occupied_[cell_of(x_.size() - 1)] = 0;
    pop_back();
  }
  while (x_.size() < count) {
    const auto index = static_cast<std::uint32_t>(x_.size());
    x_.push_back(0.0F);
    y_.push_back(0.0F);
    heading_.push_back(0);
    if (!place(index, occupancy, is_wall)) {
      pop_back();
      break;
    }
  }
}

bool MoldPopulation::place(std::uint32_t index, bool occupancy, WallTest is_wall) {
  const std::uint64_t counter = placements_++;
  const CounterRandom where(seed_, counter, mold_random::kPlacement);
  const auto w = static_cast<float>(size_.width);
  const auto h = static_cast<float>(size_.height);
  for (std::uint32_t draw = 0; draw < kPlacementDraws; ++draw) {
    const std::uint64_t bits = where.bits(index, draw);
    const float x = unit_float(bits) * w;
    const float y = unit_float_low(bits) * h;
    if (x >= w || y >= h) continue;  // a draw rounding up to the edge
    const std::uint32_t cell = static_cast<std::uint32_t>(y) * size_.width + static_cast<std::uint32_t>(x);
    if (is_wall(cell)) continue;
    if (occupancy && occupied_[cell] != 0) continue;
    if (occupancy) occupied_[cell] = 1;
    x_[index] = x;
    y_[index] = y;
    heading_[index] = static_cast<std::uint16_t>(
        CounterRandom(seed_, counter, mold_random::kHeading).bits(index) & mold_rules::kHeadingMask);
    return true;
  }
  return false;
}

void MoldPopulation::mark_occupied(bool occupancy) {
  std::fill(occupied_.begin(), occupied_.end(), std::uint8_t{0});
  if (!occupancy) return;
  for (std::size_t i = 0; i < x_.size(); ++i) occupied_[cell_of(i)] = 1;
}

void MoldPopulation::settle_occupancy(bool occupancy, WallTest is_wall) {
  std::fill(occupied_.begin(), occupied_.end(), std::uint8_t{0});
  if (!occupancy) return;
  // The first agent on a cell keeps it; the others cannot all stay, and are placed anew on free
  // cells.
  const std::uint32_t asked = count();
  std::uint32_t kept = 0;
  for (std::uint32_t i = 0; i < asked; ++i) {
    const std::uint32_t cell = cell_of(i);
    if (occupied_[cell] != 0) continue;
    occupied_[cell] = 1;
    x_[kept] = x_[i];
    y_[kept] = y_[i];
    heading_[kept] = heading_[i];
    ++kept;
  }
  x_.resize(kept);
  y_.resize(kept);
  heading_.resize(kept);
  resize(std::min(asked, max_agents(occupancy)), occupancy, is_wall);
}

bool MoldPopulation::move_off_walls(bool occupancy, WallTest is_wall) {
  bool moved = false;
  for (std::uint32_t i = 0; i < count(); ++i) {
    const std::uint32_t cell = cell_of(i);
    if (!is_wall(cell)) continue;
    if (occupancy) occupied_[cell] = 0;
    if (place(i, occupancy, is_wall)) {
      moved = true;
    } else if (occupancy) {
      occupied_[cell] = 1;  // it stays: under the wall it moves into nothing but open cells
    }
  }
  return moved;
}

void MoldPopulation::restore(MoldAgentsView agents, bool occupancy, WallTest is_wall, std::uint64_t placements) {
  placements_ = placements;
  if (agents.x.size() != agents.y.size() || agents.x.size() != agents.heading.size()) {
    throw std::invalid_argument("a mold to restore with agents of uneven arrays");
  }
  x_.assign(agents.x.begin(), agents.x.end());
  y_.assign(agents.y.begin(), agents.y.end());
  heading_.assign(agents.heading.begin(), agents.heading.end());
  const float last_x = std::nextafter(static_cast<float>(size_.width), 0.0F);
  const float last_y = std::nextafter(static_cast<float>(size_.height), 0.0F);
  for (std::size_t i = 0; i < x_.size(); ++i) {
    x_[i] = std::clamp(x_[i], 0.0F, last_x);
    y_[i] = std::clamp(y_[i], 0.0F, last_y);
    heading_[i] = static_cast<std::uint16_t>(heading_[i] & mold_rules::kHeadingMask);
  }
  settle_occupancy(occupancy, is_wall);
}

}  // namespace meadow::sim
