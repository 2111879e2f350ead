#pragma once
// Four floats side by side in one vector register, for the CPU swarm's hot loops. GCC and Clang's
// vector extensions: plain arithmetic and comparisons on whole vectors, lowered to SSE2 on x86-64
// (NEON on ARM) with no intrinsics and no library. Every operation is the IEEE operation of each
// lane, so a lane computes bit for bit what the same scalar code computes (sqrt and division are
// correctly rounded; nothing is fused or approximated), and results stay deterministic.
#include <cmath>
#include <cstdint>
#include <cstring>

namespace meadow::sim::lanes {

inline constexpr int kWidth = 4;
using F4 = float __attribute__((vector_size(16)));
using I4 = std::int32_t __attribute__((vector_size(16)));  // what comparisons of F4 give: 0 or −1

[[nodiscard]] inline F4 splat(float v) { return F4{v, v, v, v}; }
[[nodiscard]] inline F4 load(const float* p) {
  F4 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
inline void store(float* p, F4 v) { std::memcpy(p, &v, sizeof v); }
[[nodiscard]] inline I4 load(const std::int32_t* p) {
  I4 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
// static_cast<float> lane by lane (rounded to nearest, as the scalar conversion).
[[nodiscard]] inline F4 to_float(I4 v) { return __builtin_convertvector(v, F4); }
// std::max and std::min lane by lane (the same operand order, so the same lane wins on ties).
[[nodiscard]] inline F4 max(F4 a, F4 b) { return a < b ? b : a; }
[[nodiscard]] inline F4 min(F4 a, F4 b) { return b < a ? b : a; }
[[nodiscard]] inline F4 select(I4 mask, F4 yes, F4 no) { return mask != 0 ? yes : no; }
[[nodiscard]] inline I4 select(I4 mask, I4 yes, I4 no) { return mask != 0 ? yes : no; }
inline void store(std::int32_t* p, I4 v) { std::memcpy(p, &v, sizeof v); }
[[nodiscard]] inline F4 sqrt(F4 v) {
  F4 r;
  for (int l = 0; l < kWidth; ++l) r[l] = std::sqrt(v[l]);
  return r;
}
// The lanes added up in one fixed order, (0 + 2) + (1 + 3): two vector additions.
[[nodiscard]] inline float sum(F4 v) { return (v[0] + v[2]) + (v[1] + v[3]); }

}  // namespace meadow::sim::lanes
