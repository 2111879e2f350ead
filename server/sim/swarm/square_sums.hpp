#pragma once
// Sums instead of neighbours (docs/rules.md "The swarm · Neighbours on the CPU"): alignment and
// cohesion need, for each firefly, only how many others it sees and the sums of their velocities
// and positions. Those come from squares of kSquareSize units, each adding up count, Σvx, Σvy, Σx,
// Σy of its fireflies; each row of squares keeps running (prefix) totals, so any stretch of a row
// is one subtraction. A firefly sees the squares whose middles lie within its circle of view: per
// row, the stretch between the two ends of the circle's chord.
//
// Exact: the sums are integers in fixed point, added modulo 2³² (unsigned, so wrapping is
// defined). A difference of two running totals is then exact modulo 2³², which is the true value
// whenever the true value fits in 32 bits signed. For the stretches a firefly reads it does while
// fewer than kMaxExactSeen fireflies lie in one circle of view (about 33 per square unit, far
// beyond what personal space lets a swarm reach). So the sums do not depend on the order in
// which fireflies are added, nor on threads, and tests compare them with brute force exactly.
#include <cmath>
#include <cstdint>

namespace meadow::sim::squares {

// Side of a square (units, docs/rules.md "The swarm · Neighbours on the CPU"). Half the neighbour
// grid's cell, so every cell is 2 × 2 squares and a row of cells is two rows of squares.
inline constexpr float kSquareSize = 4.0F;
inline constexpr float kInvSquareSize = 1.0F / kSquareSize;
// Fixed point: positions relative to the world's origin in 1/256 units (a world of 2,000,000
// fireflies is under 30,000 units wide: 7.7·10⁶ < 2³¹), velocities in 1/4096 units per step.
inline constexpr float kPositionScale = 256.0F;
inline constexpr float kVelocityScale = 4096.0F;
// The sums of a circle of view are exact up to this many fireflies in it: |Σv| ≤ n × 6.4 × 4096
// (the fastest speed, at the top speed setting) and |Σ(x − own x)| ≤ n × 28 × 256 must stay
// below 2³¹.
inline constexpr std::uint32_t kMaxExactSeen = 81'920;

// A firefly's own fixed-point values (also what it subtracts for itself).
[[nodiscard]] inline std::uint32_t fixed_position(float relative) {
  return static_cast<std::uint32_t>(static_cast<std::int32_t>(relative * kPositionScale));
}
[[nodiscard]] inline std::uint32_t fixed_velocity(float v) {
  return static_cast<std::uint32_t>(static_cast<std::int32_t>(v * kVelocityScale));
}

// count, Σvx, Σvy, Σx, Σy of some fireflies, modulo 2³².
struct Totals {
  std::uint32_t n = 0;
  std::uint32_t vx = 0;
  std::uint32_t vy = 0;
  std::uint32_t x = 0;
  std::uint32_t y = 0;
  friend bool operator==(const Totals&, const Totals&) = default;
};
inline void add(Totals& a, const Totals& b) {
  a.n += b.n;
  a.vx += b.vx;
  a.vy += b.vy;
  a.x += b.x;
  a.y += b.y;
}

// floor and ceiling of a float that fits an int, exactly, in code the compiler can vectorise
// (std::floor is a library call without SSE4.1).
[[nodiscard]] inline std::int32_t floor_int(float v) {
  const auto t = static_cast<std::int32_t>(v);
  return t - (v < static_cast<float>(t) ? 1 : 0);
}
[[nodiscard]] inline std::int32_t ceil_int(float v) {
  const auto t = static_cast<std::int32_t>(v);
  return t + (v > static_cast<float>(t) ? 1 : 0);
}

// The squares of one row that a firefly sees: columns [lo, end) (empty when end ≤ lo).
struct Span {
  std::int32_t lo = 0;
  std::int32_t end = 0;
};

// The squares of the row whose middle is `row_middle` units below the grid's origin that a
// firefly at (x, y) (units from the origin) sees: those whose middles lie within `reach` of it.
// Columns are not clamped to the grid. One definition for the engine and its tests.
[[nodiscard]] inline Span chord(float x, float y, float row_middle, float reach) {
  const float dy = row_middle - y;
  const float h2 = reach * reach - dy * dy;
  const float h = std::sqrt(h2 > 0.0F ? h2 : 0.0F);
  // Square c's middle is at (c + ½)·size: inside when |(c + ½)·size − x| ≤ h.
  const std::int32_t lo = ceil_int((x - h) * kInvSquareSize - 0.5F);
  const std::int32_t end = floor_int((x + h) * kInvSquareSize - 0.5F) + 1;
  return h2 >= 0.0F ? Span{lo, end} : Span{lo, lo};
}

}  // namespace meadow::sim::squares
