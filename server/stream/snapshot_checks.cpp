#include "stream/snapshot_checks.hpp"

#include <cmath>
#include <stdexcept>

#include "sim/land.hpp"
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

const sim::Rect& largest_land() {
  static const sim::Rect largest = [] {
    const sim::Rect meadow = sim::Land().meadow();
    // Area scales by the meadows, so each side by their square root.
    const auto scale = static_cast<float>(std::sqrt(kMostLandMeadows));
    const float width = meadow.width * scale;
    const float height = meadow.height * scale;
    const sim::Vec2 mid = meadow.center();
    return sim::Rect{mid.x - 0.5F * width, mid.y - 0.5F * height, width, height};
  }();
  return largest;
}

sim::Vec2 land_point(float x, float y, const char* what) {
  const sim::Rect& w = largest_land();
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

sim::Rect world_rect(const v1::Rect& r, const char* what) {
  const sim::Rect& largest = largest_land();
  const sim::Rect rect{finite(r.x(), what), finite(r.y(), what), finite(r.width(), what), finite(r.height(), what)};
  if (rect.width <= 0.0F || rect.height <= 0.0F || rect.x < largest.x - 1.0F || rect.y < largest.y - 1.0F ||
      rect.x + rect.width > largest.x + largest.width + 1.0F || rect.y + rect.height > largest.y + largest.height + 1.0F) {
    damaged(std::string(what) + ": outside any land a world grows");
  }
  return rect;
}

}  // namespace meadow::stream::snapshot_checks
