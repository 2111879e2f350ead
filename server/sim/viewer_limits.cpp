#include "sim/viewer_limits.hpp"

namespace meadow::sim {

namespace {
bool cooled(const std::optional<std::uint64_t>& last, std::uint64_t tick, std::uint64_t cooldown) {
  return !last || tick >= *last + cooldown;
}
}  // namespace

bool Cooldowns::take(std::uint64_t viewer, std::string_view group, std::uint64_t ticks, std::uint64_t tick) {
  Groups& groups = last_[viewer];
  const auto it = groups.find(group);
  if (it == groups.end()) {
    groups.emplace(std::string(group), tick);
    return true;
  }
  if (tick < it->second + ticks) return false;
  it->second = tick;
  return true;
}

bool CountTurns::take(std::uint64_t viewer, std::uint64_t tick, std::size_t count) {
  Viewer& v = viewers_[viewer];
  if (cooled(v.last, tick, cooldown_ticks_)) {
    v.last = tick;
    v.waiting.reset();
    return true;
  }
  v.waiting = count;
  return false;
}

std::uint64_t CountTurns::wait(std::uint64_t viewer, std::uint64_t tick) const {
  const auto it = viewers_.find(viewer);
  if (it == viewers_.end() || cooled(it->second.last, tick, cooldown_ticks_)) return 0;
  return *it->second.last + cooldown_ticks_ - tick;
}

void CountTurns::release_waiting(std::uint64_t tick, std::vector<std::size_t>& out) {
  out.clear();
  for (auto& [id, v] : viewers_) {
    if (!v.waiting || !cooled(v.last, tick, cooldown_ticks_)) continue;
    out.push_back(*v.waiting);
    v.waiting.reset();
    v.last = tick;
  }
}

}  // namespace meadow::sim
