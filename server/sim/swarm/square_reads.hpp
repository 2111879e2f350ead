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

// The first stage alone (for tests): per row, the index places of the entries before the chord's
// first square (from) and after its last (to); to = from for a row out of reach.
void chords_portable(const Rows& rows, float sx, float sy, float reach, std::int32_t* from, std::int32_t* to);
void chords_avx2(const Rows& rows, float sx, float sy, float reach, std::int32_t* from, std::int32_t* to);

}  // namespace meadow::sim::square_reads
