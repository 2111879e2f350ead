#include "sim/swarm/square_chords.hpp"

#include "sim/cpu_features.hpp"
#include "sim/swarm/lanes.hpp"

#include "sim/swarm/avx2_path.hpp"

namespace meadow::sim::square_chords {

// squares::chord in square units, clamped to the row's stretch [lo, end] before rounding rather
// than after: the same columns (ceil and floor are monotone and the stretch's ends are whole
// numbers), but float min and max are single vector instructions where int ones are not (SSE2).
// Both versions below compute, lane by lane and in this order:
//   dy = middle − sy;  h2 = reach² − dy²;  h = sqrt(h2 > 0 ? h2 : 0)
//   f = ceil(min(max(sx − h − ½, lo), end))
//   to = h2 ≥ 0 ? floor(min(max(sx + h − ½, f − 1), last)) + 1 : f      (out of reach: nothing)
//   from = base + f;  to = base + to
// with max(a, b) = (a < b ? b : a) and min(a, b) = (b < a ? b : a), as lanes::max and lanes::min.

void portable(const Rows& rows, float sx, float sy, float reach, std::int32_t* from, std::int32_t* to) {
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

#if defined(MEADOW_HAS_AVX2_PATH)

// The same, eight rows at a time (avx2_path.hpp: why a target attribute).
MEADOW_TARGET_AVX2 void avx2(const Rows& rows, float sx, float sy, float reach, std::int32_t* from, std::int32_t* to) {
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

#else

void avx2(const Rows& rows, float sx, float sy, float reach, std::int32_t* from, std::int32_t* to) {
  portable(rows, sx, sy, reach, from, to);
}
#endif

Fn best() {
  static const Fn chosen = has_avx2() ? &avx2 : &portable;
  return chosen;
}

}  // namespace meadow::sim::square_chords
