#pragma once
// The figures of the mold's network (docs/mold.md "The network's figures"), measured about once a
// second (mold_rules::kFiguresEverySteps) on the trail map, sent to viewers and used by the tests
// that check that the defaults form a living network and keep it. A network has few components,
// many holes and about two junctions per hole (a honeycomb: six junctions round each hole, each
// shared by three holes; on a torus any network whose junctions join three strands has exactly two
// per hole, by Euler's formula); blobs and bands have almost none, and neither has iid noise.
//
// What each figure means (the map is a torus: everything below wraps at the edges):
// - mean: the map's mean trail, 0 … 1.
// - coverage: the share of cells whose trail is strictly above the mean, 0 … 1 (exact).
// - strand cells: cells of the map smoothed by kSmoothingPasses of the 3 × 3 mean whose smoothed
//   trail is at least the strand threshold
//     threshold = max(kStrandFloor, kStrandShare × peak)
//     peak      = the smoothed trail that the brightest kPeakTopShare of the above-mean cells reach
//   and none at all on a map where no cell is above the mean (a constant map).
//   Why so: the default mold is a foam, round holes nearly empty of trail in a sea of grainy trail
//   (grains a few cells across, from single agents; on the CPU engine's defaults the sea runs
//   from about 0.2 to a full cell and the mean is about 0.35). The holes are what is nearly empty,
//   so the threshold is a share of the strands' level. A point half way from the mean to the
//   strands' top would cut through the grain: on that foam it finds 35 holes where there are 10
//   (190 for 30 on the 512-wide map). Smoothing first (twice the model's own diffusion) evens out
//   the grain, which is finer than any hole; it also turns iid noise into an even grey, all above
//   the threshold: one blob without holes or junctions, not a network. The peak is a high quantile
//   of the above-mean cells rather than the maximum, so that food and the attract tool, which hold
//   their cells at a full cell, do not lift the threshold over faint strands. The floor keeps a
//   nearly empty map (all ≤ 0.01: nothing laid yet, or the last of a fading trail) strandless.
// - components: 8-connected pieces of strand cells with at least kMinComponentCells cells
//   (specks are not counted).
// - holes: 4-connected regions of non-strand cells (4 against the strands' 8, so that a strand
//   one cell wide on a diagonal still closes a hole) with at least kMinHoleCells cells that do not
//   wrap round the torus. A region wraps when the labelling reaches one of its cells by two ways
//   that differ by a whole turn of the map (it holds a loop round the torus): the background of a
//   sparse map, the gaps between bands that span the map. Those are not enclosed by strands.
//   Smaller regions (pinholes) are filled before thinning, so the skeleton loops round holes only.
// - junctions: places where three or more strands meet. The strand cells (pinholes filled) are
//   thinned to a skeleton one cell wide (Zhang & Suen 1984, on the torus; the 4-connected stairs
//   it leaves on diagonal strands are then cut to 8-connected diagonals); a junction is an
//   8-connected cluster of skeleton cells with three skeleton neighbours or more that three or
//   more branches leave. (The smoothing leaves strands' edges even, so the skeleton has no spurs
//   worth pruning: on the default foam, pruning spurs of up to 8 cells changed no count.)
#include <array>
#include <cstdint>
#include <vector>

#include "sim/mold/trail_map.hpp"

namespace meadow::sim {

namespace network_rules {

// Passes of the model's 3 × 3 mean over the map before strands are sought (passes): two even out
// the grain of single agents' trails (about 3 cells) and keep holes (tens of cells) as they are.
inline constexpr std::uint32_t kSmoothingPasses = 2;
// The strand threshold is this share of the peak (0 … 1). Measured on the CPU engine's default
// foam (256 wide with 10 240 agents, 512 wide with 65 536; steps 600 … 7 200): 0.3 and 0.4 find
// the same holes, give or take the smallest; from 0.5 the grain of the sea opens false ones (17
// holes for 10). Hand-made two-level maps are found whole from 0.3 to 0.4.
inline constexpr double kStrandShare = 0.4;
// The peak is the smoothed trail that this share of the above-mean cells reach (0 … 1: 0.1 makes
// it their 90th percentile).
inline constexpr double kPeakTopShare = 0.1;
// The strand threshold's floor, of a full cell: a map with no smoothed cell at 1.5 % of a full
// cell holds no network (the default foam's threshold is about 0.37). A fading map falls under it
// within about 30 steps of its last agent.
inline constexpr double kStrandFloor = 0.015;
// The fewest 8-connected strand cells that make a component (cells): a 4 × 4 patch. A strand
// piece of the default network is at least a sensor distance long (9 cells) and two wide.
inline constexpr std::uint32_t kMinComponentCells = 16;
// The fewest 4-connected non-strand cells that make a hole (cells): a 3 × 3 gap; smaller ones are
// pinholes between grains.
inline constexpr std::uint32_t kMinHoleCells = 9;

}  // namespace network_rules

struct NetworkFigures {
  double coverage = 0;            // share of cells whose trail is above the map's mean, 0 … 1
  std::uint32_t components = 0;   // separate pieces of strand (specks not counted)
  std::uint32_t holes = 0;        // gaps enclosed by strands (pinholes not counted)
  std::uint32_t junctions = 0;    // places where three or more strands meet
  double mean = 0;                // the map's mean trail, 0 … 1
  friend bool operator==(const NetworkFigures&, const NetworkFigures&) = default;
};

// Measures the figures, keeping its buffers from one measure to the next so that the sim thread
// does not allocate each second. Time and memory are linear in the map's cells (about 10 bytes a
// cell held between measures, more on maps of many small pieces).
class NetworkMeter {
 public:
  [[nodiscard]] NetworkFigures measure(const TrailView& trail);
  // The strand threshold of the last measure, on the smoothed map (fixed point,
  // mold_rules::kTrailOne = 1.0); above kTrailOne when no cell could be strand.
  [[nodiscard]] std::uint32_t strand_threshold() const { return threshold_; }

 private:
  static constexpr std::uint32_t kNoStrands = mold_rules::kTrailOne + 1;

  struct Cell {
    std::uint32_t x;
    std::uint32_t y;
  };
  // Whole turns round the map, in x and y: where a cell lies on the unwrapped plane relative to
  // another of its region.
  struct Turns {
    std::int32_t x;
    std::int32_t y;
  };

  bool measure_levels(const TrailView& trail, NetworkFigures& figures);
  void smooth(const TrailView& trail);
  void find_strands(bool anything_above_mean);
  void label_regions();
  void count_regions(NetworkFigures& figures);
  void thin();
  void unstair();
  void count_junctions(NetworkFigures& figures);

  std::uint32_t new_region(std::uint8_t strand);
  std::uint32_t find_region(std::uint32_t region, Turns& to_root);
  void join_regions(std::uint32_t a, std::uint32_t b, Turns b_from_a);
  [[nodiscard]] bool is_pinhole(std::uint32_t root) const;

  [[nodiscard]] std::uint32_t index(Cell c) const { return c.y * width_ + c.x; }
  // The cell `dx`, `dy` cells away (each −1, 0 or 1), across the wrap.
  [[nodiscard]] Cell neighbour(Cell c, int dx, int dy) const;

  // skeleton_ has a border of one cell round the map holding copies of the cells across the wrap,
  // so that a cell's neighbours lie at fixed offsets (ring_offsets) from its index there, p.
  [[nodiscard]] Cell cell_at(std::uint32_t p) const;
  // The cell a border copy stands for (p itself for a cell of the map).
  [[nodiscard]] std::uint32_t original(std::uint32_t p) const;
  [[nodiscard]] std::array<std::uint32_t, 8> ring_offsets() const;
  // The skeleton neighbours of p as bits: N, NE, E, SE, S, SW, W, NW from bit 0.
  [[nodiscard]] std::uint32_t ring(std::uint32_t p) const;
  // Whether two cells are the same or 8-neighbours, across the wrap.
  [[nodiscard]] bool touching(std::uint32_t a, std::uint32_t b) const;
  // Takes p off the skeleton, with its copies in the border.
  void erase_from_skeleton(std::uint32_t p);

  std::uint32_t width_ = 0;
  std::uint32_t height_ = 0;
  std::uint32_t padded_width_ = 0;  // width_ + 2
  std::uint32_t mean_ = 0;  // the map's mean trail, rounded down (fixed point)
  std::uint32_t threshold_ = kNoStrands;
  std::vector<std::uint32_t> histogram_;    // cells of each trail value
  std::vector<std::uint16_t> smooth_;       // the smoothed map
  std::vector<std::uint16_t> smooth_back_;  // the smoothing's other buffer
  std::vector<std::uint32_t> row_sums_;     // the smoothing's sums of three, three rows of them
  std::vector<std::uint8_t> strand_;        // 1: strand cell
  // Bit 0: on the thinned strands (more bits in the .cpp); with a border round the map.
  std::vector<std::uint8_t> skeleton_;
  std::vector<std::uint32_t> region_of_;    // each cell's region label (strand or not)
  // Union-find over region labels: parent, turns from the parent, region kind and, at roots,
  // whether the region wraps round the map and its cells.
  std::vector<std::uint32_t> region_parent_;
  std::vector<Turns> region_turns_;
  std::vector<std::uint8_t> region_strand_;
  std::vector<std::uint8_t> region_wraps_;
  std::vector<std::uint32_t> region_cells_;
  // Cells by their index in skeleton_: the thinning's candidates (with a mark in the top bit, see
  // the .cpp), the cells it peels in a step, the skeleton, a junction's cluster and exits.
  std::vector<std::uint32_t> candidates_;
  std::vector<std::uint32_t> next_candidates_;
  std::vector<std::uint32_t> doomed_;
  std::vector<std::uint32_t> skeleton_cells_;
  std::vector<std::uint32_t> cluster_;
  std::vector<std::uint32_t> exits_;
  std::vector<std::uint32_t> exit_parent_;  // union-find over exits_
};

// One measure with buffers of its own (tests, tools); the server keeps a NetworkMeter.
[[nodiscard]] NetworkFigures measure_network(const TrailView& trail);

}  // namespace meadow::sim
