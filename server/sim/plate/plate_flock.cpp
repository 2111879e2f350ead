#include "sim/plate/plate_flock.hpp"

#include <cmath>
#include <numbers>

#include "sim/plate/plate_random.hpp"
#include "sim/plate/plate_rules.hpp"

namespace meadow::sim {

namespace {

// Birds a chunk: a step is about a microsecond a bird at the largest count, so small chunks pay.
constexpr std::size_t kGrain = 64;

}  // namespace

double torus_offset(double from, double to) {
  double d = to - from;
  d -= std::round(d);  // the nearer of the two ways round
  return d;
}

double wrap_unit(double v) {
  v -= std::floor(v);
  return v >= 1.0 ? 0.0 : v;  // floor of a tiny negative leaves 1.0 by rounding
}

PlateBirds scatter_birds(std::uint32_t count, std::uint64_t seed) {
  const CounterRandom random(seed, 0, plate_random::kScatter);
  PlateBirds birds;
  birds.x.resize(count);
  birds.y.resize(count);
  birds.hx.resize(count);
  birds.hy.resize(count);
  for (std::uint32_t i = 0; i < count; ++i) {
    birds.x[i] = random.unit(i, 0);
    birds.y[i] = random.unit(i, 1);
    const double angle = 2.0 * std::numbers::pi * random.unit(i, 2);
    birds.hx[i] = std::cos(angle);
    birds.hy[i] = std::sin(angle);
  }
  return birds;
}

void step_birds(PlateBirds& birds, const PlateWeights& w, ParallelFor& parallel) {
  using namespace plate_rules;
  const std::size_t n = birds.size();
  std::vector<double> next_x(n);
  std::vector<double> next_y(n);
  const double radius2 = w.neighbourhood * w.neighbourhood;
  const double near = w.neighbourhood * kSeparationShare;
  const double near2 = near * near;
  parallel.run(n, kGrain, [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
      double heading_x = 0.0, heading_y = 0.0, offset_x = 0.0, offset_y = 0.0, away_x = 0.0, away_y = 0.0;
      std::size_t neighbours = 0;
      for (std::size_t j = 0; j < n; ++j) {
        if (j == i) continue;
        const double dx = torus_offset(birds.x[i], birds.x[j]);
        const double dy = torus_offset(birds.y[i], birds.y[j]);
        const double d2 = dx * dx + dy * dy;
        if (d2 >= radius2) continue;
        ++neighbours;
        heading_x += birds.hx[j];
        heading_y += birds.hy[j];
        offset_x += dx;
        offset_y += dy;
        if (d2 < near2 && d2 > 0.0) {
          away_x -= dx / d2 * kSeparationStrength;
          away_y -= dy / d2 * kSeparationStrength;
        }
      }
      double hx = birds.hx[i];
      double hy = birds.hy[i];
      if (neighbours > 0) {
        const double inv = 1.0 / static_cast<double>(neighbours);
        hx += (heading_x * inv - birds.hx[i]) * w.alignment * kAlignmentGain + offset_x * inv * w.cohesion * kCohesionGain +
              away_x * w.separation;
        hy += (heading_y * inv - birds.hy[i]) * w.alignment * kAlignmentGain + offset_y * inv * w.cohesion * kCohesionGain +
              away_y * w.separation;
      }
      const double length = std::hypot(hx, hy);
      if (length > 0.0) {
        next_x[i] = hx / length;
        next_y[i] = hy / length;
      } else {  // the pulls cancelled exactly: fly on as before
        next_x[i] = birds.hx[i];
        next_y[i] = birds.hy[i];
      }
    }
  });
  for (std::size_t i = 0; i < n; ++i) {
    birds.hx[i] = next_x[i];
    birds.hy[i] = next_y[i];
    birds.x[i] = wrap_unit(birds.x[i] + next_x[i] * kSpeed);
    birds.y[i] = wrap_unit(birds.y[i] + next_y[i] * kSpeed);
  }
}

double order_parameter(const PlateBirds& birds) {
  if (birds.size() == 0) return 0.0;
  double sx = 0.0, sy = 0.0;
  for (std::size_t i = 0; i < birds.size(); ++i) {
    sx += birds.hx[i];
    sy += birds.hy[i];
  }
  return std::hypot(sx, sy) / static_cast<double>(birds.size());
}

void add_birds(StateHasher& h, const PlateBirds& birds) {
  for (std::size_t i = 0; i < birds.size(); ++i) {
    h.add(birds.x[i]);
    h.add(birds.y[i]);
    h.add(birds.hx[i]);
    h.add(birds.hy[i]);
  }
}

double mean_neighbours(const PlateBirds& birds, double radius) {
  const std::size_t n = birds.size();
  if (n == 0) return 0.0;
  std::size_t pairs = 0;
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      const double dx = torus_offset(birds.x[i], birds.x[j]);
      const double dy = torus_offset(birds.y[i], birds.y[j]);
      if (dx * dx + dy * dy < radius * radius) ++pairs;
    }
  }
  return 2.0 * static_cast<double>(pairs) / static_cast<double>(n);
}

}  // namespace meadow::sim
