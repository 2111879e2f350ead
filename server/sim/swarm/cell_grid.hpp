#pragma once
// The swarm's neighbour grid: square cells over the world, numbered row by row, and a counting
// sort of the fireflies by cell (docs/rules.md "The swarm · Neighbours on the CPU": count per cell,
// prefix sum to cell starts, scatter; no comparisons). After the sort the fireflies of one cell are
// contiguous, and so are those of a row of cells, so "the cells left, middle and right of me" is
// one contiguous range.
//
// The sort runs on several threads in two counting passes, both stable: first by row of cells,
// then within each row by column (rows are independent). The result is exactly a stable sort by
// cell, whatever the thread count.
//
// The pass by row has two ways. Mostly the points come in the order the last sort left them, and
// none has moved more than a row since (a firefly flies at most 3.2 units a step through rows 8
// high): then row r's points are those of the last sort's rows r − 1 … r + 1 (one stretch of
// places) that now lie in row r, in order, and each row finds its own without a pass over all
// the points. That every point was found is checked by count; when one was not (the first sort,
// fireflies added or taken away, a jump), the general way runs: per-chunk counts over fixed
// chunks of points, so every chunk knows where its points of each row go.
#include <cstdint>
#include <span>
#include <vector>

#include "sim/geometry.hpp"
#include "sim/large_array.hpp"
#include "sim/parallel_for.hpp"

namespace meadow::sim {

class CellGrid {
 public:
  // Lays cells of `cell_size` units over `world`; the last column and row may stick out of it.
  void configure(const Rect& world, float cell_size);

  [[nodiscard]] Vec2 origin() const { return origin_; }
  [[nodiscard]] float cell_size() const { return cell_size_; }
  [[nodiscard]] std::uint32_t columns() const { return columns_; }
  [[nodiscard]] std::uint32_t rows() const { return rows_; }
  [[nodiscard]] std::size_t cell_count() const { return std::size_t{columns_} * rows_; }

  [[nodiscard]] std::uint32_t column_of(float x) const { return clamp_index(x, origin_.x, columns_); }
  [[nodiscard]] std::uint32_t row_of(float y) const { return clamp_index(y, origin_.y, rows_); }
  // The cell a point lies in; points outside the world (or not finite) count to the nearest
  // border cell, so every firefly has a cell.
  [[nodiscard]] std::uint32_t cell_of(float x, float y) const { return row_of(y) * columns_ + column_of(x); }

  // Counting sort of the points (x[i], y[i]) by cell. Fills `order` so that order[k] is the
  // point that goes to place k (stable: within a cell the old order is kept), and the cell
  // starts: the points of cell c are places [start(c), start(c + 1)).
  void sort(std::span<const float> x, std::span<const float> y, LargeVector<std::uint32_t>& order,
            ParallelFor& parallel);
  [[nodiscard]] std::span<const std::uint32_t> starts() const { return starts_; }
  // Where the points of `cell` begin (after sort()); start(cell_count()) is their number.
  [[nodiscard]] std::uint32_t start(std::size_t cell) const { return starts_[cell]; }
  // After sort(): the rows cut into runs where given numbers of points lie before: run k starts at
  // the first row before which at least before[k] points lie (before[] never decreasing), so it
  // holds what lies between the counts, one row's points more or less, and the last run ends at
  // rows() (before.size() + 1 entries, never decreasing). A row holding more than a run's share
  // leaves runs empty. (How the steer stage shares its work out.)
  [[nodiscard]] std::vector<std::uint32_t> rows_cut_at(std::span<const std::uint32_t> before) const;
  // After sort(): per place k, the column of the cell its point lies in (column_of() of the point
  // at place k), so that the walks need not work it out again from the positions.
  [[nodiscard]] std::span<const std::uint32_t> sorted_columns() const { return sorted_column_; }
  // Whether the last sort() found every row's points near where the sort before left them (the
  // quick way above) rather than sorting by row from scratch. The order is the same either way.
  [[nodiscard]] bool followed_last_sort() const { return followed_last_sort_; }

 private:
  // The pass by row, the quick way (false, with nothing to show for it, when a point was missed)
  // and the general way.
  [[nodiscard]] bool sort_rows_from_last_sort(std::size_t n, ParallelFor& parallel);
  void sort_rows_by_chunks(std::size_t n, std::size_t grain, ParallelFor& parallel);
  // The pass by column, rows [row_begin, row_end).
  void sort_columns(std::size_t row_begin, std::size_t row_end, std::span<std::uint32_t> order);

  [[nodiscard]] std::uint32_t clamp_index(float p, float origin, std::uint32_t n) const {
    const float f = (p - origin) * inv_cell_;
    const auto last = static_cast<float>(n - 1);
    // Written so that NaN lands on 0 rather than in an undefined float-to-int conversion.
    const float clamped = f >= 0.0F ? (f < last ? f : last) : 0.0F;
    return static_cast<std::uint32_t>(clamped);
  }

  Vec2 origin_;
  float cell_size_ = 1.0F;
  float inv_cell_ = 1.0F;
  std::uint32_t columns_ = 1;
  std::uint32_t rows_ = 1;
  LargeVector<std::uint32_t> starts_;        // cell_count() + 1 entries
  LargeVector<std::uint32_t> row_;           // per point: its row
  LargeVector<std::uint32_t> column_;        // per point: its column
  std::vector<std::uint32_t> chunk_rows_;    // by chunks: per chunk and row, count, then first place
  LargeVector<std::uint32_t> by_row_;        // pass 1's result: the points ordered by row
  LargeVector<std::uint32_t> by_row_column_; // and their columns, in the same order
  LargeVector<std::uint32_t> sorted_column_; // the columns in the sorted order (sorted_columns())
  std::vector<std::uint32_t> row_starts_;    // rows() + 1 entries
  std::vector<std::uint32_t> last_row_starts_; // row_starts_ as the last sort left them
  bool followed_last_sort_ = false;
  bool avx2_ = false;                        // the row loops' AVX2 versions (cell_sort_rows.hpp)
};

}  // namespace meadow::sim
