#pragma once
// The plate's loop (docs/rules.md "The plate"), free of the world around it: birds on a unit torus,
// each step every heading turned by separation, alignment and cohesion from the birds as they were
// (all at once, so the order of the birds changes nothing), then every bird moved at the constant
// speed and wrapped. Each bird's new heading is written to its own slot, so any number of threads
// gives the same plate.
#include <cstdint>
#include <vector>

#include "sim/parallel_for.hpp"
#include "sim/state_hasher.hpp"

namespace meadow::sim {

struct PlateWeights {
  double separation = 0.0;
  double alignment = 0.0;
  double cohesion = 0.0;
  double neighbourhood = 0.0;  // radius, plate units
};

// The birds, as arrays: position in [0, 1)², heading a unit vector.
struct PlateBirds {
  std::vector<double> x, y, hx, hy;
  [[nodiscard]] std::size_t size() const { return x.size(); }
  friend bool operator==(const PlateBirds&, const PlateBirds&) = default;
};

// The shortest offset from a to b across the torus, each axis in [-0.5, 0.5].
[[nodiscard]] double torus_offset(double from, double to);
// v wrapped into [0, 1).
[[nodiscard]] double wrap_unit(double v);

// `count` birds scattered from `seed`: uniform positions and headings.
[[nodiscard]] PlateBirds scatter_birds(std::uint32_t count, std::uint64_t seed);

// One step of the loop.
void step_birds(PlateBirds& birds, const PlateWeights& weights, ParallelFor& parallel);

// |mean heading|: 0 when the headings cancel out, 1 when every bird flies one way.
[[nodiscard]] double order_parameter(const PlateBirds& birds);

// Every bird's position and heading, in order, into `h` (the plate's part of the state hash).
void add_birds(StateHasher& h, const PlateBirds& birds);

// The mean count of neighbours within `radius` (how knotted the plate is).
[[nodiscard]] double mean_neighbours(const PlateBirds& birds, double radius);

}  // namespace meadow::sim
