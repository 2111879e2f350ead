#include "sim/pond/pond_water.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "sim/pond/pond_rules.hpp"

namespace meadow::sim {

namespace {

// As web-viewer/src/render/land-features.ts grows the home meadow's pond (keep them equal:
// tests/sim/pond/pond_water_test.cpp pins the numbers both give).
constexpr double kHomePondAtX = 0.77;  // its centre, as a share of the meadow
constexpr double kHomePondAtY = 0.26;
constexpr double kPondRx = 120.0;  // world units
constexpr double kPondRy = 74.0;
constexpr double kShoreWobble = 0.1;
constexpr int kPadsMin = 5;
constexpr int kPadsMax = 9;
constexpr double kPadMinR = 7.0;
constexpr double kPadMaxR = 13.0;
constexpr double kPadReach = 0.72;  // pads lie within this share of the radii
constexpr std::uint32_t kPondSeed = 0x504F4E44U;  // "POND"

// A fish keeps this far from the shore and the pads (half its length).
constexpr double kFishClearance = pond_rules::px(pond_rules::kFishLengthPx / 2.0);
// Draws random_point tries before it gives up.
constexpr std::uint32_t kPondPointTries = 64;

constexpr double kPondTwoPi = 2.0 * std::numbers::pi;

std::uint32_t land_imul(std::uint32_t a, std::uint32_t b) { return a * b; }

}  // namespace

std::uint32_t land_hash2(std::int32_t a, std::int32_t b) {
  std::uint32_t h = land_imul(static_cast<std::uint32_t>(a), 0x27D4EB2DU) ^ land_imul(static_cast<std::uint32_t>(b), 0x165667B1U);
  h ^= h >> 16U;
  h = land_imul(h, 0x7FEB352DU);
  h ^= h >> 15U;
  h = land_imul(h, 0x846CA68BU);
  h ^= h >> 16U;
  return h;
}

double LandRandom::next() {
  s_ += 0x6D2B79F5U;
  std::uint32_t t = s_;
  t = land_imul(t ^ (t >> 15U), t | 1U);
  t ^= t + land_imul(t ^ (t >> 7U), t | 61U);
  return static_cast<double>(t ^ (t >> 14U)) / 4294967296.0;
}

PondWater::PondWater(const Rect& meadow) {
  LandRandom random(land_hash2(static_cast<std::int32_t>(land_hash2(0, 0)), static_cast<std::int32_t>(kPondSeed)));
  // The ground's draws for every meadow cell: whether it has a pond and where; the home
  // meadow always has its own, so they are drawn and set aside.
  (void)random.next();
  (void)random.next();
  (void)random.next();
  cx_ = meadow.x + kHomePondAtX * meadow.width;
  cy_ = meadow.y + kHomePondAtY * meadow.height;
  rx_ = kPondRx;
  ry_ = kPondRy;
  for (double& s : shore_) s = 1.0 - kShoreWobble + 2.0 * kShoreWobble * random.next();
  const int count = kPadsMin + static_cast<int>(std::floor(random.next() * (kPadsMax - kPadsMin + 1)));
  for (int n = 0; n < count; ++n) {
    const double a = random.next() * kPondTwoPi;
    const double d = std::sqrt(random.next()) * kPadReach;
    const double r = kPadMinR + random.next() * (kPadMaxR - kPadMinR);
    (void)random.next();  // the notch, drawn only
    (void)random.next();  // a flower on it, drawn only
    pads_.push_back({cx_ + std::cos(a) * d * rx_, cy_ + std::sin(a) * d * ry_, r});
  }
}

Rect PondWater::bounds() const {
  const double reach = 1.0 + kShoreWobble;
  return Rect{static_cast<float>(cx_ - rx_ * reach), static_cast<float>(cy_ - ry_ * reach),
              static_cast<float>(2.0 * rx_ * reach), static_cast<float>(2.0 * ry_ * reach)};
}

double PondWater::shore_at(double a) const {
  const double turns = a / kPondTwoPi;
  const double f = (turns - std::floor(turns)) * static_cast<double>(kShorePoints);
  const auto k = static_cast<std::size_t>(std::floor(f)) % kShorePoints;
  const double t = f - std::floor(f);
  return shore_[k] * (1.0 - t) + shore_[(k + 1) % kShorePoints] * t;
}

void PondWater::polar(double x, double y, double& angle, double& share) const {
  const double dx = (x - cx_) / rx_;
  const double dy = (y - cy_) / ry_;
  angle = std::atan2(dy, dx);
  share = std::hypot(dx, dy);
}

bool PondWater::in_water(double x, double y) const {
  double a = 0.0, d = 0.0;
  polar(x, y, a, d);
  if (d >= shore_at(a)) return false;
  return std::none_of(pads_.begin(), pads_.end(),
                      [&](const LilyPad& p) { return std::hypot(x - p.x, y - p.y) < p.r; });
}

bool PondWater::swimmable(double x, double y) const {
  double a = 0.0, d = 0.0;
  polar(x, y, a, d);
  // The clearance as a share of the radius along this angle.
  const double radius = std::hypot(rx_ * std::cos(a), ry_ * std::sin(a));
  if (d >= shore_at(a) - kFishClearance / radius) return false;
  return std::none_of(pads_.begin(), pads_.end(),
                      [&](const LilyPad& p) { return std::hypot(x - p.x, y - p.y) < p.r + kFishClearance; });
}

Vec2 PondWater::away_from_obstacles(double x, double y, double margin) const {
  double ax = 0.0, ay = 0.0;
  double a = 0.0, d = 0.0;
  polar(x, y, a, d);
  const double s = shore_at(a);
  // The shore along the ray from the centre through the point, and how far the point is from it.
  const double qx = cx_ + s * rx_ * std::cos(a);
  const double qy = cy_ + s * ry_ * std::sin(a);
  const double to_shore = d < s ? std::hypot(qx - x, qy - y) : 0.0;
  if (to_shore < margin) {
    const double w = 1.0 - to_shore / margin;
    const double len = std::hypot(cx_ - x, cy_ - y);
    if (len > 0.0) {
      ax += (cx_ - x) / len * w;
      ay += (cy_ - y) / len * w;
    }
  }
  for (const LilyPad& p : pads_) {
    const double len = std::hypot(x - p.x, y - p.y);
    const double gap = len - p.r;
    if (gap >= margin || len == 0.0) continue;
    const double w = 1.0 - std::max(gap, 0.0) / margin;
    ax += (x - p.x) / len * w;
    ay += (y - p.y) / len * w;
  }
  return {static_cast<float>(ax), static_cast<float>(ay)};
}

Vec2 PondWater::outward_normal(double x, double y) const {
  for (const LilyPad& p : pads_) {
    const double len = std::hypot(p.x - x, p.y - y);
    if (len < p.r + kFishClearance && len > 0.0) {
      return {static_cast<float>((p.x - x) / len), static_cast<float>((p.y - y) / len)};
    }
  }
  // The ellipse's gradient: the shore's normal, out of the water.
  const double nx = (x - cx_) / (rx_ * rx_);
  const double ny = (y - cy_) / (ry_ * ry_);
  const double len = std::hypot(nx, ny);
  if (len == 0.0) return {1.0F, 0.0F};
  return {static_cast<float>(nx / len), static_cast<float>(ny / len)};
}

Vec2 PondWater::random_point(const CounterRandom& random, std::uint64_t entity) const {
  const Rect box = bounds();
  for (std::uint32_t draw = 0; draw < kPondPointTries; ++draw) {
    const std::uint64_t bits = random.bits(entity, draw);
    const double x = box.x + unit_float(bits) * box.width;
    const double y = box.y + unit_float_low(bits) * box.height;
    if (swimmable(x, y)) return {static_cast<float>(x), static_cast<float>(y)};
  }
  return centre();
}

}  // namespace meadow::sim
