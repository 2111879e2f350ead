#include "sim/swarm/cell_grid.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstring>

#include "sim/swarm/lanes.hpp"

namespace meadow::sim {

namespace {

// Rows of cells per chunk of the second pass.
constexpr std::size_t kRowChunk = 16;

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
  // Points per chunk of the first pass: from the number of points alone (never the thread count),
  // so the per-chunk counts, and with them every place, are the same however many threads run them.
  const std::size_t grain = streaming_grain(n);
  const std::size_t chunks = (n + grain - 1) / grain;
  const std::size_t rows = rows_;
  const std::size_t columns = columns_;
  row_.resize(n);
  column_.resize(n);
  by_row_.resize(n);
  by_row_column_.resize(n);
  sorted_column_.resize(n);
  order.resize(n);
  starts_.resize(cell_count() + 1);
  chunk_rows_.assign(chunks * rows, 0U);

  // Pass 1a: every point's row and column, and each chunk's count per row.
  parallel.run(n, grain, [&](std::size_t begin, std::size_t end) {
    std::uint32_t* const counts = chunk_rows_.data() + begin / grain * rows;
    // Rows and columns four at a time (the same float operations as row_of and column_of), and
    // the counts from the rows while they are in registers.
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
      for (int l = 0; l < lanes::kWidth; ++l) ++counts[r[l]];
    }
    for (; i < end; ++i) {
      rows_of[i] = row_of(y[i]);
      columns_of[i] = column_of(x[i]);
      ++counts[rows_of[i]];
    }
  });
  // Pass 1b: where each chunk's points of each row go: rows in order, within a row the chunks
  // in order (which is what makes the sort stable).
  row_starts_.resize(rows + 1);
  std::uint32_t place = 0;
  for (std::size_t r = 0; r < rows; ++r) {
    row_starts_[r] = place;
    for (std::size_t c = 0; c < chunks; ++c) {
      const std::uint32_t count = chunk_rows_[c * rows + r];
      chunk_rows_[c * rows + r] = place;
      place += count;
    }
  }
  row_starts_[rows] = place;
  // Pass 1c: scatter by row.
  parallel.run(n, grain, [&](std::size_t begin, std::size_t end) {
    std::uint32_t* const cursor = chunk_rows_.data() + begin / grain * rows;
    for (std::size_t i = begin; i < end; ++i) {
      const std::uint32_t k = cursor[row_[i]]++;
      by_row_[k] = static_cast<std::uint32_t>(i);
      by_row_column_[k] = column_[i];
    }
  });
  // Pass 2: within each row, by column. The row's slice of starts_ first counts, then holds
  // each cell's end, and after a backwards scatter (stable) each cell's start.
  parallel.run(rows, kRowChunk, [&](std::size_t row_begin, std::size_t row_end) {
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
      std::uint32_t end = first;
      // Four cells per turn of the loop: at the spec's density a row has about four cells per
      // firefly, so the loop's upkeep weighs.
#pragma GCC unroll 4
      for (std::size_t c = 0; c < columns; ++c) {
        end += cell[c];
        cell[c] = end;
      }
      for (std::uint32_t k = last; k-- > first;) {
        const std::uint32_t column = by_row_column_[k];
        const std::uint32_t to = --cell[column];
        order[to] = by_row_[k];
        sorted_column_[to] = column;
      }
    }
  });
  starts_[cell_count()] = static_cast<std::uint32_t>(n);
}

std::vector<std::uint32_t> CellGrid::rows_cut_by_count(std::size_t parts) const {
  const std::size_t n = row_starts_.empty() ? 0 : row_starts_.back();
  std::vector<std::uint32_t> first(parts + 1, rows_);
  // row_starts_[r]: the points before row r (sort()), never decreasing.
  const auto rows_begin = row_starts_.begin();
  const auto rows_end = row_starts_.empty() ? rows_begin : row_starts_.end() - 1;
  for (std::size_t k = 0; k < parts; ++k) {
    const auto before = static_cast<std::uint32_t>(n * k / parts);
    first[k] = static_cast<std::uint32_t>(std::lower_bound(rows_begin, rows_end, before) - rows_begin);
  }
  return first;
}

}  // namespace meadow::sim
