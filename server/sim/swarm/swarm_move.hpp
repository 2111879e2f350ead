#pragma once
// The move rule of both CPU engines (SPEC §2): positions advance by the new velocities and stay
// inside the world. The edges' soft push turns every firefly well before the edge (tests check
// it); the clamp only guarantees the invariant "never outside the world" in any case, and
// bounces: the heading turns to point back inside. Fireflies in transit (any flag) fly over
// the edge freely.
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "sim/geometry.hpp"
#include "sim/swarm/firefly_arrays.hpp"

namespace meadow::sim {

// Fireflies per block of the move loop: straight-line, branch-free code over a fixed-length
// block, which the compiler turns into vector instructions.
inline constexpr std::size_t kMoveLanes = 16;

namespace detail {
inline void move_block(FireflyArrays& f, const Rect& world, std::size_t begin, std::size_t end) {
  float* const x = f.x.data();
  float* const y = f.y.data();
  float* const vx = f.vx.data();
  float* const vy = f.vy.data();
  const std::uint8_t* const flags = f.flags.data();
  for (std::size_t i = begin; i < end; ++i) {
    const bool held = flags[i] == 0;
    const float nx = x[i] + vx[i];
    const float ny = y[i] + vy[i];
    const bool left = held && nx < world.x;
    const bool right = held && nx > world.right();
    const bool top = held && ny < world.y;
    const bool bottom = held && ny > world.bottom();
    x[i] = left ? world.x : (right ? world.right() : nx);
    y[i] = top ? world.y : (bottom ? world.bottom() : ny);
    vx[i] = left ? std::abs(vx[i]) : (right ? -std::abs(vx[i]) : vx[i]);
    vy[i] = top ? std::abs(vy[i]) : (bottom ? -std::abs(vy[i]) : vy[i]);
  }
}
}  // namespace detail

// Moves fireflies [begin, end) of `f` by their velocities, kMoveLanes at a time.
inline void move_fireflies(FireflyArrays& f, const Rect& world, std::size_t begin, std::size_t end) {
  std::size_t i = begin;
  for (; i + kMoveLanes <= end; i += kMoveLanes) detail::move_block(f, world, i, i + kMoveLanes);
  detail::move_block(f, world, i, end);
}

}  // namespace meadow::sim
