#pragma once
// The aquarium's school (docs/rules.md "The pond"), free of the world around it. Each step every
// fish's velocity changes by, in the source's pixels and steps:
//   separation  Σ unit vectors away from each neighbour within 80 px × 0.04,
//   alignment   the mean velocity of the neighbours within 160 px × 0.02,
//   cohesion    the normalised vector to their mean position × the cohesion setting (0 … 0.05),
//   food        the unit vector to the nearest crumb within 250 px × 0.15,
// and, where the tank has them, away from predators and the pond's shore and pads; then its
// speed is clamped to the maximum-speed setting and it moves. All from the fish as they were (all
// at once, so their order changes nothing), one thread: sixty fish are about 40 µs a step.
#include <cstdint>
#include <span>
#include <vector>

#include "sim/geometry.hpp"
#include "sim/pond/pond_water.hpp"
#include "sim/random.hpp"
#include "sim/state_hasher.hpp"

namespace meadow::sim {

// The fish, as arrays: positions in world units, velocities in world units a step.
struct PondFish {
  std::vector<double> x, y, vx, vy;
  [[nodiscard]] std::size_t size() const { return x.size(); }
  void resize(std::size_t n) {
    x.resize(n);
    y.resize(n);
    vx.resize(n);
    vy.resize(n);
  }
  friend bool operator==(const PondFish&, const PondFish&) = default;
};

// The school's two live numbers, in the source's units.
struct SchoolSettings {
  double cohesion_px = 0.0;   // pixels a step²
  double max_speed_px = 0.0;  // pixels a step
};

// `count` fish scattered over the water from `random`: anywhere swimmable, heading anywhere.
[[nodiscard]] PondFish scatter_fish(std::uint32_t count, const PondWater& water, const CounterRandom& random);

// The change of fish i's velocity this step from the other fish, the nearest crumb within smell
// and the predators (world units a step²), before the pond's obstacles and the clamp.
[[nodiscard]] Vec2 school_pull(const PondFish& fish, std::size_t i, const SchoolSettings& settings,
                               std::span<const Vec2> crumbs, std::span<const Vec2> predators);

// One step of the school in `water`.
void step_school(PondFish& fish, const SchoolSettings& settings, const PondWater& water,
                 std::span<const Vec2> crumbs, std::span<const Vec2> predators);

// The crumbs the fish reached this step: for each crumb (in order) the first fish within kEatPx,
// or -1; each fish eats at most one crumb a step.
[[nodiscard]] std::vector<int> crumbs_eaten(const PondFish& fish, std::span<const Vec2> crumbs);

// How tightly the fish school: their mean distance from the school's centre (world units).
[[nodiscard]] double school_spread(const PondFish& fish);

// Every fish's position and velocity, in order, into `h`.
void add_fish(StateHasher& h, const PondFish& fish);

}  // namespace meadow::sim
