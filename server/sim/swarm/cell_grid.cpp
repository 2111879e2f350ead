#include "sim/swarm/cell_grid.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstring>
#include <utility>

#include "sim/cpu_features.hpp"
#include "sim/swarm/cell_sort_rows.hpp"
#include "sim/swarm/lanes.hpp"

namespace meadow::sim {

namespace {

// Rows of cells per chunk of the passes over rows.
constexpr std::size_t kRowChunk = 16;
// Places of 4 bytes per cache line of 64, less one: the scatter by column fetches a line each.
constexpr std::uint32_t kPrefetchMask = 15;

}  // namespace

void CellGrid::configure(const Rect& world, float cell_size) {
  assert(cell_size > 0.0F && world.width > 0.0F && world.height > 0.0F);
  origin_ = {world.x, world.y};
  cell_size_ = cell_size;
  inv_cell_ = 1.0F / cell_size;
  columns_ = std::max(1U, static_cast<std::uint32_t>(std::ceil(world.width * inv_cell_)));
  rows_ = std::max(1U, static_cast<std::uint32_t>(std::ceil(world.height * inv_cell_)));
}

void CellGrid::sort(std::span<const float> x, std::span<const float> y, LargeVector<std::uint32_t>& order,
                    ParallelFor& parallel) {
  assert(x.size() == y.size());
  const std::size_t n = x.size();
  // Points per chunk of the passes over points: from the number of points alone (never the thread
  // count), so the per-chunk counts, and with them every place, are the same however many threads
  // run them.
  const std::size_t grain = streaming_grain(n);
  row_.resize(n);
  column_.resize(n);
  by_row_.resize(n);
  by_row_column_.resize(n);
  sorted_column_.resize(n);
  order.resize(n);
  starts_.resize(cell_count() + 1);
  row_starts_.resize(std::size_t{rows_} + 1);
  avx2_ = use_avx2();

  // Pass 1a: every point's row and column, four at a time (the same float operations as row_of
  // and column_of).
  parallel.run(n, grain, [&](std::size_t begin, std::size_t end) {
    const auto last_row = static_cast<float>(rows_ - 1);
    const auto last_column = static_cast<float>(columns_ - 1);
    // Plain pointers: the vector stores below are byte copies (see FireflyArrays::pointers()).
    std::uint32_t* const rows_of = row_.data();
    std::uint32_t* const columns_of = column_.data();
    std::size_t i = begin;
    for (; i + lanes::kWidth <= end; i += lanes::kWidth) {
      const lanes::I4 r = lanes::clamped_index((lanes::load(&y[i]) - origin_.y) * inv_cell_, last_row);
      const lanes::I4 c = lanes::clamped_index((lanes::load(&x[i]) - origin_.x) * inv_cell_, last_column);
      std::memcpy(&rows_of[i], &r, sizeof r);
      std::memcpy(&columns_of[i], &c, sizeof c);
    }
    for (; i < end; ++i) {
      rows_of[i] = row_of(y[i]);
      columns_of[i] = column_of(x[i]);
    }
  });
  // Pass 1b: by row, into by_row_ and by_row_column_, and row_starts_.
  followed_last_sort_ = sort_rows_from_last_sort(n, parallel);
  if (!followed_last_sort_) sort_rows_by_chunks(n, grain, parallel);
  last_row_starts_ = row_starts_;
  // Pass 2: within each row, by column.
  parallel.run(rows_, kRowChunk, [&](std::size_t row_begin, std::size_t row_end) {
    sort_columns(row_begin, row_end, order);
  });
  starts_[cell_count()] = static_cast<std::uint32_t>(n);
}

bool CellGrid::sort_rows_from_last_sort(std::size_t n, ParallelFor& parallel) {
  const std::size_t rows = rows_;
  if (last_row_starts_.size() != rows + 1 || last_row_starts_.back() != n) return false;
  // The places that lay in rows r − 1 … r + 1 (those that exist) after the last sort. These
  // stretches overlap, but each place lies in the stretch of the three rows around its old row q,
  // and is counted and taken only by the one of them it now lies in: so the counts add up to n
  // exactly when no point left the rows around its old one.
  const auto stretch = [&](std::size_t r) {
    return std::pair{last_row_starts_[r > 0 ? r - 1 : 0], last_row_starts_[std::min(r + 2, rows)]};
  };
  const cell_sort::Cells cells{row_.data(), column_.data()};
  const auto count_in_row = avx2_ ? cell_sort::count_in_row_avx2 : cell_sort::count_in_row_portable;
  parallel.run(rows, kRowChunk, [&](std::size_t row_begin, std::size_t row_end) {
    for (std::size_t r = row_begin; r < row_end; ++r) {
      const auto [from, to] = stretch(r);
      row_starts_[r] = count_in_row(cells, from, to, static_cast<std::uint32_t>(r));
    }
  });
  std::uint32_t place = 0;
  for (std::size_t r = 0; r < rows; ++r) place += std::exchange(row_starts_[r], place);
  row_starts_[rows] = place;
  if (place != n) return false;
  const auto gather_row = avx2_ ? cell_sort::gather_row_avx2 : cell_sort::gather_row_portable;
  parallel.run(rows, kRowChunk, [&](std::size_t row_begin, std::size_t row_end) {
    for (std::size_t r = row_begin; r < row_end; ++r) {
      const auto [from, to] = stretch(r);
      const std::uint32_t first = row_starts_[r];
      gather_row(cells, from, to, static_cast<std::uint32_t>(r), row_starts_[r + 1] - first, by_row_.data() + first,
                 by_row_column_.data() + first);
    }
  });
  return true;
}

void CellGrid::sort_rows_by_chunks(std::size_t n, std::size_t grain, ParallelFor& parallel) {
  const std::size_t chunks = (n + grain - 1) / grain;
  const std::size_t rows = rows_;
  chunk_rows_.assign(chunks * rows, 0U);
  // Each chunk's count per row.
  parallel.run(n, grain, [&](std::size_t begin, std::size_t end) {
    std::uint32_t* const counts = chunk_rows_.data() + begin / grain * rows;
    for (std::size_t i = begin; i < end; ++i) ++counts[row_[i]];
  });
  // Where each chunk's points of each row go: rows in order, within a row the chunks in order
  // (which is what makes the sort stable).
  std::uint32_t place = 0;
  for (std::size_t r = 0; r < rows; ++r) {
    row_starts_[r] = place;
    for (std::size_t c = 0; c < chunks; ++c) place += std::exchange(chunk_rows_[c * rows + r], place);
  }
  row_starts_[rows] = place;
  // Scatter by row.
  parallel.run(n, grain, [&](std::size_t begin, std::size_t end) {
    std::uint32_t* const cursor = chunk_rows_.data() + begin / grain * rows;
    for (std::size_t i = begin; i < end; ++i) {
      const std::uint32_t k = cursor[row_[i]]++;
      by_row_[k] = static_cast<std::uint32_t>(i);
      by_row_column_[k] = column_[i];
    }
  });
}

void CellGrid::sort_columns(std::size_t row_begin, std::size_t row_end, std::span<std::uint32_t> order) {
  const std::size_t columns = columns_;
  const auto running_ends = avx2_ ? cell_sort::running_ends_avx2 : cell_sort::running_ends_portable;
  // The row's slice of starts_ first counts, then holds each cell's end, and after a backwards
  // scatter (stable) each cell's start.
  for (std::size_t r = row_begin; r < row_end; ++r) {
    std::uint32_t* const cell = starts_.data() + r * columns;
    const std::uint32_t first = row_starts_[r];
    const std::uint32_t last = row_starts_[r + 1];
    if (first == last) {
      std::fill(cell, cell + columns, first);
      continue;
    }
    std::fill(cell, cell + columns, 0U);
    for (std::uint32_t k = first; k < last; ++k) ++cell[by_row_column_[k]];
    // The scatter's stores land all over the row's places, which the last step left to be
    // evicted: fetch them for writing while the sums run.
    for (std::uint32_t k = first & ~kPrefetchMask; k < last; k += kPrefetchMask + 1) {
      __builtin_prefetch(&order[k], 1);
      __builtin_prefetch(&sorted_column_[k], 1);
    }
    running_ends(cell, columns, first);
    for (std::uint32_t k = last; k-- > first;) {
      const std::uint32_t column = by_row_column_[k];
      const std::uint32_t to = --cell[column];
      order[to] = by_row_[k];
      sorted_column_[to] = column;
    }
  }
}

std::vector<std::uint32_t> CellGrid::rows_cut_at(std::span<const std::uint32_t> before) const {
  std::vector<std::uint32_t> first(before.size() + 1, rows_);
  // row_starts_[r]: the points before row r (sort()), never decreasing.
  const auto rows_begin = row_starts_.begin();
  const auto rows_end = row_starts_.empty() ? rows_begin : row_starts_.end() - 1;
  for (std::size_t k = 0; k < before.size(); ++k) {
    first[k] = static_cast<std::uint32_t>(std::lower_bound(rows_begin, rows_end, before[k]) - rows_begin);
  }
  return first;
}

}  // namespace meadow::sim
