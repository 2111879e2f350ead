#pragma once
// Test and benchmark input: a deterministic, flocking-like swarm as plain vectors. Fireflies gather
// in flocks (a few dozen to a few thousand each) that drift across the world; each firefly keeps
// its place in its flock with a little jitter, so consecutive frames differ the way real ones do
// (about one pixel of movement per frame on one meadow). Like the CPU engine, which counting-sorts
// its fireflies by grid cell every step (docs/rules.md "The swarm · Neighbours on the CPU"), the
// arrays are ordered by cell row then column unless asked for a shuffled order (the worst case for
// memory access).
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <numeric>
#include <cstdint>
#include <vector>

#include "sim/geometry.hpp"
#include "sim/swarm/swarm_engine.hpp"

namespace meadow::testing {

// splitmix64: a counter-based generator, so the input never depends on call order elsewhere.
inline std::uint64_t mix(std::uint64_t z) {
  z += 0x9E3779B97F4A7C15ULL;
  z = (z ^ (z >> 30U)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27U)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31U);
}
// Uniform in [0, 1).
inline float uniform(std::uint64_t key) {
  return static_cast<float>(mix(key) >> 40U) * (1.0F / 16777216.0F);
}

class SwarmFixture {
 public:
  // Steps of the swarm per frame at 30 frames a second and 60 steps a second.
  static constexpr float kStepsPerFrame = 2.0F;
  // Speed of a firefly, world units per step (the middle of the band 1.8 … 3.2,
  // docs/rules.md "The swarm · Always").
  static constexpr float kSpeed = 2.5F;
  // Fireflies on the outskirts of a flock (past kStragglerRadius of kFlockRadius) hurry to keep up
  // at this speed, so the light has some heat where a real swarm has it: at flocks' edges.
  static constexpr float kStragglerSpeed = 3.1F;
  static constexpr float kStragglerRadius = 0.8F;
  // Fireflies per flock, on average.
  static constexpr std::size_t kFlockSize = 400;
  // Radius of a flock at kFlockSize fireflies, world units.
  static constexpr float kFlockRadius = 90.0F;

  // Side of a cell of the ordering, world units (the engine's perception,
  // docs/rules.md "The swarm · Sight and the three rules").
  static constexpr float kCellSize = 28.0F;

  SwarmFixture(std::size_t count, sim::Rect world, std::uint64_t seed = 1, bool cell_ordered = true)
      : world_(world), x_(count), y_(count), vx_(count), vy_(count), flock_(count),
        offset_x_(count), offset_y_(count) {
    const std::size_t flocks = count / kFlockSize + 1;
    for (std::size_t f = 0; f < flocks; ++f) {
      const std::uint64_t key = seed * 1000003ULL + f * 16ULL;
      centre_x_.push_back(world.x + world.width * (0.05F + 0.9F * uniform(key)));
      centre_y_.push_back(world.y + world.height * (0.05F + 0.9F * uniform(key + 1)));
      const float heading = 6.2831853F * uniform(key + 2);
      heading_.push_back(heading);
    }
    for (std::size_t i = 0; i < count; ++i) {
      const std::uint64_t key = (seed << 40U) + i * 8ULL;
      // Skewed so some flocks are large and some small.
      const float pick = uniform(key);
      flock_[i] = static_cast<std::size_t>(pick * pick * static_cast<float>(flocks)) % flocks;
      // A disc, denser in the middle.
      const float r = kFlockRadius * std::sqrt(uniform(key + 1)) * (0.3F + 0.7F * uniform(key + 2));
      const float a = 6.2831853F * uniform(key + 3);
      offset_x_[i] = r * std::cos(a);
      offset_y_[i] = r * std::sin(a);
    }
    place();
    if (cell_ordered) order_by_cell();
  }

  // Moves every flock one frame on, and every firefly a little within it.
  void advance() {
    ++frame_;
    for (std::size_t f = 0; f < centre_x_.size(); ++f) {
      // Flocks turn slowly and bounce off the edges of the world.
      heading_[f] += 0.02F * (uniform(f * 7919ULL + frame_) - 0.5F);
      float dx = std::cos(heading_[f]) * kSpeed * kStepsPerFrame;
      float dy = std::sin(heading_[f]) * kSpeed * kStepsPerFrame;
      if (centre_x_[f] + dx < world_.x || centre_x_[f] + dx > world_.right()) {
        heading_[f] = 3.1415927F - heading_[f];
        dx = -dx;
      }
      if (centre_y_[f] + dy < world_.y || centre_y_[f] + dy > world_.bottom()) {
        heading_[f] = -heading_[f];
        dy = -dy;
      }
      centre_x_[f] += dx;
      centre_y_[f] += dy;
    }
    for (std::size_t i = 0; i < x_.size(); ++i) {
      const std::uint64_t key = (frame_ << 32U) + i * 4ULL;
      offset_x_[i] += uniform(key) - 0.5F;
      offset_y_[i] += uniform(key + 1) - 0.5F;
    }
    place();
  }

  [[nodiscard]] sim::SwarmView view() const { return {x_, y_, vx_, vy_}; }
  [[nodiscard]] const sim::Rect& world() const { return world_; }

 private:
  // Reorders the fireflies by the cell they are in now, row by row.
  void order_by_cell() {
    const auto columns = static_cast<std::uint64_t>(world_.width / kCellSize) + 1;
    const auto cell = [&](std::size_t i) {
      const float cx = std::clamp((x_[i] - world_.x) / kCellSize, 0.0F, static_cast<float>(columns - 1));
      const float cy = std::max((y_[i] - world_.y) / kCellSize, 0.0F);
      return static_cast<std::uint64_t>(cy) * columns + static_cast<std::uint64_t>(cx);
    };
    std::vector<std::size_t> order(x_.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::vector<std::uint64_t> cells(x_.size());
    for (std::size_t i = 0; i < x_.size(); ++i) cells[i] = cell(i);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return cells[a] < cells[b]; });
    const auto permute = [&](auto& v) {
      auto copy = v;
      for (std::size_t i = 0; i < order.size(); ++i) v[i] = copy[order[i]];
    };
    permute(flock_);
    permute(offset_x_);
    permute(offset_y_);
    place();
  }

  void place() {
    for (std::size_t i = 0; i < x_.size(); ++i) {
      const std::size_t f = flock_[i];
      x_[i] = centre_x_[f] + offset_x_[i];
      y_[i] = centre_y_[f] + offset_y_[i];
      const bool straggler = std::hypot(offset_x_[i], offset_y_[i]) > kStragglerRadius * kFlockRadius;
      const float speed = straggler ? kStragglerSpeed : kSpeed;
      vx_[i] = std::cos(heading_[f]) * speed;
      vy_[i] = std::sin(heading_[f]) * speed;
    }
  }

  sim::Rect world_;
  std::uint64_t frame_ = 0;
  std::vector<float> x_, y_, vx_, vy_;
  std::vector<std::size_t> flock_;
  std::vector<float> offset_x_, offset_y_;
  std::vector<float> centre_x_, centre_y_, heading_;
};

// A world of `meadows` meadows with the meadow's aspect, centred on the meadow
// (docs/rules.md "The land · Growing and shrinking").
inline sim::Rect world_of_meadows(float meadows) {
  const float scale = std::sqrt(meadows);
  const float w = 1600.0F * scale;
  const float h = 900.0F * scale;
  return {800.0F - w * 0.5F, 450.0F - h * 0.5F, w, h};
}

}  // namespace meadow::testing
