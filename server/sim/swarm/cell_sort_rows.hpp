#pragma once
// The inner loops of CellGrid::sort (cell_grid.hpp) that run once per row of cells: counting and
// gathering the points of a row from a stretch of places, and turning a row's counts per cell into
// where each cell ends. Two versions each with exactly the same result: portable, and AVX2 (eight
// places or cells at a time) for where the CPU has it (sim/cpu_features.hpp). At 500,000
// fireflies a row of cells is 1,826 cells wide and holds about 490 fireflies, so these loops are
// most of the sort (meadow-swarm-profile).
#include <cstddef>
#include <cstdint>

namespace meadow::sim::cell_sort {

// Each point's row and column of cells, by place (CellGrid's pass 1).
struct Cells {
  const std::uint32_t* row;
  const std::uint32_t* column;
};

// How many of the places [from, to) lie in `row`.
[[nodiscard]] std::uint32_t count_in_row_portable(const Cells& cells, std::uint32_t from, std::uint32_t to,
                                                  std::uint32_t row);
[[nodiscard]] std::uint32_t count_in_row_avx2(const Cells& cells, std::uint32_t from, std::uint32_t to,
                                              std::uint32_t row);

// The places [from, to) that lie in `row`, in order, and their columns: written to places[0..count)
// and columns[0..count), where count is what count_in_row gives for the same arguments. Nothing is
// written beyond those (the next row's points follow there, perhaps on another thread).
void gather_row_portable(const Cells& cells, std::uint32_t from, std::uint32_t to, std::uint32_t row,
                         std::uint32_t count, std::uint32_t* places, std::uint32_t* columns);
void gather_row_avx2(const Cells& cells, std::uint32_t from, std::uint32_t to, std::uint32_t row,
                     std::uint32_t count, std::uint32_t* places, std::uint32_t* columns);

// counts[c] becomes first + counts[0] + … + counts[c] (where cell c's points end), for c < n.
// Sums modulo 2³², as the counts of a sort never overflow.
void running_ends_portable(std::uint32_t* counts, std::size_t n, std::uint32_t first);
void running_ends_avx2(std::uint32_t* counts, std::size_t n, std::uint32_t first);

}  // namespace meadow::sim::cell_sort
