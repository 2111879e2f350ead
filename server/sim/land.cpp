#include "sim/land.hpp"

#include <algorithm>

namespace meadow::sim {

Land::Land() : meadow_{0.0F, 0.0F, kMeadowWidth, kMeadowHeight}, world_{meadow_} {}

std::optional<std::uint32_t> Land::add_rock(Vec2 center, float radius, std::uint64_t owner, std::uint64_t visitor) {
  if (rocks_.size() >= kMaxRocks || !world_.contains(center)) return std::nullopt;
  const std::uint32_t id = next_rock_id_++;
  rocks_.push_back(Rock{id, center, radius, owner, visitor});
  ++rocks_version_;
  return id;
}

std::size_t Land::rocks_of(std::uint64_t owner) const {
  return static_cast<std::size_t>(
      std::count_if(rocks_.begin(), rocks_.end(), [owner](const Rock& r) { return r.owner == owner; }));
}

std::size_t Land::rocks_of_visitor(std::uint64_t visitor) const {
  return static_cast<std::size_t>(
      std::count_if(rocks_.begin(), rocks_.end(), [visitor](const Rock& r) { return r.visitor == visitor; }));
}

bool Land::remove_rock(std::uint32_t id) {
  const auto it = std::find_if(rocks_.begin(), rocks_.end(), [id](const Rock& r) { return r.id == id; });
  if (it == rocks_.end()) return false;
  rocks_.erase(it);
  ++rocks_version_;
  return true;
}

std::optional<std::uint32_t> Land::rock_at(Vec2 p) const {
  for (auto it = rocks_.rbegin(); it != rocks_.rend(); ++it) {
    const float dx = p.x - it->center.x;
    const float dy = p.y - it->center.y;
    if (dx * dx + dy * dy <= it->radius * it->radius) return it->id;
  }
  return std::nullopt;
}

void Land::restore(const State& state) {
  world_ = state.world;
  rocks_ = state.rocks;
  next_rock_id_ = state.next_rock_id;
  ++rocks_version_;
}

}  // namespace meadow::sim
