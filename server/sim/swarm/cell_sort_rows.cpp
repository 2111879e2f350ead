#include "sim/swarm/cell_sort_rows.hpp"

#include <cassert>

#include "sim/swarm/avx2_path.hpp"

namespace meadow::sim::cell_sort {

std::uint32_t count_in_row_portable(const Cells& cells, std::uint32_t from, std::uint32_t to, std::uint32_t row) {
  std::uint32_t count = 0;
  for (std::uint32_t i = from; i < to; ++i) count += cells.row[i] == row ? 1U : 0U;
  return count;
}

void gather_row_portable(const Cells& cells, std::uint32_t from, std::uint32_t to, std::uint32_t row,
                         [[maybe_unused]] std::uint32_t count, std::uint32_t* places, std::uint32_t* columns) {
  std::uint32_t at = 0;
  for (std::uint32_t i = from; i < to; ++i) {
    if (cells.row[i] != row) continue;
    places[at] = i;
    columns[at] = cells.column[i];
    ++at;
  }
  assert(at == count);
}

void running_ends_portable(std::uint32_t* counts, std::size_t n, std::uint32_t first) {
  std::uint32_t end = first;
  // Four cells per turn of the loop: at the engine's density a row has about four cells per
  // firefly, so the loop's upkeep weighs.
#pragma GCC unroll 4
  for (std::size_t c = 0; c < n; ++c) {
    end += counts[c];
    counts[c] = end;
  }
}

#if defined(MEADOW_HAS_AVX2_PATH)

namespace {

// Per mask of eight lanes, the lanes whose bit is set, in order, one byte each (the rest 0): the
// permutation that packs the chosen lanes of a vector to its front (AVX2 has no compress).
struct PackTable {
  std::uint64_t lanes[256];
  constexpr PackTable() : lanes{} {
    for (unsigned mask = 0; mask < 256; ++mask) {
      unsigned at = 0;
      for (unsigned lane = 0; lane < 8; ++lane) {
        if ((mask & (1U << lane)) == 0) continue;
        lanes[mask] |= std::uint64_t{lane} << (8 * at);
        ++at;
      }
    }
  }
};
constexpr PackTable kPack;

// Which of the eight places from `i` lie in the row `want` (all lanes equal to it), as bits.
MEADOW_TARGET_AVX2 inline unsigned in_row(const std::uint32_t* rows, std::uint32_t i, __m256i want) {
  const __m256i r = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(rows + i));
  return static_cast<unsigned>(_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(r, want))));
}

}  // namespace

MEADOW_TARGET_AVX2 std::uint32_t count_in_row_avx2(const Cells& cells, std::uint32_t from, std::uint32_t to,
                                                   std::uint32_t row) {
  const __m256i want = _mm256_set1_epi32(static_cast<int>(row));
  std::uint32_t count = 0;
  std::uint32_t i = from;
  for (; i + 8 <= to; i += 8) count += static_cast<std::uint32_t>(__builtin_popcount(in_row(cells.row, i, want)));
  return count + count_in_row_portable(cells, i, to, row);
}

MEADOW_TARGET_AVX2 void gather_row_avx2(const Cells& cells, std::uint32_t from, std::uint32_t to, std::uint32_t row,
                                        std::uint32_t count, std::uint32_t* places, std::uint32_t* columns) {
  const __m256i want = _mm256_set1_epi32(static_cast<int>(row));
  const __m256i eight = _mm256_set1_epi32(8);
  __m256i place =
      _mm256_add_epi32(_mm256_set1_epi32(static_cast<int>(from)), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
  std::uint32_t at = 0;
  std::uint32_t i = from;
  // Every eight packed and stored, even one with none of the row (most lie wholly in one of the
  // stretch's three rows): skipping those was a branch the predictor missed 0.13 times a firefly,
  // and the sort took 5.7 ns a firefly against 4.7 without it (`cell_sort/500000/follows`, the
  // fastest of twelve runs each).
  for (; i + 8 <= to; i += 8, place = _mm256_add_epi32(place, eight)) {
    const unsigned mask = in_row(cells.row, i, want);
    const __m256i pack = _mm256_cvtepu8_epi32(_mm_cvtsi64_si128(static_cast<long long>(kPack.lanes[mask])));
    const __m256i column = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(cells.column + i));
    const __m256i packed_places = _mm256_permutevar8x32_epi32(place, pack);
    const __m256i packed_columns = _mm256_permutevar8x32_epi32(column, pack);
    const auto taken = static_cast<std::uint32_t>(__builtin_popcount(mask));
    if (at + 8 <= count) {
      // All eight lanes: those past `taken` are overwritten by the next eight taken, or lie
      // within the row's places all the same.
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(places + at), packed_places);
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(columns + at), packed_columns);
    } else {
      alignas(32) std::uint32_t lane_places[8];
      alignas(32) std::uint32_t lane_columns[8];
      _mm256_store_si256(reinterpret_cast<__m256i*>(lane_places), packed_places);
      _mm256_store_si256(reinterpret_cast<__m256i*>(lane_columns), packed_columns);
      for (std::uint32_t l = 0; l < taken; ++l) {
        places[at + l] = lane_places[l];
        columns[at + l] = lane_columns[l];
      }
    }
    at += taken;
  }
  assert(at <= count);
  gather_row_portable(cells, i, to, row, count - at, places + at, columns + at);
}

MEADOW_TARGET_AVX2 void running_ends_avx2(std::uint32_t* counts, std::size_t n, std::uint32_t first) {
  __m256i carry = _mm256_set1_epi32(static_cast<int>(first));
  const __m256i last_lane = _mm256_set1_epi32(7);
  std::size_t c = 0;
  for (; c + 8 <= n; c += 8) {
    __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(counts + c));
    // Running sums within each half (shifts by one and two lanes), then the low half's total
    // added to the high half.
    v = _mm256_add_epi32(v, _mm256_slli_si256(v, 4));
    v = _mm256_add_epi32(v, _mm256_slli_si256(v, 8));
    const __m256i half_totals = _mm256_shuffle_epi32(v, 0xFF);
    v = _mm256_add_epi32(v, _mm256_permute2x128_si256(half_totals, half_totals, 0x08));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(counts + c), _mm256_add_epi32(v, carry));
    // The carry waits on one add per eight cells, not on the sums of the eight.
    carry = _mm256_add_epi32(carry, _mm256_permutevar8x32_epi32(v, last_lane));
  }
  running_ends_portable(counts + c, n - c, static_cast<std::uint32_t>(_mm256_cvtsi256_si32(carry)));
}

#else

std::uint32_t count_in_row_avx2(const Cells& cells, std::uint32_t from, std::uint32_t to, std::uint32_t row) {
  return count_in_row_portable(cells, from, to, row);
}
void gather_row_avx2(const Cells& cells, std::uint32_t from, std::uint32_t to, std::uint32_t row, std::uint32_t count,
                     std::uint32_t* places, std::uint32_t* columns) {
  gather_row_portable(cells, from, to, row, count, places, columns);
}
void running_ends_avx2(std::uint32_t* counts, std::size_t n, std::uint32_t first) {
  running_ends_portable(counts, n, first);
}

#endif

}  // namespace meadow::sim::cell_sort
