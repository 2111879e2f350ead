#pragma once
// The move rule of both CPU engines (docs/rules.md "The swarm · Rocks, edges, predator"):
// positions advance by the new velocities and stay inside the world. The edges' soft push turns
// every firefly well before the edge (tests check it); the clamp only guarantees the invariant
// "never outside the world" in any case, and bounces: the heading turns to point back inside.
// Fireflies in transit (any flag) fly over the edge freely.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "sim/geometry.hpp"
#include "sim/swarm/firefly_arrays.hpp"
#include "sim/swarm/lanes.hpp"

namespace meadow::sim {

namespace detail {
inline void move_one(FireflyArrays& f, const Rect& world, std::size_t i) {
  const bool held = f.flags[i] == 0;
  const float nx = f.x[i] + f.vx[i];
  const float ny = f.y[i] + f.vy[i];
  const bool left = held && nx < world.x;
  const bool right = held && nx > world.right();
  const bool top = held && ny < world.y;
  const bool bottom = held && ny > world.bottom();
  f.x[i] = left ? world.x : (right ? world.right() : nx);
  f.y[i] = top ? world.y : (bottom ? world.bottom() : ny);
  f.vx[i] = left ? std::abs(f.vx[i]) : (right ? -std::abs(f.vx[i]) : f.vx[i]);
  f.vy[i] = top ? std::abs(f.vy[i]) : (bottom ? -std::abs(f.vy[i]) : f.vy[i]);
}

// The same for four fireflies in vector lanes: |v| and −|v| are the sign bit cleared and set,
// exactly what std::abs and its negation give.
inline void move_four(float* px, float* py, float* pvx, float* pvy, const std::uint8_t* flags,
                      const Rect& world) {
  using lanes::F4;
  using lanes::I4;
  // All four held (no transit flag) is by far the common case: one test of the four flag bytes.
  std::uint32_t four_flags = 0;
  std::memcpy(&four_flags, flags, sizeof four_flags);
  I4 held = I4{} - 1;
  if (four_flags != 0) {
    for (int l = 0; l < lanes::kWidth; ++l) held[l] = flags[l] == 0 ? -1 : 0;
  }
  const F4 x = lanes::load(px);
  const F4 y = lanes::load(py);
  const F4 vx = lanes::load(pvx);
  const F4 vy = lanes::load(pvy);
  const F4 nx = x + vx;
  const F4 ny = y + vy;
  const I4 left = held & (nx < world.x);
  const I4 right = held & (nx > world.right());
  const I4 top = held & (ny < world.y);
  const I4 bottom = held & (ny > world.bottom());
  const I4 sign = I4{} + static_cast<std::int32_t>(0x80000000U);
  const auto abs = [&](F4 v) { return reinterpret_cast<F4>(reinterpret_cast<I4>(v) & ~sign); };
  const auto minus_abs = [&](F4 v) { return reinterpret_cast<F4>(reinterpret_cast<I4>(v) | sign); };
  lanes::store(px, lanes::select(left, lanes::splat(world.x), lanes::select(right, lanes::splat(world.right()), nx)));
  lanes::store(py, lanes::select(top, lanes::splat(world.y), lanes::select(bottom, lanes::splat(world.bottom()), ny)));
  lanes::store(pvx, lanes::select(left, abs(vx), lanes::select(right, minus_abs(vx), vx)));
  lanes::store(pvy, lanes::select(top, abs(vy), lanes::select(bottom, minus_abs(vy), vy)));
}
}  // namespace detail

// Moves fireflies [begin, end) of `f` by their velocities, four at a time.
inline void move_fireflies(FireflyArrays& f, const Rect& world, std::size_t begin, std::size_t end) {
  std::size_t i = begin;
  float* const x = f.x.data();
  float* const y = f.y.data();
  float* const vx = f.vx.data();
  float* const vy = f.vy.data();
  const std::uint8_t* const flags = f.flags.data();
  for (; i + lanes::kWidth <= end; i += lanes::kWidth) detail::move_four(x + i, y + i, vx + i, vy + i, flags + i, world);
  for (; i < end; ++i) detail::move_one(f, world, i);
}

}  // namespace meadow::sim
