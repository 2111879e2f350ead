#include "sim/viewer_limits.hpp"

namespace meadow::sim {

namespace {
bool cooled(const std::optional<std::uint64_t>& last, std::uint64_t tick, std::uint64_t cooldown) {
  return !last || tick >= *last + cooldown;
}
}  // namespace

bool ViewerLimits::take_tap(std::uint64_t viewer, std::uint64_t tick) {
  Viewer& v = viewers_[viewer];
  if (!cooled(v.last_tap, tick, viewer_limits::kTapCooldownTicks)) return false;
  v.last_tap = tick;
  return true;
}

bool ViewerLimits::take_count_turn(std::uint64_t viewer, std::uint64_t tick, std::size_t count) {
  Viewer& v = viewers_[viewer];
  if (cooled(v.last_count, tick, viewer_limits::kCountCooldownTicks)) {
    v.last_count = tick;
    v.waiting_count.reset();
    return true;
  }
  v.waiting_count = count;
  return false;
}

std::uint64_t ViewerLimits::count_wait(std::uint64_t viewer, std::uint64_t tick) const {
  const auto it = viewers_.find(viewer);
  if (it == viewers_.end() || cooled(it->second.last_count, tick, viewer_limits::kCountCooldownTicks)) return 0;
  return *it->second.last_count + viewer_limits::kCountCooldownTicks - tick;
}

void ViewerLimits::release_waiting_counts(std::uint64_t tick, std::vector<std::size_t>& out) {
  out.clear();
  for (auto& [id, v] : viewers_) {
    if (!v.waiting_count || !cooled(v.last_count, tick, viewer_limits::kCountCooldownTicks)) continue;
    out.push_back(*v.waiting_count);
    v.waiting_count.reset();
    v.last_count = tick;
  }
}

}  // namespace meadow::sim
