#include "sim/swarm/square_reads.hpp"

namespace meadow::sim::square_reads {

namespace {

squares::Totals totals(const Sum& s) { return {s[0], s[1], s[2], s[3], s[4]}; }

}  // namespace

void chords_portable(const Rows& rows, float sx, float sy, float reach, std::int32_t* from, std::int32_t* to) {
  chords_portable_body(rows, sx, sy, reach, from, to);
}

squares::Totals portable(const Window& window, float sx, float sy, float reach) {
  Chords chords;
  chords_portable_body(*window.rows, sx, sy, reach, chords.from, chords.to);
  Sum s;
  totals_portable(window, chords, s);
  return totals(s);
}

#if defined(MEADOW_HAS_AVX2_PATH)

MEADOW_TARGET_AVX2 void chords_avx2(const Rows& rows, float sx, float sy, float reach, std::int32_t* from,
                                    std::int32_t* to) {
  chords_avx2_body(rows, sx, sy, reach, from, to);
}

MEADOW_TARGET_AVX2 squares::Totals avx2(const Window& window, float sx, float sy, float reach) {
  Chords chords;
  chords_avx2_body(*window.rows, sx, sy, reach, chords.from, chords.to);
  Sum s;
  totals_avx2(window, chords, s);
  return totals(s);
}

#else

void chords_avx2(const Rows& rows, float sx, float sy, float reach, std::int32_t* from, std::int32_t* to) {
  chords_portable(rows, sx, sy, reach, from, to);
}
squares::Totals avx2(const Window& window, float sx, float sy, float reach) { return portable(window, sx, sy, reach); }

#endif

}  // namespace meadow::sim::square_reads
