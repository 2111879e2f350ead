#pragma once
// The squares' running totals for the rows one band of cells reads
// (docs/rules.md "The swarm · Neighbours on the CPU", square_sums.hpp): a rolling window of kRows
// rows of squares rather than a full grid, so what the steering reads stays in cache. Bands of
// cells are visited top to bottom; before band b is read, the bands up to b + kBandsAhead have been
// built into the window, and rows more than kBandsAhead bands above b have been overwritten.
//
// Only the occupied stretch of a row (from the first to the last occupied cell) is written, and a
// row with no fireflies is skipped when reading. The totals themselves are stored once per
// occupied square (see Entry below).
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "sim/cpu_features.hpp"
#include "sim/geometry.hpp"
#include "sim/swarm/lanes.hpp"
#include "sim/swarm/square_reads.hpp"
#include "sim/swarm/square_sums.hpp"

namespace meadow::sim {

class SquareWindow {
 public:
  // Rows of squares a band of cells (two rows of squares) reads: the circle of view (28 units)
  // reaches 7 rows above the band's first row and 8 below it (square_window_test checks it).
  static constexpr std::int32_t kRowsAbove = 7;
  static constexpr float kReach = 28.0F;  // = swarm_rules::kPerception (checked in the .cpp)
  static constexpr std::int32_t kRowsRead = square_reads::kRows;
  // Bands that must be built ahead of the band being read (its last row read is in band b + 4).
  static constexpr std::int32_t kBandsAhead = 4;
  // Ring slots: every row a band reads, plus the band built ahead of the last one it reads.
  static constexpr std::int32_t kRows = kRowsRead + 2;

  // Sizes the window for a grid of squares from `origin` with rows of `columns` squares and
  // `rows` rows, and forgets every row built so far.
  void reset(Vec2 origin, std::uint32_t columns, std::uint32_t rows);

  // A firefly as the squares take it (describe()): its own totals in fixed point, its square, and
  // whether it sees that square. Worked out by build() as it adds the band's fireflies (the first
  // five fields are an entry's totals: one vector addition); own_lanes() gives the same fields
  // for the steer stage, which takes each firefly off what it sees.
  struct alignas(32) Firefly {
    std::uint32_t n, vx, vy, x, y;  // own(): count 1, velocity, position from the origin
    std::int32_t column, row;       // column_of(), row_of()
    std::uint32_t sees_own;         // sees_own_square(): 1 or 0
  };
  [[nodiscard]] Firefly describe(float x, float y, float vx, float vy) const {
    const squares::Totals t = own(x, y, vx, vy);
    return {t.n, t.vx, t.vy, t.x, t.y, column_of(x), row_of(y), sees_own_square(x, y) ? 1U : 0U};
  }
  // describe() for fireflies [begin, end) of these arrays into out[begin, end), eight at a time.
  void describe(std::span<const float> x, std::span<const float> y, std::span<const float> vx,
                std::span<const float> vy, std::size_t begin, std::size_t end, std::span<Firefly> out) const;

  // The fireflies of one band of cells, sorted by cell: positions (units) and velocities
  // (units/step), four arrays of the same length.
  struct Band {
    std::int32_t index = 0;
    std::span<const float> x, y, vx, vy;
  };
  // Builds the running totals of the band's two rows of squares into the window, describing each
  // firefly as it goes (describe(): a few at a time into a buffer that stays in cache, rather than
  // a 32-byte record per firefly written to memory and read back).
  void build(const Band& band) {
    if (avx2_) {
      build_avx2(band);
    } else {
      build_portable(band);
    }
  }

  // Gets ready to read for the fireflies of band `band`: lists its rows that hold fireflies.
  void prepare(std::int32_t band);
  // count, Σv, Σp (positions from the origin) of the fireflies in the squares a firefly at
  // (x, y) in the prepared band sees, itself included (square_reads.hpp).
  // Pure (reads memory, changes none): callers need not reload what they keep around the call.
  [[nodiscard, gnu::pure]] squares::Totals read(float x, float y) const {
    const float sx = scaled(x, origin_.x);
    const float sy = scaled(y, origin_.y);
    return avx2_ ? square_reads::avx2(reads_window(), sx, sy, kReachSquares)
                 : square_reads::portable(reads_window(), sx, sy, kReachSquares);
  }
  // The same in its two stages (square_reads.hpp: why), in either version, for a loop that
  // inlines them: the portable ones anywhere, the AVX2 ones only into code built for AVX2. The
  // chords of a firefly at (x, y); then their totals as one vector (count, Σvx, Σvy, Σx, Σy,
  // then zeros) are square_reads::totals_portable() or totals_avx2() of reads_window(), which
  // such a loop takes once: it stores as it goes, and would otherwise load the window's pointers
  // again for every firefly.
  [[gnu::always_inline]] void chords_portable(float x, float y, square_reads::Chords& out) const {
    square_reads::chords_portable_body(chord_rows_, scaled(x, origin_.x), scaled(y, origin_.y), kReachSquares, out.from,
                                       out.to);
  }
  MEADOW_TARGET_AVX2 void chords_avx2(float x, float y, square_reads::Chords& out) const {
    square_reads::chords_avx2_body(chord_rows_, scaled(x, origin_.x), scaled(y, origin_.y), kReachSquares, out.from,
                                   out.to);
  }
  [[nodiscard, gnu::always_inline]] square_reads::Window reads_window() const {
    return {&chord_rows_, index_.data(), reinterpret_cast<const unsigned char*>(entries_.data())};
  }

  // Square column and row of a point, clamped to the grid like the cells of CellGrid (the same
  // float arithmetic at twice the scale, so a square column halved is the cell column).
  [[nodiscard]] std::int32_t column_of(float x) const { return clamp_index(x - origin_.x, columns_); }
  [[nodiscard]] std::int32_t row_of(float y) const { return clamp_index(y - origin_.y, rows_); }
  // Whether read(x, y) counts the firefly at (x, y) itself: always for one inside the grid (its
  // square's middle is within 2.9 units), not for one far enough outside the world that the
  // border square it counts to is out of its view.
  [[nodiscard]] bool sees_own_square(float x, float y) const {
    const float rx = x - origin_.x;
    const float ry = y - origin_.y;
    if (rx >= 0.0F && ry >= 0.0F && rx < static_cast<float>(columns_) * squares::kSquareSize &&
        ry < static_cast<float>(rows_) * squares::kSquareSize) {
      return true;
    }
    const std::int32_t row = clamp_index(ry, rows_);
    const std::int32_t col = clamp_index(rx, columns_);
    const squares::Span s = squares::chord(rx, ry, (static_cast<float>(row) + 0.5F) * squares::kSquareSize, kReach);
    return col >= s.lo && col < s.end;
  }
  // describe()'s first five fields and sees_own for eight fireflies in lanes, with the same float
  // operations lane by lane: what each subtracts to leave itself out of what it reads. sees_own
  // is all ones (−1) or zero per lane.
  struct OwnLanes {
    lanes::I8 vx, vy, x, y;
    lanes::I8 sees_own;
  };
  [[nodiscard, gnu::always_inline]] OwnLanes own_lanes(lanes::F8 x, lanes::F8 y, lanes::F8 vx, lanes::F8 vy) const {
    const lanes::F8 rx = x - origin_.x;
    const lanes::F8 ry = y - origin_.y;
    return {__builtin_convertvector(vx * squares::kVelocityScale, lanes::I8),
            __builtin_convertvector(vy * squares::kVelocityScale, lanes::I8),
            __builtin_convertvector(rx * squares::kPositionScale, lanes::I8),
            __builtin_convertvector(ry * squares::kPositionScale, lanes::I8), sees_own_lanes(x, y, rx, ry)};
  }
  // A firefly's own totals (what it subtracts from read() to leave itself out).
  [[nodiscard]] squares::Totals own(float x, float y, float vx, float vy) const {
    return {1U, squares::fixed_velocity(vx), squares::fixed_velocity(vy), squares::fixed_position(x - origin_.x),
            squares::fixed_position(y - origin_.y)};
  }

 private:
  // sees_own_square() of eight fireflies at (x, y), (rx, ry) from the origin, as lanes of −1 or 0:
  // those inside the grid see it (one test for all eight, as nearly always), the others ask
  // sees_own_square() one by one.
  [[nodiscard, gnu::always_inline]] lanes::I8 sees_own_lanes(lanes::F8 x, lanes::F8 y, lanes::F8 rx, lanes::F8 ry) const {
    const float width = static_cast<float>(columns_) * squares::kSquareSize;
    const float height = static_cast<float>(rows_) * squares::kSquareSize;
    lanes::I8 inside = (rx >= 0.0F) & (ry >= 0.0F) & (rx < width) & (ry < height);
    if (lanes::any(~inside)) {
      for (int l = 0; l < lanes::kWideWidth; ++l) {
        if (inside[l] == 0) inside[l] = sees_own_square(x[l], y[l]) ? -1 : 0;
      }
    }
    return inside;
  }
  [[nodiscard]] static std::int32_t clamp_index(float p, std::uint32_t n) {
    const float f = p * squares::kInvSquareSize;
    const auto last = static_cast<float>(n - 1);
    const float clamped = f >= 0.0F ? (f < last ? f : last) : 0.0F;
    return static_cast<std::int32_t>(clamped);
  }
  [[nodiscard]] static std::size_t slot_of(std::int32_t row) { return static_cast<std::size_t>(row % kRows); }
  // The reach in squares, and a coordinate in squares from the origin: scaling by a power of two
  // is exact, so these are the same floats divided by 4 and give the same columns as
  // squares::chord.
  static constexpr float kReachSquares = kReach * squares::kInvSquareSize;  // 7 squares
  [[nodiscard, gnu::always_inline]] static float scaled(float p, float origin) {
    return (p - origin) * squares::kInvSquareSize;
  }
  // A row's running totals are kept compactly: one entry per occupied square (an entry holds the
  // totals of the row's squares before it) and, per column of the occupied stretch, the number of
  // the entry that holds the totals left of that column. Squares are mostly empty (at the engine's
  // density a flocked swarm occupies about one square in fifteen), so building a row writes one
  // small index per column and one entry per occupied square rather than a full set of totals per
  // column, and the whole window stays in the level-2 cache.
  //
  // An entry: the row's totals before a square (square_reads.hpp), so that a chord's end is one
  // index load and one entry load, with no address arithmetic.
  using Entry = square_reads::Entry;
  // build() in its portable and AVX2 versions (the same result; avx2_path.hpp), and the body both
  // are compiled from.
  void build_portable(const Band& band);
  void build_avx2(const Band& band);
  void build_body(const Band& band);
  // describe() in its portable and AVX2 versions (the same result), and their body.
  void describe_portable(std::span<const float> x, std::span<const float> y, std::span<const float> vx,
                         std::span<const float> vy, std::size_t begin, std::size_t end, std::span<Firefly> out) const;
  void describe_avx2(std::span<const float> x, std::span<const float> y, std::span<const float> vx,
                     std::span<const float> vy, std::size_t begin, std::size_t end, std::span<Firefly> out) const;
  void describe_body(std::span<const float> x, std::span<const float> y, std::span<const float> vx,
                     std::span<const float> vy, std::size_t begin, std::size_t end, std::span<Firefly> out) const;
  // Writes `value` (an entry's byte offset) into places [from, to) of a slot's index.
  static void fill(std::uint32_t* index, std::int32_t from, std::int32_t to, std::uint32_t value);

  // A row in the window: index places [lo, end] of its slot are valid; outside them the row holds
  // nothing.
  struct Row {
    std::int32_t index = -1;  // which row of the grid; -1: none
    std::int32_t lo = 0;
    std::int32_t end = 0;
    std::uint32_t count = 0;  // fireflies in it
  };

  Vec2 origin_;
  std::uint32_t columns_ = 0;
  std::uint32_t rows_ = 0;
  // Index places fill() writes first whatever the gap, then at a time (it may write up to
  // kFillFirst − 1 past the stretch asked).
  static constexpr std::int32_t kFillFirst = 16;
  static constexpr std::int32_t kFillBlock = 8;
  // Fireflies build() describes at a time (a multiple of the eight describe() takes at once).
  static constexpr std::size_t kDescribeBlock = 64;
  std::size_t stride_ = 0;        // index places per slot: columns + 1, and room for fill()'s last block
  std::size_t entry_stride_ = 0;  // entries per slot: one per square and the empty start
  // kRows slots of stride_ places, then one slot of zeros that the unused read places point into.
  // Each place holds the byte offset of an entry in entries_.
  std::vector<std::uint32_t> index_;
  std::vector<Entry> entries_;  // kRows slots of entry_stride_ entries
  std::array<Row, kRows> row_{};
  // The prepared band's rows that hold fireflies, as read() takes them.
  std::int32_t active_ = 0;
  square_reads::Rows chord_rows_{};
  // Whether build() and read() run their AVX2 versions (the same results whichever;
  // cpu_features.hpp), chosen when the window is made.
  bool avx2_ = use_avx2();
};

}  // namespace meadow::sim
