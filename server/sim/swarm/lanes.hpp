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
// std::max and std::min lane by lane: (a < b) ? b : a and (b < a) ? b : a, ties and NaNs
// included. On x86 that is exactly maxps(b, a) and minps(b, a) (which return their second operand
// unless the first is strictly greater, or less); GCC does not always find them itself.
[[nodiscard]] inline F4 max(F4 a, F4 b) {
#if defined(__SSE__)
  return __builtin_ia32_maxps(b, a);
#else
  return a < b ? b : a;
#endif
}
[[nodiscard]] inline F4 min(F4 a, F4 b) {
#if defined(__SSE__)
  return __builtin_ia32_minps(b, a);
#else
  return b < a ? b : a;
#endif
}
// Lane by lane `mask ? yes : no`, for masks that comparisons give (every bit set or none): plain
// bit operations, with no comparison against zero first.
[[nodiscard]] inline I4 select(I4 mask, I4 yes, I4 no) { return (mask & yes) | (~mask & no); }
// Whether any lane of a mask (every bit set or none, as comparisons give) is set.
[[nodiscard]] inline bool any(I4 mask) {
#if defined(__SSE__)
  return __builtin_ia32_movmskps(reinterpret_cast<F4>(mask)) != 0;
#else
  return (mask[0] | mask[1] | mask[2] | mask[3]) != 0;
#endif
}
[[nodiscard]] inline F4 select(I4 mask, F4 yes, F4 no) {
  return reinterpret_cast<F4>(select(mask, reinterpret_cast<I4>(yes), reinterpret_cast<I4>(no)));
}
inline void store(std::int32_t* p, I4 v) { std::memcpy(p, &v, sizeof v); }
[[nodiscard]] inline F4 sqrt(F4 v) {
  F4 r = v;  // every lane is overwritten (initialised only so GCC does not warn that it may not be)
  for (int l = 0; l < kWidth; ++l) r[l] = std::sqrt(v[l]);
  return r;
}

// Eight lanes: the rules of the steer stage, eight fireflies at a time (steering_lanes.hpp). One
// AVX2 register in the AVX2 version of the stage; the compiler splits them into two SSE2 registers
// in the portable one. Only the plain operators, select and sqrt below are used on them, so a lane
// computes exactly what the scalar code does in either.
inline constexpr int kWideWidth = 8;
using F8 = float __attribute__((vector_size(32)));
using I8 = std::int32_t __attribute__((vector_size(32)));
[[nodiscard]] inline F8 to_float(I8 v) { return __builtin_convertvector(v, F8); }
[[nodiscard]] inline I8 select(I8 mask, I8 yes, I8 no) { return (mask & yes) | (~mask & no); }
[[nodiscard]] inline F8 select(I8 mask, F8 yes, F8 no) {
  return reinterpret_cast<F8>(select(mask, reinterpret_cast<I8>(yes), reinterpret_cast<I8>(no)));
}
[[nodiscard]] inline F8 sqrt(F8 v) {
  F8 r = v;  // every lane is overwritten
  for (int l = 0; l < kWideWidth; ++l) r[l] = std::sqrt(v[l]);
  return r;
}
// A grid index lane by lane, for four or eight lanes (F4 or F8; I4 or I8 out):
// static_cast<std::int32_t>(f >= 0 ? (f < last ? f : last) : 0), the clamp of CellGrid and
// SquareWindow (NaN lands on 0).
template <typename F>
[[nodiscard]] inline auto clamped_index(F f, float last) {
  using I = decltype(f < f);
  return __builtin_convertvector(select(f >= 0.0F, select(f < last, f, F{} + last), F{}), I);
}
// any() for eight lanes.
[[nodiscard]] inline bool any(I8 mask) {
  return any(__builtin_shufflevector(mask, mask, 0, 1, 2, 3) | __builtin_shufflevector(mask, mask, 4, 5, 6, 7));
}
// Two vectors of four side by side: lanes 0–3 from `low`, 4–7 from `high`.
[[nodiscard]] inline F8 join(F4 low, F4 high) { return __builtin_shufflevector(low, high, 0, 1, 2, 3, 4, 5, 6, 7); }
[[nodiscard]] inline I8 join(I4 low, I4 high) { return __builtin_shufflevector(low, high, 0, 1, 2, 3, 4, 5, 6, 7); }

// Lanes of unsigned or wider numbers: eight ids and their hashes, counts and sums widened from
// four lanes of 32 bits (one AVX2 register for the 32-byte ones, two SSE2 ones in the portable
// version).
using U32x4 = std::uint32_t __attribute__((vector_size(16)));
using U32x8 = std::uint32_t __attribute__((vector_size(32)));
using U64x4 = std::uint64_t __attribute__((vector_size(32)));
using D4 = double __attribute__((vector_size(32)));

// Rows a, b, c, d of a 4 × 4 matrix become its columns (lane k of the results: a[k], b[k], c[k],
// d[k] in the result for k), for writing four lanes out as four records.
template <typename V>  // I4 or F4
inline void transpose(V& a, V& b, V& c, V& d) {
  const V ab_low = __builtin_shufflevector(a, b, 0, 4, 1, 5);
  const V ab_high = __builtin_shufflevector(a, b, 2, 6, 3, 7);
  const V cd_low = __builtin_shufflevector(c, d, 0, 4, 1, 5);
  const V cd_high = __builtin_shufflevector(c, d, 2, 6, 3, 7);
  a = __builtin_shufflevector(ab_low, cd_low, 0, 1, 4, 5);
  b = __builtin_shufflevector(ab_low, cd_low, 2, 3, 6, 7);
  c = __builtin_shufflevector(ab_high, cd_high, 0, 1, 4, 5);
  d = __builtin_shufflevector(ab_high, cd_high, 2, 3, 6, 7);
}

// Rows r[0..7] of an 8 × 8 matrix become its columns (r[k] afterwards holds lane k of every row),
// for writing eight lanes out as eight 32-byte records: unpack 32-bit pairs, then 64-bit pairs,
// then swap 128-bit halves (three stages of eight shuffles, one instruction each with AVX2).
// Always inlined: left out of line it is compiled without the AVX2 target of its caller (GCC once
// did so in the square build: 21 more instructions a firefly).
[[gnu::always_inline]] inline void transpose(I8 (&r)[8]) {
  I8 t[8];
  for (int k = 0; k < 8; k += 2) {
    t[k] = __builtin_shufflevector(r[k], r[k + 1], 0, 8, 1, 9, 4, 12, 5, 13);
    t[k + 1] = __builtin_shufflevector(r[k], r[k + 1], 2, 10, 3, 11, 6, 14, 7, 15);
  }
  I8 u[8];
  for (int k = 0; k < 8; k += 4) {
    u[k] = __builtin_shufflevector(t[k], t[k + 2], 0, 1, 8, 9, 4, 5, 12, 13);
    u[k + 1] = __builtin_shufflevector(t[k], t[k + 2], 2, 3, 10, 11, 6, 7, 14, 15);
    u[k + 2] = __builtin_shufflevector(t[k + 1], t[k + 3], 0, 1, 8, 9, 4, 5, 12, 13);
    u[k + 3] = __builtin_shufflevector(t[k + 1], t[k + 3], 2, 3, 10, 11, 6, 7, 14, 15);
  }
  for (int k = 0; k < 4; ++k) {
    r[k] = __builtin_shufflevector(u[k], u[k + 4], 0, 1, 2, 3, 8, 9, 10, 11);
    r[k + 4] = __builtin_shufflevector(u[k], u[k + 4], 4, 5, 6, 7, 12, 13, 14, 15);
  }
}

}  // namespace meadow::sim::lanes
