#include "sim/mold/network_figures.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <utility>

namespace meadow::sim {

namespace {

using mold_rules::kTrailOne;

// The neighbours of a cell, in the order of a ring's bits (clockwise on the map, y down).
constexpr std::array<int, 8> kRingDx{0, 1, 1, 1, 0, -1, -1, -1};
constexpr std::array<int, 8> kRingDy{-1, -1, 0, 1, 1, 1, 0, -1};
constexpr std::uint32_t kN = 1U << 0U;
constexpr std::uint32_t kE = 1U << 2U;
constexpr std::uint32_t kS = 1U << 4U;
constexpr std::uint32_t kW = 1U << 6U;
constexpr std::uint32_t kFullRing = 0xFFU;

// Runs of set neighbours round the ring (Zhang & Suen's A(P1): 0 → 1 steps going round): 1 on a
// strand's end or side, 2 or more where the cell joins parts that would part without it.
constexpr std::uint32_t runs(std::uint32_t ring) {
  std::uint32_t count = 0;
  for (std::uint32_t i = 0; i < 8; ++i) {
    const bool here = ((ring >> i) & 1U) != 0;
    const bool next = ((ring >> ((i + 1) % 8)) & 1U) != 0;
    if (!here && next) ++count;
  }
  return count;
}

// Zhang & Suen (1984): a cell is peeled when it lies on the edge (2 … 6 neighbours, one run, so
// that peeling it neither cuts a strand nor eats a strand's end) and, in the first sub-iteration,
// on a south or east edge or a north-west corner, in the second on a north or west edge or a
// south-east corner.
constexpr bool peelable(std::uint32_t ring, std::uint32_t sub_iteration) {
  const int neighbours = std::popcount(ring);
  if (neighbours < 2 || neighbours > 6 || runs(ring) != 1) return false;
  const auto all = [ring](std::uint32_t bits) { return (ring & bits) == bits; };
  if (sub_iteration == 0) return !all(kN | kE | kS) && !all(kE | kS | kW);
  return !all(kN | kE | kW) && !all(kN | kS | kW);
}

// A staircase corner of a skeleton (Zhang & Suen leave strands that run diagonally as 4-connected
// stairs, on which no cell shows where strands meet): the cell has two straight neighbours at a
// right angle, and going leaves its neighbours 8-connected as they were (Yokoi's 8-connectivity
// number is 1), so taking it away leaves a diagonal strand one cell wide.
constexpr bool stair_corner(std::uint32_t ring) {
  const auto set = [ring](std::uint32_t k) { return ((ring >> (k % 8)) & 1U) != 0; };
  std::uint32_t connectivity = 0;  // Yokoi's number: 8-connected pieces round the cell, bar holes
  for (std::uint32_t k = 0; k < 8; k += 2) {
    if (!set(k) && (set(k + 1) || set(k + 2))) ++connectivity;
  }
  const bool corner = (set(0) && set(2)) || (set(2) && set(4)) || (set(4) && set(6)) || (set(6) && set(0));
  return corner && connectivity == 1;
}

struct RingTables {
  std::array<std::uint8_t, 256> neighbours{};
  std::array<std::array<bool, 256>, 2> peelable{};
  std::array<bool, 256> stair_corner{};
};

constexpr RingTables make_ring_tables() {
  RingTables t;
  for (std::uint32_t r = 0; r < 256; ++r) {
    t.neighbours[r] = static_cast<std::uint8_t>(std::popcount(r));
    t.peelable[0][r] = peelable(r, 0);
    t.peelable[1][r] = peelable(r, 1);
    t.stair_corner[r] = stair_corner(r);
  }
  return t;
}

constexpr RingTables kRing = make_ring_tables();

// A skeleton cell with this many skeleton neighbours or more may be where strands meet.
constexpr std::uint32_t kBranchyNeighbours = 3;
// Strands meet where at least this many branches leave a cluster of branchy cells.
constexpr std::uint32_t kJunctionBranches = 3;

// skeleton_'s bits: on the skeleton; queued for the thinning's next step; branchy; reached by the
// search of branchy clusters; a branch leaving the cluster being looked at; a cell on the map's
// edge (it has copies in the border); a copy in the border (bit 0 as its original's).
constexpr std::uint8_t kOnSkeleton = 1;
constexpr std::uint8_t kQueued = 2;
constexpr std::uint8_t kBranchy = 4;
constexpr std::uint8_t kReached = 8;
constexpr std::uint8_t kExit = 16;
constexpr std::uint8_t kEdge = 32;
constexpr std::uint8_t kCopy = 64;
// A thinning candidate's mark that its neighbourhood changed since it was last tested, in the top
// bit of its index, which the widest map leaves free.
constexpr std::uint32_t kFresh = 1U << 31U;
static_assert(std::uint64_t{mold_rules::kMaxMapWidth + 2} *
                      (mold_rules::kMaxMapWidth * mold_rules::kMapAspectHigh / mold_rules::kMapAspectWide + 2) <
                  kFresh,
              "a bordered map's cell indices must leave the top bit free");

// The neighbours on the skeleton of the cell at p in a bordered layer `width` wide, as ring bits
// (bit 0 of each byte). A free function so that the thinning's loops inline it.
inline std::uint32_t ring_at(const std::uint8_t* layer, std::uint32_t p, std::uint32_t width) {
  const std::uint8_t* up = layer + (p - width);
  const std::uint8_t* here = layer + p;
  const std::uint8_t* down = layer + (p + width);
  const auto bit = [](std::uint8_t cell, std::uint32_t k) { return (cell & 1U) << k; };
  return bit(up[0], 0) | bit(up[1], 1) | bit(here[1], 2) | bit(down[1], 3) | bit(down[0], 4) | bit(down[-1], 5) |
         bit(here[-1], 6) | bit(up[-1], 7);
}

// The smoothing's kernel: the model's diffusion, each cell the mean of its 3 × 3 block.
constexpr std::uint32_t kBlockCells = 9;

}  // namespace

NetworkMeter::Cell NetworkMeter::neighbour(Cell c, int dx, int dy) const {
  Cell n = c;
  if (dx < 0) n.x = c.x == 0 ? width_ - 1 : c.x - 1;
  if (dx > 0) n.x = c.x + 1 == width_ ? 0 : c.x + 1;
  if (dy < 0) n.y = c.y == 0 ? height_ - 1 : c.y - 1;
  if (dy > 0) n.y = c.y + 1 == height_ ? 0 : c.y + 1;
  return n;
}

NetworkMeter::Cell NetworkMeter::cell_at(std::uint32_t p) const {
  return Cell{p % padded_width_ - 1, p / padded_width_ - 1};
}

std::uint32_t NetworkMeter::original(std::uint32_t p) const {
  if ((skeleton_[p] & kCopy) == 0) return p;
  std::uint32_t x = p % padded_width_;
  std::uint32_t y = p / padded_width_;
  x = x == 0 ? width_ : x == width_ + 1 ? 1 : x;
  y = y == 0 ? height_ : y == height_ + 1 ? 1 : y;
  return y * padded_width_ + x;
}

bool NetworkMeter::touching(std::uint32_t a, std::uint32_t b) const {
  const Cell ca = cell_at(a);
  const Cell cb = cell_at(b);
  const std::uint32_t dx = ca.x > cb.x ? ca.x - cb.x : cb.x - ca.x;
  const std::uint32_t dy = ca.y > cb.y ? ca.y - cb.y : cb.y - ca.y;
  return std::min(dx, width_ - dx) <= 1 && std::min(dy, height_ - dy) <= 1;
}

std::uint32_t NetworkMeter::ring(std::uint32_t p) const { return ring_at(skeleton_.data(), p, padded_width_); }

void NetworkMeter::erase_from_skeleton(std::uint32_t p) {
  const bool on_edge = (skeleton_[p] & kEdge) != 0;
  skeleton_[p] = on_edge ? kEdge : 0;
  if (!on_edge) return;
  // Its copies in the border, across the wrap.
  const Cell c = cell_at(p);
  const std::array<std::uint32_t, 3> columns{c.x + 1, c.x == 0 ? width_ + 1 : c.x + 1, c.x + 1 == width_ ? 0 : c.x + 1};
  const std::array<std::uint32_t, 3> rows{c.y + 1, c.y == 0 ? height_ + 1 : c.y + 1, c.y + 1 == height_ ? 0 : c.y + 1};
  for (const std::uint32_t row : rows) {
    for (const std::uint32_t column : columns) {
      std::uint8_t& cell = skeleton_[row * padded_width_ + column];
      if ((cell & kCopy) != 0) cell = kCopy;
    }
  }
}

NetworkFigures NetworkMeter::measure(const TrailView& trail) {
  NetworkFigures figures;
  width_ = trail.size.width;
  height_ = trail.size.height;
  threshold_ = kNoStrands;
  if (trail.size.cells() == 0 || trail.cells.size() < trail.size.cells()) return figures;
  const bool anything_above_mean = measure_levels(trail, figures);
  smooth(trail);
  find_strands(anything_above_mean);
  label_regions();
  count_regions(figures);
  thin();
  unstair();
  count_junctions(figures);
  return figures;
}

// The mean and the coverage from the map's histogram, exactly (in integers). Says whether any cell
// lies above the mean.
bool NetworkMeter::measure_levels(const TrailView& trail, NetworkFigures& figures) {
  const std::uint32_t cells = trail.size.cells();
  histogram_.assign(kTrailOne + 1, 0);
  for (std::uint32_t i = 0; i < cells; ++i) ++histogram_[std::min<std::uint32_t>(trail.cells[i], kTrailOne)];
  std::uint64_t sum = 0;
  for (std::uint32_t v = 0; v <= kTrailOne; ++v) sum += std::uint64_t{v} * histogram_[v];
  // The least value strictly above the mean: v · cells > sum.
  const auto above_mean = static_cast<std::uint32_t>(sum / cells) + 1;
  std::uint64_t above = 0;
  for (std::uint32_t v = above_mean; v <= kTrailOne; ++v) above += histogram_[v];
  figures.mean = static_cast<double>(sum) / static_cast<double>(cells) / kTrailOne;
  figures.coverage = static_cast<double>(above) / static_cast<double>(cells);
  mean_ = static_cast<std::uint32_t>(sum / cells);
  return above > 0;
}

// kSmoothingPasses of the 3 × 3 mean into smooth_, on the torus: each pass sums rows of three,
// then three of those sums.
void NetworkMeter::smooth(const TrailView& trail) {
  const std::uint32_t cells = trail.size.cells();
  smooth_.resize(cells);
  for (std::uint32_t i = 0; i < cells; ++i) {
    smooth_[i] = static_cast<std::uint16_t>(std::min<std::uint32_t>(trail.cells[i], kTrailOne));
  }
  smooth_back_.resize(cells);
  row_sums_.resize(std::size_t{3} * width_);
  for (std::uint32_t pass = 0; pass < network_rules::kSmoothingPasses; ++pass) {
    const auto sum_row = [&](std::uint32_t y, std::uint32_t* out) {
      const std::uint16_t* row = &smooth_[std::size_t{y} * width_];
      for (std::uint32_t x = 0; x < width_; ++x) {
        const std::uint32_t left = x == 0 ? width_ - 1 : x - 1;
        const std::uint32_t right = x + 1 == width_ ? 0 : x + 1;
        out[x] = std::uint32_t{row[left]} + row[x] + row[right];
      }
    };
    std::uint32_t* above = &row_sums_[0];
    std::uint32_t* here = &row_sums_[width_];
    std::uint32_t* below = &row_sums_[std::size_t{2} * width_];
    sum_row(height_ - 1, above);
    sum_row(0, here);
    for (std::uint32_t y = 0; y < height_; ++y) {
      sum_row(y + 1 == height_ ? 0 : y + 1, below);
      std::uint16_t* out = &smooth_back_[std::size_t{y} * width_];
      for (std::uint32_t x = 0; x < width_; ++x) {
        out[x] = static_cast<std::uint16_t>((above[x] + here[x] + below[x] + kBlockCells / 2) / kBlockCells);
      }
      std::swap(above, here);  // the rows move up one: above ← here ← below
      std::swap(here, below);
    }
    std::swap(smooth_, smooth_back_);
  }
}

// The strand threshold from the smoothed map's histogram, then the strand mask.
void NetworkMeter::find_strands(bool anything_above_mean) {
  const auto cells = static_cast<std::uint32_t>(smooth_.size());
  strand_.assign(cells, 0);
  if (!anything_above_mean) return;  // a constant map: nothing stands out
  histogram_.assign(kTrailOne + 1, 0);
  for (const std::uint16_t v : smooth_) ++histogram_[v];
  std::uint64_t above = 0;
  for (std::uint32_t v = mean_ + 1; v <= kTrailOne; ++v) above += histogram_[v];
  // The peak: the value that the brightest kPeakTopShare of the above-mean cells reach.
  const auto wanted = std::max<std::uint64_t>(
      1, static_cast<std::uint64_t>(static_cast<double>(above) * network_rules::kPeakTopShare));
  std::uint32_t peak = kTrailOne;
  for (std::uint64_t reached = 0; peak > 0; --peak) {
    reached += histogram_[peak];
    if (reached >= wanted) break;
  }
  const double threshold = std::max(network_rules::kStrandFloor * kTrailOne, network_rules::kStrandShare * peak);
  threshold_ = static_cast<std::uint32_t>(std::ceil(threshold));
  for (std::uint32_t i = 0; i < cells; ++i) strand_[i] = smooth_[i] >= threshold_ ? 1 : 0;
}

std::uint32_t NetworkMeter::new_region(std::uint8_t strand) {
  const auto region = static_cast<std::uint32_t>(region_parent_.size());
  region_parent_.push_back(region);
  region_turns_.push_back({0, 0});
  region_strand_.push_back(strand);
  region_wraps_.push_back(0);
  return region;
}

// The root of `region`'s set, with the turns from the root to `region`; compresses the path.
std::uint32_t NetworkMeter::find_region(std::uint32_t region, Turns& to_root) {
  std::uint32_t root = region;
  Turns sum{0, 0};
  while (region_parent_[root] != root) {
    sum.x += region_turns_[root].x;
    sum.y += region_turns_[root].y;
    root = region_parent_[root];
  }
  Turns left = sum;
  for (std::uint32_t r = region; r != root;) {
    const std::uint32_t parent = region_parent_[r];
    const Turns step = region_turns_[r];
    region_parent_[r] = root;
    region_turns_[r] = left;
    left.x -= step.x;
    left.y -= step.y;
    r = parent;
  }
  to_root = sum;
  return root;
}

// Joins the regions of two neighbouring cells, b lying `b_from_a` turns from a on the unwrapped
// plane. Two cells already joined at other turns close a loop round the torus.
void NetworkMeter::join_regions(std::uint32_t a, std::uint32_t b, Turns b_from_a) {
  Turns a_turns{};
  Turns b_turns{};
  const std::uint32_t root_a = find_region(a, a_turns);
  const std::uint32_t root_b = find_region(b, b_turns);
  // Where b's root lies from a's root.
  const Turns roots{b_from_a.x + a_turns.x - b_turns.x, b_from_a.y + a_turns.y - b_turns.y};
  if (root_a == root_b) {
    if (roots.x != 0 || roots.y != 0) region_wraps_[root_a] = 1;
    return;
  }
  // The older label stays the root (labels grow in scan order, which keeps the trees shallow).
  if (root_a < root_b) {
    region_parent_[root_b] = root_a;
    region_turns_[root_b] = roots;
    region_wraps_[root_a] |= region_wraps_[root_b];
  } else {
    region_parent_[root_a] = root_b;
    region_turns_[root_a] = Turns{-roots.x, -roots.y};
    region_wraps_[root_b] |= region_wraps_[root_a];
  }
}

// Labels the regions in one pass over the map, cut open at its edges (the classic two-pass
// labelling with union-find: strand cells join their strand neighbours W, NW, N, NE, other cells
// their non-strand neighbours W, N), then joins the regions across the edges, one turn apart.
void NetworkMeter::label_regions() {
  region_of_.resize(strand_.size());
  region_parent_.clear();
  region_turns_.clear();
  region_strand_.clear();
  region_wraps_.clear();
  constexpr Turns kSameTurn{0, 0};
  for (std::uint32_t y = 0; y < height_; ++y) {
    for (std::uint32_t x = 0; x < width_; ++x) {
      const std::uint32_t i = y * width_ + x;
      const std::uint8_t strand = strand_[i];
      std::uint32_t region = ~0U;
      const auto meet = [&](std::uint32_t n) {
        if (strand_[n] != strand) return;
        if (region == ~0U) {
          region = region_of_[n];
        } else if (region_of_[n] != region) {
          join_regions(region, region_of_[n], kSameTurn);
        }
      };
      if (y > 0) meet(i - width_);
      if (x > 0) meet(i - 1);
      if (strand != 0 && y > 0) {
        if (x > 0) meet(i - width_ - 1);
        if (x + 1 < width_) meet(i - width_ + 1);
      }
      region_of_[i] = region != ~0U ? region : new_region(strand);
    }
  }
  // Across the edges: the last column's cells meet the first column's, one turn on in x; the
  // last row's the first row's, one turn on in y (strand cells diagonally too).
  const auto meet_across = [&](Cell a, int dx, int dy) {
    const Cell b = neighbour(a, dx, dy);
    const std::uint32_t ia = index(a);
    const std::uint32_t ib = index(b);
    if (strand_[ia] != strand_[ib]) return;
    const Turns turns{dx > 0 && b.x <= a.x ? 1 : dx < 0 && b.x >= a.x ? -1 : 0,
                      dy > 0 && b.y <= a.y ? 1 : dy < 0 && b.y >= a.y ? -1 : 0};
    join_regions(region_of_[ia], region_of_[ib], turns);
  };
  for (std::uint32_t y = 0; y < height_; ++y) {
    const Cell a{width_ - 1, y};
    meet_across(a, 1, 0);
    if (strand_[index(a)] != 0) {
      meet_across(a, 1, -1);
      meet_across(a, 1, 1);
    }
  }
  for (std::uint32_t x = 0; x < width_; ++x) {
    const Cell a{x, height_ - 1};
    meet_across(a, 0, 1);
    if (strand_[index(a)] != 0) {
      meet_across(a, -1, 1);
      meet_across(a, 1, 1);
    }
  }
}

// Components (strand regions) and holes (non-strand regions that do not wrap), by their cells.
void NetworkMeter::count_regions(NetworkFigures& figures) {
  const auto regions = static_cast<std::uint32_t>(region_parent_.size());
  Turns unused{};
  for (std::uint32_t r = 0; r < regions; ++r) region_parent_[r] = find_region(r, unused);
  region_cells_.assign(regions, 0);
  for (const std::uint32_t region : region_of_) ++region_cells_[region_parent_[region]];
  for (std::uint32_t r = 0; r < regions; ++r) {
    if (region_parent_[r] != r) continue;
    if (region_strand_[r] != 0) {
      if (region_cells_[r] >= network_rules::kMinComponentCells) ++figures.components;
    } else if (region_wraps_[r] == 0 && region_cells_[r] >= network_rules::kMinHoleCells) {
      ++figures.holes;
    }
  }
}

bool NetworkMeter::is_pinhole(std::uint32_t root) const {
  return region_strand_[root] == 0 && region_wraps_[root] == 0 && region_cells_[root] < network_rules::kMinHoleCells;
}

// Zhang & Suen's thinning of the strand mask into skeleton_, on the torus, with the pinholes
// (non-strand regions too small to be holes) filled first so that the skeleton loops round holes
// only. Only cells whose neighbourhood changed are tested again: a cell that neither rule peels
// stays unpeelable until a neighbour goes, so each step tests the neighbours of the cells just
// peeled plus the cells tested under one rule only since their last change.
void NetworkMeter::thin() {
  padded_width_ = width_ + 2;
  skeleton_.resize(std::size_t{padded_width_} * (height_ + 2));
  for (std::uint32_t y = 0; y < height_; ++y) {
    std::uint8_t* row = &skeleton_[std::size_t{y + 1} * padded_width_];
    for (std::uint32_t x = 0; x < width_; ++x) {
      const std::uint32_t i = y * width_ + x;
      const bool on = strand_[i] != 0 || is_pinhole(region_parent_[region_of_[i]]);
      const bool edge = x == 0 || x + 1 == width_ || y == 0 || y + 1 == height_;
      row[x + 1] = static_cast<std::uint8_t>((on ? kOnSkeleton : 0) | (edge ? kEdge : 0));
    }
  }
  // The border: copies of the cells across the wrap (rows first, then columns with the corners).
  for (std::uint32_t x = 1; x <= width_; ++x) {
    skeleton_[x] = static_cast<std::uint8_t>((skeleton_[std::size_t{height_} * padded_width_ + x] & 1U) | kCopy);
    skeleton_[std::size_t{height_ + 1} * padded_width_ + x] =
        static_cast<std::uint8_t>((skeleton_[padded_width_ + x] & 1U) | kCopy);
  }
  for (std::uint32_t y = 0; y < height_ + 2; ++y) {
    std::uint8_t* row = &skeleton_[std::size_t{y} * padded_width_];
    row[0] = static_cast<std::uint8_t>((row[width_] & 1U) | kCopy);
    row[width_ + 1] = static_cast<std::uint8_t>((row[1] & 1U) | kCopy);
  }
  candidates_.clear();
  for (std::uint32_t y = 1; y <= height_; ++y) {
    for (std::uint32_t p = y * padded_width_ + 1; p <= y * padded_width_ + width_; ++p) {
      if ((skeleton_[p] & kOnSkeleton) != 0 && ring_at(skeleton_.data(), p, padded_width_) != kFullRing) {
        candidates_.push_back(p | kFresh);
      }
    }
  }
  const std::array<std::uint32_t, 8> offsets = ring_offsets();
  for (std::uint32_t step = 0; !candidates_.empty(); ++step) {
    const std::uint32_t sub_iteration = step % 2;
    doomed_.clear();
    for (const std::uint32_t c : candidates_) {
      const std::uint32_t p = c & ~kFresh;
      skeleton_[p] &= static_cast<std::uint8_t>(~kQueued);
      if (kRing.peelable[sub_iteration][ring_at(skeleton_.data(), p, padded_width_)]) doomed_.push_back(p);
    }
    for (const std::uint32_t p : doomed_) erase_from_skeleton(p);  // together: the rule is parallel
    next_candidates_.clear();
    const auto queue = [&](std::uint32_t p, std::uint32_t fresh) {
      std::uint8_t& cell = skeleton_[p];
      if ((cell & (kOnSkeleton | kQueued)) != kOnSkeleton) return;  // off the skeleton, or queued
      cell |= kQueued;
      next_candidates_.push_back(p | fresh);
    };
    for (const std::uint32_t p : doomed_) {
      for (const std::uint32_t offset : offsets) queue(original(p + offset), kFresh);
    }
    for (const std::uint32_t c : candidates_) {
      if ((c & kFresh) != 0) queue(c & ~kFresh, 0);
    }
    std::swap(candidates_, next_candidates_);
  }
  skeleton_cells_.clear();
  for (std::uint32_t y = 1; y <= height_; ++y) {
    for (std::uint32_t p = y * padded_width_ + 1; p <= y * padded_width_ + width_; ++p) {
      if ((skeleton_[p] & kOnSkeleton) != 0) skeleton_cells_.push_back(p);
    }
  }
}

// Takes the staircase corners out of the skeleton, one at a time in scan order (each leaves its
// neighbours connected as they were, so the skeleton keeps its pieces and loops).
void NetworkMeter::unstair() {
  for (const std::uint32_t p : skeleton_cells_) {
    if (kRing.stair_corner[ring(p)]) erase_from_skeleton(p);
  }
}

// Junctions: 8-connected clusters of branchy skeleton cells that at least kJunctionBranches
// branches leave. (A cell count alone would miss strands crossing on the diagonal, which thin to
// a 2 × 2 block with four branches and no cell with three runs round it.)
void NetworkMeter::count_junctions(NetworkFigures& figures) {
  for (const std::uint32_t p : skeleton_cells_) {
    if ((skeleton_[p] & kOnSkeleton) == 0) continue;
    const std::uint32_t around = ring(p);
    // A cell with all 8 neighbours on the skeleton lies inside a piece the thinning could not peel
    // (strand over the whole torus, without an edge to start from): no place where strands meet.
    if (kRing.neighbours[around] >= kBranchyNeighbours && around != kFullRing) skeleton_[p] |= kBranchy;
  }
  const std::array<std::uint32_t, 8> offsets = ring_offsets();
  for (const std::uint32_t start : skeleton_cells_) {
    if ((skeleton_[start] & (kBranchy | kReached)) != kBranchy) continue;
    // The cluster, by a breadth-first search over a list (no recursion), and the skeleton cells
    // next to it that are not in it: where branches leave.
    cluster_.assign(1, start);
    skeleton_[start] |= kReached;
    for (std::size_t next = 0; next < cluster_.size(); ++next) {
      const std::uint32_t p = cluster_[next];
      for (const std::uint32_t offset : offsets) {
        const std::uint32_t n = original(p + offset);
        std::uint8_t& cell = skeleton_[n];
        if ((cell & kOnSkeleton) == 0) continue;
        if ((cell & kBranchy) != 0) {
          if ((cell & kReached) == 0) {
            cell |= kReached;
            cluster_.push_back(n);
          }
        } else if ((cell & kExit) == 0) {
          cell |= kExit;
          exits_.push_back(n);
        }
      }
    }
    // Branches: the exits in 8-connected groups (a branch may touch the cluster with two cells),
    // by union-find over the few exits.
    const auto exits = static_cast<std::uint32_t>(exits_.size());
    exit_parent_.resize(exits);
    for (std::uint32_t e = 0; e < exits; ++e) exit_parent_[e] = e;
    const auto root = [&](std::uint32_t e) {
      while (exit_parent_[e] != e) e = exit_parent_[e];
      return e;
    };
    std::uint32_t branches = exits;
    for (std::uint32_t a = 0; a < exits; ++a) {
      for (std::uint32_t b = a + 1; b < exits; ++b) {
        if (!touching(exits_[a], exits_[b])) continue;
        const std::uint32_t ra = root(a);
        const std::uint32_t rb = root(b);
        if (ra == rb) continue;
        exit_parent_[std::max(ra, rb)] = std::min(ra, rb);
        --branches;
      }
    }
    for (const std::uint32_t e : exits_) skeleton_[e] &= static_cast<std::uint8_t>(~kExit);
    exits_.clear();
    if (branches >= kJunctionBranches) ++figures.junctions;
  }
}

std::array<std::uint32_t, 8> NetworkMeter::ring_offsets() const {
  // In the order of a ring's bits; unsigned arithmetic wraps, so adding "−1" works.
  const std::uint32_t w = padded_width_;
  return {0U - w, 1U - w, 1U, w + 1U, w, w - 1U, 0U - 1U, 0U - w - 1U};
}

NetworkFigures measure_network(const TrailView& trail) {
  NetworkMeter meter;
  return meter.measure(trail);
}

}  // namespace meadow::sim
