#include "sim/swarm/square_reads.hpp"

#include <array>
#include <cstring>

#include "sim/swarm/avx2_path.hpp"
#include "sim/swarm/lanes.hpp"

namespace meadow::sim::square_reads {

namespace sq = squares;

// squares::chord in square units, clamped to the row's stretch [lo, end] before rounding rather
// than after: the same columns (ceil and floor are monotone and the stretch's ends are whole
// numbers), but float min and max are single vector instructions where int ones are not (SSE2).
// Both versions below compute, lane by lane and in this order:
//   dy = middle − sy;  h2 = reach² − dy²;  h = sqrt(h2 > 0 ? h2 : 0)
//   f = ceil(min(max(sx − h − ½, lo), end))
//   to = h2 ≥ 0 ? floor(min(max(sx + h − ½, f − 1), last)) + 1 : f      (out of reach: nothing)
//   from = base + f;  to = base + to
// with max(a, b) = (a < b ? b : a) and min(a, b) = (b < a ? b : a), as lanes::max and lanes::min.

// The chord stage is inlined into each read (a call per firefly would cost more than its work);
// chords_portable and chords_avx2 are the same bodies for the tests.
namespace {

[[gnu::always_inline]] inline void chords_portable_body(const Rows& rows, float sx, float sy, float reach,
                                                        std::int32_t* from, std::int32_t* to) {
  using lanes::F4;
  using lanes::I4;
  const auto ceil_int = [](F4 v) {
    const I4 t = __builtin_convertvector(v, I4);
    return t - (v > __builtin_convertvector(t, F4));  // a true comparison is −1
  };
  const auto floor_int = [](F4 v) {
    const I4 t = __builtin_convertvector(v, I4);
    return t + (v < __builtin_convertvector(t, F4));
  };
  for (int a = 0; a < kRows; a += lanes::kWidth) {
    const F4 dy = lanes::load(&rows.middle[a]) - sy;
    const F4 h2 = reach * reach - dy * dy;
    const F4 h = lanes::sqrt(lanes::select(h2 > 0.0F, h2, F4{}));
    const F4 lo = lanes::min(lanes::max(sx - h - 0.5F, lanes::load(&rows.lo[a])), lanes::load(&rows.end[a]));
    const I4 f = ceil_int(lo);
    const F4 hi = lanes::min(lanes::max(sx + h - 0.5F, __builtin_convertvector(f, F4) - 1.0F), lanes::load(&rows.last[a]));
    const I4 t = lanes::select(h2 >= 0.0F, floor_int(hi) + 1, f);
    const I4 base = lanes::load(&rows.index_base[a]);
    lanes::store(&from[a], base + f);
    lanes::store(&to[a], base + t);
  }
}

}  // namespace

void chords_portable(const Rows& rows, float sx, float sy, float reach, std::int32_t* from, std::int32_t* to) {
  chords_portable_body(rows, sx, sy, reach, from, to);
}

// count, Σvx, Σvy, Σx as one vector of four integers (added modulo 2³², lane by lane), the
// chords' upper and lower ends summed apart and subtracted once (exact modulo 2³² as well).
sq::Totals portable(const Window& window, float sx, float sy, float reach) {
  // Left uninitialised: the chord stage writes every place.
  alignas(16) std::array<std::int32_t, kRows> from;
  alignas(16) std::array<std::int32_t, kRows> to;
  chords_portable_body(*window.rows, sx, sy, reach, from.data(), to.data());
  using U4 = std::uint32_t __attribute__((vector_size(16)));
  U4 sum_hi{};
  U4 sum_lo{};
  std::uint32_t y_hi = 0;
  std::uint32_t y_lo = 0;
  const std::uint32_t* const index = window.index;
  const unsigned char* const bytes = window.entries;
  // Four places per turn of the loop (fully unrolled, the 32 addresses no longer fit in registers).
#pragma GCC unroll 4
  for (int a = 0; a < kRows; ++a) {
    const auto* const hi = static_cast<const Entry*>(__builtin_assume_aligned(bytes + index[to[a]], alignof(Entry)));
    const auto* const lo = static_cast<const Entry*>(__builtin_assume_aligned(bytes + index[from[a]], alignof(Entry)));
    U4 h;
    U4 l;
    std::memcpy(&h, hi, sizeof h);
    std::memcpy(&l, lo, sizeof l);
    sum_hi += h;
    sum_lo += l;
    y_hi += hi->y;
    y_lo += lo->y;
  }
  const U4 sum = sum_hi - sum_lo;
  return {sum[0], sum[1], sum[2], sum[3], y_hi - y_lo};
}

#if defined(MEADOW_HAS_AVX2_PATH)

namespace {

// The same, eight rows at a time (avx2_path.hpp: why a target attribute).
[[gnu::always_inline]] MEADOW_TARGET_AVX2 inline void chords_avx2_body(const Rows& rows, float sx, float sy, float reach,
                                                                       std::int32_t* from, std::int32_t* to) {
  const __m256 x = _mm256_set1_ps(sx);
  const __m256 y = _mm256_set1_ps(sy);
  const __m256 reach2 = _mm256_set1_ps(reach * reach);
  const __m256 half = _mm256_set1_ps(0.5F);
  const __m256 one = _mm256_set1_ps(1.0F);
  const __m256 zero = _mm256_setzero_ps();
  const __m256i one_int = _mm256_set1_epi32(1);
  constexpr int kCeil = _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC;
  constexpr int kFloor = _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC;
  for (int a = 0; a < kRows; a += 8) {
    const __m256 dy = _mm256_sub_ps(_mm256_load_ps(&rows.middle[a]), y);
    const __m256 h2 = _mm256_sub_ps(reach2, _mm256_mul_ps(dy, dy));
    const __m256 h = _mm256_sqrt_ps(_mm256_and_ps(_mm256_cmp_ps(h2, zero, _CMP_GT_OQ), h2));
    // maxps / minps return their second operand unless the first is strictly greater / less:
    // _mm256_max_ps(b, a) is lanes::max(a, b).
    const __m256 lo = _mm256_min_ps(_mm256_load_ps(&rows.end[a]),
                                    _mm256_max_ps(_mm256_load_ps(&rows.lo[a]), _mm256_sub_ps(_mm256_sub_ps(x, h), half)));
    const __m256 f = _mm256_round_ps(lo, kCeil);
    const __m256 hi = _mm256_min_ps(_mm256_load_ps(&rows.last[a]),
                                    _mm256_max_ps(_mm256_sub_ps(f, one), _mm256_sub_ps(_mm256_add_ps(x, h), half)));
    const __m256i f_int = _mm256_cvttps_epi32(f);
    const __m256i t_int = _mm256_add_epi32(_mm256_cvttps_epi32(_mm256_round_ps(hi, kFloor)), one_int);
    const __m256i in_reach = _mm256_castps_si256(_mm256_cmp_ps(h2, zero, _CMP_GE_OQ));
    const __m256i t = _mm256_blendv_epi8(f_int, t_int, in_reach);
    const __m256i base = _mm256_load_si256(reinterpret_cast<const __m256i*>(&rows.index_base[a]));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(&from[a]), _mm256_add_epi32(base, f_int));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(&to[a]), _mm256_add_epi32(base, t));
  }
}

}  // namespace

MEADOW_TARGET_AVX2 void chords_avx2(const Rows& rows, float sx, float sy, float reach, std::int32_t* from,
                                    std::int32_t* to) {
  chords_avx2_body(rows, sx, sy, reach, from, to);
}

// The same with whole entries: count, Σvx, Σvy, Σx, Σy (and the zero padding) in one load and one
// addition of eight integers.
MEADOW_TARGET_AVX2 sq::Totals avx2(const Window& window, float sx, float sy, float reach) {
  alignas(32) std::array<std::int32_t, kRows> from;
  alignas(32) std::array<std::int32_t, kRows> to;
  chords_avx2_body(*window.rows, sx, sy, reach, from.data(), to.data());
  __m256i sum_hi = _mm256_setzero_si256();
  __m256i sum_lo = _mm256_setzero_si256();
  const std::uint32_t* const index = window.index;
  const unsigned char* const bytes = window.entries;
#pragma GCC unroll 4
  for (int a = 0; a < kRows; ++a) {
    sum_hi = _mm256_add_epi32(sum_hi, _mm256_load_si256(reinterpret_cast<const __m256i*>(bytes + index[to[a]])));
    sum_lo = _mm256_add_epi32(sum_lo, _mm256_load_si256(reinterpret_cast<const __m256i*>(bytes + index[from[a]])));
  }
  alignas(32) std::array<std::uint32_t, 8> sum;
  _mm256_store_si256(reinterpret_cast<__m256i*>(sum.data()), _mm256_sub_epi32(sum_hi, sum_lo));
  return {sum[0], sum[1], sum[2], sum[3], sum[4]};
}

#else

void chords_avx2(const Rows& rows, float sx, float sy, float reach, std::int32_t* from, std::int32_t* to) {
  chords_portable(rows, sx, sy, reach, from, to);
}
sq::Totals avx2(const Window& window, float sx, float sy, float reach) { return portable(window, sx, sy, reach); }

#endif

}  // namespace meadow::sim::square_reads
