#include "sim/pond/pond_school.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "sim/pond/pond_rules.hpp"

namespace meadow::sim {

namespace {


constexpr double kPondSeparationRadius = pond_rules::px(pond_rules::kSeparationRadiusPx);
constexpr double kPondAlignmentRadius = pond_rules::px(pond_rules::kAlignmentRadiusPx);
constexpr double kPondFoodRadius = pond_rules::px(pond_rules::kFoodRadiusPx);
constexpr double kPondEat = pond_rules::px(pond_rules::kEatPx);
constexpr double kPondFleeRadius = pond_rules::px(pond_rules::kFleeRadiusPx);
constexpr double kPondObstacleMargin = pond_rules::px(pond_rules::kObstacleMarginPx);

// (x, y) scaled to `length`; (0, 0) stays.
void add_unit(double& ax, double& ay, double x, double y, double length) {
  const double norm = std::hypot(x, y);
  if (norm == 0.0) return;
  ax += x / norm * length;
  ay += y / norm * length;
}

}  // namespace

PondFish scatter_fish(std::uint32_t count, const PondWater& water, const CounterRandom& random) {
  PondFish fish;
  fish.resize(count);
  for (std::uint32_t i = 0; i < count; ++i) {
    const Vec2 at = water.random_point(random, i);
    const double heading = 2.0 * std::numbers::pi * unit_float(random.bits(i, 1000));
    fish.x[i] = at.x;
    fish.y[i] = at.y;
    fish.vx[i] = std::cos(heading) * pond_rules::px(pond_rules::kStartSpeedPx);
    fish.vy[i] = std::sin(heading) * pond_rules::px(pond_rules::kStartSpeedPx);
  }
  return fish;
}

Vec2 school_pull(const PondFish& fish, std::size_t i, const SchoolSettings& settings, std::span<const Vec2> crumbs,
                 std::span<const Vec2> predators) {
  const double x = fish.x[i], y = fish.y[i];
  double ax = 0.0, ay = 0.0;
  double sep_x = 0.0, sep_y = 0.0;
  double vx_sum = 0.0, vy_sum = 0.0, x_sum = 0.0, y_sum = 0.0;
  std::size_t neighbours = 0;
  for (std::size_t j = 0; j < fish.size(); ++j) {
    if (j == i) continue;
    const double dx = x - fish.x[j], dy = y - fish.y[j];
    const double d = std::hypot(dx, dy);
    if (d > 0.0 && d < kPondSeparationRadius) {
      sep_x += dx / d;
      sep_y += dy / d;
    }
    if (d < kPondAlignmentRadius) {
      vx_sum += fish.vx[j];
      vy_sum += fish.vy[j];
      x_sum += fish.x[j];
      y_sum += fish.y[j];
      ++neighbours;
    }
  }
  ax += sep_x * pond_rules::px(pond_rules::kSeparationGainPx);
  ay += sep_y * pond_rules::px(pond_rules::kSeparationGainPx);
  if (neighbours > 0) {
    const auto n = static_cast<double>(neighbours);
    ax += vx_sum / n * pond_rules::kAlignmentGain;
    ay += vy_sum / n * pond_rules::kAlignmentGain;
    add_unit(ax, ay, x_sum / n - x, y_sum / n - y, pond_rules::px(settings.cohesion_px));
  }
  // The nearest crumb within smell (the first of equals).
  double nearest = kPondFoodRadius;
  const Vec2* food = nullptr;
  for (const Vec2& c : crumbs) {
    const double d = std::hypot(c.x - x, c.y - y);
    if (d < nearest) {
      nearest = d;
      food = &c;
    }
  }
  if (food != nullptr) add_unit(ax, ay, food->x - x, food->y - y, pond_rules::px(pond_rules::kFoodGainPx));
  for (const Vec2& p : predators) {
    if (std::hypot(x - p.x, y - p.y) < kPondFleeRadius) add_unit(ax, ay, x - p.x, y - p.y, pond_rules::px(pond_rules::kFleeGainPx));
  }
  return {static_cast<float>(ax), static_cast<float>(ay)};
}

void step_school(PondFish& fish, const SchoolSettings& settings, const PondWater& water, std::span<const Vec2> crumbs,
                 std::span<const Vec2> predators) {
  const std::size_t n = fish.size();
  std::vector<double> vx(n), vy(n);
  const double max_speed = pond_rules::px(settings.max_speed_px);
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2 pull = school_pull(fish, i, settings, crumbs, predators);
    const Vec2 away = water.away_from_obstacles(fish.x[i], fish.y[i], kPondObstacleMargin);
    double nvx = fish.vx[i] + pull.x + away.x * pond_rules::px(pond_rules::kObstacleGainPx);
    double nvy = fish.vy[i] + pull.y + away.y * pond_rules::px(pond_rules::kObstacleGainPx);
    const double speed = std::hypot(nvx, nvy);
    if (speed > max_speed) {
      nvx = nvx / speed * max_speed;
      nvy = nvy / speed * max_speed;
    }
    vx[i] = nvx;
    vy[i] = nvy;
  }
  for (std::size_t i = 0; i < n; ++i) {
    double nx = fish.x[i] + vx[i], ny = fish.y[i] + vy[i];
    if (!water.swimmable(nx, ny)) {
      // Off the water: the velocity mirrored off what it met, and the fish stays if even that
      // would leave (it never does).
      const Vec2 normal = water.outward_normal(nx, ny);
      const double along = vx[i] * normal.x + vy[i] * normal.y;
      if (along > 0.0) {
        vx[i] -= 2.0 * along * normal.x;
        vy[i] -= 2.0 * along * normal.y;
      }
      nx = fish.x[i] + vx[i];
      ny = fish.y[i] + vy[i];
      if (!water.swimmable(nx, ny)) {
        nx = fish.x[i];
        ny = fish.y[i];
      }
    }
    fish.x[i] = nx;
    fish.y[i] = ny;
    fish.vx[i] = vx[i];
    fish.vy[i] = vy[i];
  }
}

std::vector<int> crumbs_eaten(const PondFish& fish, std::span<const Vec2> crumbs) {
  std::vector<int> eaten(crumbs.size(), -1);
  std::vector<bool> fed(fish.size(), false);
  for (std::size_t c = 0; c < crumbs.size(); ++c) {
    for (std::size_t i = 0; i < fish.size(); ++i) {
      if (fed[i] || std::hypot(fish.x[i] - crumbs[c].x, fish.y[i] - crumbs[c].y) >= kPondEat) continue;
      eaten[c] = static_cast<int>(i);
      fed[i] = true;
      break;
    }
  }
  return eaten;
}

double school_spread(const PondFish& fish) {
  if (fish.size() == 0) return 0.0;
  double mx = 0.0, my = 0.0;
  for (std::size_t i = 0; i < fish.size(); ++i) {
    mx += fish.x[i];
    my += fish.y[i];
  }
  mx /= static_cast<double>(fish.size());
  my /= static_cast<double>(fish.size());
  double sum = 0.0;
  for (std::size_t i = 0; i < fish.size(); ++i) sum += std::hypot(fish.x[i] - mx, fish.y[i] - my);
  return sum / static_cast<double>(fish.size());
}

void add_fish(StateHasher& h, const PondFish& fish) {
  for (std::size_t i = 0; i < fish.size(); ++i) {
    h.add(fish.x[i]);
    h.add(fish.y[i]);
    h.add(fish.vx[i]);
    h.add(fish.vy[i]);
  }
}

}  // namespace meadow::sim
