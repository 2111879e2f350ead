#include "stream/snapshot_checks.hpp"

#include <cmath>
#include <stdexcept>

#include "sim/land.hpp"
#include "sim/swarm/cpu_swarm.hpp"
#include "sim/swarm/swarm_rules.hpp"
#include "sim/swarm/world_size.hpp"
#include "stream/proto_mapping.hpp"

namespace meadow::stream::snapshot_checks {

void damaged(const std::string& what) { throw std::invalid_argument(what); }

float finite(float value, const char* what) {
  if (!std::isfinite(value)) damaged(std::string(what) + ": a number that is not finite");
  return value;
}

sim::Vec2 point(const v1::Vec2& p, const char* what) {
  (void)finite(p.x(), what);
  (void)finite(p.y(), what);
  return from_proto(p);
}

namespace {
const sim::Rect& largest_world() {
  static const sim::Rect largest =
      sim::world_for_count(sim::CpuSwarm::kMaxCount, sim::Land().meadow(), sim::kCpuFirefliesPerMeadow);
  return largest;
}
}  // namespace

sim::Vec2 land_point(float x, float y, const char* what) {
  const sim::Rect& w = largest_world();
  if (!(x >= w.x - sim::kMeadowWidth && x <= w.x + w.width + sim::kMeadowWidth && y >= w.y - sim::kMeadowWidth &&
        y <= w.y + w.height + sim::kMeadowWidth)) {
    damaged(std::string(what) + ": a point off any land");
  }
  return {x, y};
}

sim::Vec2 land_point(const v1::Vec2& p, const char* what) { return land_point(p.x(), p.y(), what); }

sim::Vec2 velocity(float vx, float vy, float most, const char* what) {
  if (!(std::abs(vx) <= most && std::abs(vy) <= most)) damaged(std::string(what) + ": faster than anything flies");
  return {vx, vy};
}

float speed_factor(float factor, const char* what) {
  namespace r = sim::swarm_rules;
  if (!(factor >= r::kLeastSpeedFactor && factor <= r::kMostSpeedFactor)) {
    damaged(std::string(what) + ": a speed setting out of range");
  }
  return factor;
}

sim::Rect world_rect(const v1::Rect& r, const char* what) {
  const sim::Rect& largest = largest_world();
  const sim::Rect rect{finite(r.x(), what), finite(r.y(), what), finite(r.width(), what), finite(r.height(), what)};
  if (rect.width <= 0.0F || rect.height <= 0.0F || rect.x < largest.x - 1.0F || rect.y < largest.y - 1.0F ||
      rect.x + rect.width > largest.x + largest.width + 1.0F || rect.y + rect.height > largest.y + largest.height + 1.0F) {
    damaged(std::string(what) + ": outside any world a swarm makes");
  }
  return rect;
}

std::size_t firefly_count(std::uint64_t count, const char* what) {
  if (count > sim::CpuSwarm::kMaxCount) damaged(std::string(what) + ": more fireflies than an engine holds");
  return static_cast<std::size_t>(count);
}

}  // namespace meadow::stream::snapshot_checks
