#pragma once
// The first stage of SquareWindow::read(): for one firefly, each row's chord of its circle of view
// (squares::chord, clamped to the row's occupied stretch) as the two index places whose entries
// are subtracted. Half the instructions of a read, so it comes in two versions with exactly the
// same arithmetic: a portable one (four rows at a time, SSE2 on x86-64) and, where the CPU has it,
// AVX2 (eight rows at a time, rounding in one instruction). Every operation is the same IEEE
// operation lane by lane (min, max, sqrt, rounding of whole numbers), so both give the same places
// bit for bit and the swarm stays the same whichever runs (square_chords_test checks it).
#include <cstdint>

namespace meadow::sim::square_chords {

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

// For a firefly at (sx, sy) (squares from the origin) seeing `reach` squares: per row, the index
// places of the entries before the chord's first square (from) and after its last (to); to = from
// for a row out of reach.
using Fn = void (*)(const Rows& rows, float sx, float sy, float reach, std::int32_t* from, std::int32_t* to);

void portable(const Rows& rows, float sx, float sy, float reach, std::int32_t* from, std::int32_t* to);
// Only to be called where has_avx2() (sim/cpu_features.hpp).
void avx2(const Rows& rows, float sx, float sy, float reach, std::int32_t* from, std::int32_t* to);

// The version for this CPU, chosen once.
[[nodiscard]] Fn best();

}  // namespace meadow::sim::square_chords
