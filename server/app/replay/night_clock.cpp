#include "app/replay/night_clock.hpp"

#include <algorithm>
#include <cmath>
#include <ctime>
#include <stdexcept>

namespace meadow::app {

NightClock::NightClock(std::vector<TickTime> points) {
  if (points.empty()) throw std::invalid_argument("a night clock needs a point");
  std::sort(points.begin(), points.end(), [](const TickTime& a, const TickTime& b) {
    return a.tick != b.tick ? a.tick < b.tick : a.ms < b.ms;
  });
  // A clock set back between two snapshots would make time run backwards along the ticks: such a
  // point is left out, so that both directions stay monotonic.
  for (const TickTime& p : points) {
    if (points_.empty() || (p.tick > points_.back().tick && p.ms > points_.back().ms)) points_.push_back(p);
  }
}

std::uint64_t NightClock::tick_at(std::int64_t ms) const {
  if (ms <= points_.front().ms) return points_.front().tick;
  if (ms >= points_.back().ms) return points_.back().tick;
  const auto after = std::upper_bound(points_.begin(), points_.end(), ms,
                                      [](std::int64_t m, const TickTime& p) { return m < p.ms; });
  const TickTime& a = *(after - 1);
  const TickTime& b = *after;
  const double share = static_cast<double>(ms - a.ms) / static_cast<double>(b.ms - a.ms);
  return a.tick + static_cast<std::uint64_t>(std::floor(share * static_cast<double>(b.tick - a.tick)));
}

std::int64_t NightClock::ms_at(std::uint64_t tick) const {
  if (tick <= points_.front().tick) return points_.front().ms;
  if (tick >= points_.back().tick) return points_.back().ms;
  const auto after = std::upper_bound(points_.begin(), points_.end(), tick,
                                      [](std::uint64_t t, const TickTime& p) { return t < p.tick; });
  const TickTime& a = *(after - 1);
  const TickTime& b = *after;
  const double share = static_cast<double>(tick - a.tick) / static_cast<double>(b.tick - a.tick);
  return a.ms + static_cast<std::int64_t>(std::llround(share * static_cast<double>(b.ms - a.ms)));
}

std::string clock_text(std::int64_t ms) {
  const std::time_t seconds = static_cast<std::time_t>(ms / 1000);
  std::tm local{};
  localtime_r(&seconds, &local);
  char text[8];
  return std::strftime(text, sizeof text, "%H:%M", &local) > 0 ? text : "?";
}

}  // namespace meadow::app
