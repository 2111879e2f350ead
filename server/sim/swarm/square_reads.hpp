#pragma once
// What SquareWindow::read() does for one firefly, on the window's rows as plain arrays: per row of
// the kRows it may see, the chord of its circle of view (squares::chord, clamped to the row's
// occupied stretch) as the two index places whose entries are subtracted, then the totals of those
// entries, upper ends minus lower. A third of the instructions of a swarm step, so it comes in two
// versions with exactly the same arithmetic: portable (four rows at a time, SSE2 on x86-64) and,
// where the CPU has it, AVX2 (eight rows at a time, rounding in one instruction, an entry in one
// load). Every float operation is the same IEEE operation lane by lane (min, max, sqrt, rounding of
// whole numbers) and the totals are integers added modulo 2³², so both give the same result bit
// for bit and the swarm stays the same whichever runs (square_reads_test checks it).
#include <cstdint>
#include <cstring>

#include "sim/swarm/avx2_path.hpp"
#include "sim/swarm/lanes.hpp"
#include "sim/swarm/square_sums.hpp"

namespace meadow::sim::square_reads {

// Rows read per firefly (= SquareWindow::kRowsRead), and what the window prepared for them: row
// middles in squares from the origin, the occupied stretch [lo, end] as floats and end − 1, and
// where each row's index places start. Rows not in use have an empty stretch at a zero slot.
inline constexpr int kRows = 16;
struct alignas(32) Rows {
  float middle[kRows];
  float lo[kRows];
  float end[kRows];
  float last[kRows];
  std::int32_t index_base[kRows];
};

// The running totals of a row before some square: count, Σvx, Σvy, Σx (the first 16 bytes, added
// as one vector) and Σy, padded to 32 bytes so that an entry's byte offset is what the index holds
// and the whole entry is one AVX2 load. The padding stays zero.
struct alignas(32) Entry {
  std::uint32_t n, vx, vy, x, y;
  std::uint32_t unused[3];
};

// The window as a read takes it: its rows, and per index place the byte offset of an entry.
struct Window {
  const Rows* rows;
  const std::uint32_t* index;
  const unsigned char* entries;
};

// The totals a firefly at (sx, sy) (squares from the origin) seeing `reach` squares reads.
squares::Totals portable(const Window& window, float sx, float sy, float reach);
// Only to be called where has_avx2() (sim/cpu_features.hpp).
squares::Totals avx2(const Window& window, float sx, float sy, float reach);

// A read comes in two stages: the chords (per row, the index places of the entries before the
// chord's first square and after its last: to = from for a row out of reach), worked out from
// the firefly's position with square roots and rounding; then the totals, two entries a row
// looked up through the index. The steer stage runs the first for a whole band before the second
// (SquareWindow::chords_*): the lookups of one firefly wait on its chords, and the next firefly's
// work lies beyond what the processor reorders, so one firefly at a time leaves that wait bare.
struct alignas(32) Chords {
  std::int32_t from[kRows];
  std::int32_t to[kRows];
};

// The totals of a firefly's chords as one vector of eight: count, Σvx, Σvy, Σx, Σy, then three
// zeros (an Entry's layout), for the steer stage, which inlines these bodies into its own loop (a
// call per firefly cost more than the bookkeeping around it) and takes itself off the totals in
// one vector operation.
using Sum = std::uint32_t __attribute__((vector_size(32)));
[[gnu::always_inline]] inline void totals_portable(const Window& window, const Chords& chords, Sum& out);
// Not always_inline: a function without the AVX2 target cannot take it in; one with it (or one
// marked flatten with it, like the steer stage's) inlines it all the same. (An out-parameter
// rather than a return value: a 32-byte vector is returned differently with and without AVX.)
MEADOW_TARGET_AVX2 inline void totals_avx2(const Window& window, const Chords& chords, Sum& out);

// The first stage alone (for tests).
void chords_portable(const Rows& rows, float sx, float sy, float reach, std::int32_t* from, std::int32_t* to);
void chords_avx2(const Rows& rows, float sx, float sy, float reach, std::int32_t* from, std::int32_t* to);

// squares::chord in square units, clamped to the row's stretch [lo, end] before rounding rather
// than after: the same columns (ceil and floor are monotone and the stretch's ends are whole
// numbers), but float min and max are single vector instructions where int ones are not (SSE2).
// Both versions below compute, lane by lane and in this order:
//   dy = middle − sy;  h2 = reach² − dy²;  h = sqrt(h2 > 0 ? h2 : 0)
//   f = ceil(min(max(sx − h − ½, lo), end))
//   to = h2 ≥ 0 ? floor(min(max(sx + h − ½, f − 1), last)) + 1 : f      (out of reach: nothing)
//   from = base + f;  to = base + to
// with max(a, b) = (a < b ? b : a) and min(a, b) = (b < a ? b : a), as lanes::max and lanes::min.

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


// count, Σvx, Σvy, Σx as one vector of four integers (added modulo 2³², lane by lane), the
// chords' upper and lower ends summed apart and subtracted once (exact modulo 2³² as well).
inline void totals_portable(const Window& window, const Chords& chords, Sum& out) {
  const std::int32_t* const from = chords.from;
  const std::int32_t* const to = chords.to;
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
  out = Sum{sum[0], sum[1], sum[2], sum[3], y_hi - y_lo, 0U, 0U, 0U};
}

#if defined(MEADOW_HAS_AVX2_PATH)

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


// The same totals with whole entries: count, Σvx, Σvy, Σx, Σy (and the zero padding) in one load and one
// addition of eight integers.
MEADOW_TARGET_AVX2 inline void totals_avx2(const Window& window, const Chords& chords, Sum& out) {
  const std::int32_t* const from = chords.from;
  const std::int32_t* const to = chords.to;
  __m256i sum_hi = _mm256_setzero_si256();
  __m256i sum_lo = _mm256_setzero_si256();
  const std::uint32_t* const index = window.index;
  const unsigned char* const bytes = window.entries;
  // Eight rows per turn of the loop (callgrind, the steer stage inlined: four ran 12 more
  // instructions a firefly in loop upkeep, sixteen 11 more in spilled addresses).
#pragma GCC unroll 8
  for (int a = 0; a < kRows; ++a) {
    sum_hi = _mm256_add_epi32(sum_hi, _mm256_load_si256(reinterpret_cast<const __m256i*>(bytes + index[to[a]])));
    sum_lo = _mm256_add_epi32(sum_lo, _mm256_load_si256(reinterpret_cast<const __m256i*>(bytes + index[from[a]])));
  }
  out = reinterpret_cast<Sum>(_mm256_sub_epi32(sum_hi, sum_lo));
}

#else

inline void totals_avx2(const Window& window, const Chords& chords, Sum& out) { totals_portable(window, chords, out); }

#endif

}  // namespace meadow::sim::square_reads
