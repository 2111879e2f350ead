// The mold network's figures (sim/mold/network_figures.hpp) on hand-made maps: rings, grids, a
// honeycomb's topology, blobs, bands, noise, each drawn on the torus like the trail map.
#include "sim/mold/network_figures.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <numbers>
#include <random>
#include <string>
#include <utility>
#include <vector>

// A namespace of this file's own: the test target is built in batches (unity build), where
// anonymous namespaces of different files meet.
namespace meadow::sim::network_figures_test {
namespace {

constexpr std::uint16_t kFull = mold_rules::kTrailOne;
constexpr MapSize kDefault{256, 144};  // the CPU engine's map
constexpr MapSize kLarge{512, 288};    // the GPU engine's

// A trail map drawn by hand; drawing wraps at the edges like the map.
struct Map {
  MapSize size;
  std::vector<std::uint16_t> cells;

  explicit Map(MapSize s, std::uint16_t value = 0) : size(s), cells(std::size_t{s.cells()}, value) {}
  std::uint16_t& at(int x, int y) {
    const auto w = static_cast<int>(size.width);
    const auto h = static_cast<int>(size.height);
    const auto cx = static_cast<std::size_t>(((x % w) + w) % w);
    const auto cy = static_cast<std::size_t>(((y % h) + h) % h);
    return cells[cy * size.width + cx];
  }
  [[nodiscard]] TrailView view() const { return TrailView{size, cells}; }
  [[nodiscard]] std::size_t count(std::uint16_t value) const {
    return static_cast<std::size_t>(std::count(cells.begin(), cells.end(), value));
  }
  [[nodiscard]] int width() const { return static_cast<int>(size.width); }
  [[nodiscard]] int height() const { return static_cast<int>(size.height); }
};

// Cells whose centre lies between r_in and r_out of (cx, cy) (cell centres at whole numbers).
void draw_annulus(Map& m, int cx, int cy, double r_in, double r_out, std::uint16_t value = kFull) {
  const int reach = static_cast<int>(r_out) + 1;
  for (int dy = -reach; dy <= reach; ++dy) {
    for (int dx = -reach; dx <= reach; ++dx) {
      const double d = std::hypot(dx, dy);
      if (d >= r_in && d <= r_out) m.at(cx + dx, cy + dy) = value;
    }
  }
}

void draw_disc(Map& m, int cx, int cy, double r, std::uint16_t value = kFull) {
  draw_annulus(m, cx, cy, 0.0, r, value);
}

// Lines `width` cells wide every `spacing` cells both ways, shifted by `offset` cells.
void draw_grid(Map& m, int spacing, int width, int offset = 0, std::uint16_t value = kFull) {
  for (int y = 0; y < m.height(); ++y) {
    for (int x = 0; x < m.width(); ++x) {
      if ((x + offset) % spacing < width || (y + offset) % spacing < width) m.at(x, y) = value;
    }
  }
}

// Lines at ±45°, `width` cells a row, every `period` cells along x.
void draw_diamonds(Map& m, int period, int width) {
  for (int y = 0; y < m.height(); ++y) {
    for (int x = 0; x < m.width(); ++x) {
      if ((x + y) % period < width || ((x - y) % period + period) % period < width) m.at(x, y) = kFull;
    }
  }
}

// A brick wall: the topology of a honeycomb (each brick touches six junctions, each junction
// three bricks).
void draw_bricks(Map& m, int brick_width, int brick_height, int width) {
  for (int y = 0; y < m.height(); ++y) {
    const int shift = (y / brick_height) % 2 * brick_width / 2;
    for (int x = 0; x < m.width(); ++x) {
      if (y % brick_height < width || (x + shift) % brick_width < width) m.at(x, y) = kFull;
    }
  }
}

void draw_band(Map& m, int top, int rows) {
  for (int y = top; y < top + rows; ++y) {
    for (int x = 0; x < m.width(); ++x) m.at(x, y) = kFull;
  }
}

void fill_noise(Map& m, std::uint32_t seed, int low, int high) {
  std::mt19937 draw(seed);
  std::uniform_int_distribution<int> value(low, high);
  for (auto& c : m.cells) c = static_cast<std::uint16_t>(value(draw));
}

// One diffusion step of the model (each cell becomes its 3 × 3 mean, on the torus): soft strands
// like the engine's.
void diffuse(Map& m) {
  Map out(m.size);
  for (int y = 0; y < m.height(); ++y) {
    for (int x = 0; x < m.width(); ++x) {
      int sum = 0;
      for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) sum += m.at(x + dx, y + dy);
      }
      out.at(x, y) = static_cast<std::uint16_t>(sum / 9);
    }
  }
  m = out;
}

// A random network on the torus: the edges of the Voronoi cells of `seeds` points kept apart
// (strands where the two nearest points are within `strand_cells` of equally far). Three cells
// meet at each corner, so on a torus (V − E + F = 0, 2E = 3V) it has twice as many junctions as
// holes, exactly.
Map voronoi_network(MapSize size, int seeds, std::uint32_t seed) {
  Map m(size);
  const double w = size.width;
  const double h = size.height;
  const auto apart = [&](double ax, double ay, double bx, double by) {
    const double dx = std::min(std::fabs(ax - bx), w - std::fabs(ax - bx));
    const double dy = std::min(std::fabs(ay - by), h - std::fabs(ay - by));
    return std::hypot(dx, dy);
  };
  std::mt19937 draw(seed);
  std::uniform_real_distribution<double> along_x(0.0, w);
  std::uniform_real_distribution<double> along_y(0.0, h);
  const double min_gap = 0.6 * std::sqrt(w * h / seeds);
  std::vector<std::pair<double, double>> points;
  while (static_cast<int>(points.size()) < seeds) {
    const double x = along_x(draw);
    const double y = along_y(draw);
    if (std::all_of(points.begin(), points.end(),
                    [&](const auto& p) { return apart(x, y, p.first, p.second) >= min_gap; })) {
      points.emplace_back(x, y);
    }
  }
  constexpr double kStrandCells = 3.0;
  // Squared distances to the two nearest points (the map is small enough to ask every point).
  const auto apart_squared = [&](double ax, double ay, double bx, double by) {
    double dx = std::fabs(ax - bx);
    double dy = std::fabs(ay - by);
    dx = dx < w - dx ? dx : w - dx;
    dy = dy < h - dy ? dy : h - dy;
    return dx * dx + dy * dy;
  };
  for (int y = 0; y < m.height(); ++y) {
    for (int x = 0; x < m.width(); ++x) {
      double first = 1e18;
      double second = 1e18;
      for (const auto& [px, py] : points) {
        const double d = apart_squared(x + 0.5, y + 0.5, px, py);
        if (d < first) {
          second = first;
          first = d;
        } else if (d < second) {
          second = d;
        }
      }
      if (std::sqrt(second) - std::sqrt(first) < kStrandCells) m.at(x, y) = kFull;
    }
  }
  return m;
}

// The default mold's look: a sea of grainy trail with round holes nearly empty of trail,
// brighter at their rims. The grain is the model's own: agents' deposits (half the cells, 0.07 of
// a cell each) spread by two steps of diffusion, a sea at 0.035 ± 0.008 of a cell in grains some
// 3 cells across. Returns the map and how many holes were cut.
std::pair<Map, std::uint32_t> foam(MapSize size, std::uint32_t seed) {
  Map m(size);
  {
    std::mt19937 deposits(seed + 1000);
    std::bernoulli_distribution laid(0.5);
    for (auto& c : m.cells) c = laid(deposits) ? static_cast<std::uint16_t>(0.07 * kFull) : 0;
  }
  diffuse(m);
  diffuse(m);
  std::mt19937 draw(seed);
  std::uniform_int_distribution<int> along_x(0, m.width() - 1);
  std::uniform_int_distribution<int> along_y(0, m.height() - 1);
  std::uniform_int_distribution<int> radius(8, 16);
  constexpr int kSeaBetween = 8;  // cells of sea at least between two holes
  struct Disc {
    int x;
    int y;
    int r;
  };
  std::vector<Disc> discs;
  const auto apart = [&](const Disc& a, const Disc& b) {
    const int dx = std::min(std::abs(a.x - b.x), m.width() - std::abs(a.x - b.x));
    const int dy = std::min(std::abs(a.y - b.y), m.height() - std::abs(a.y - b.y));
    return std::hypot(dx, dy) >= a.r + b.r + kSeaBetween;
  };
  for (int attempt = 0; attempt < 4000; ++attempt) {
    const Disc d{along_x(draw), along_y(draw), radius(draw)};
    if (std::all_of(discs.begin(), discs.end(), [&](const Disc& o) { return apart(d, o); })) discs.push_back(d);
  }
  for (const Disc& d : discs) {
    draw_annulus(m, d.x, d.y, d.r, d.r + 1.5, static_cast<std::uint16_t>(kFull * 8 / 100));  // the rim
    draw_disc(m, d.x, d.y, d.r - 0.5, 0);
  }
  diffuse(m);
  return {m, static_cast<std::uint32_t>(discs.size())};
}

NetworkFigures measure(const Map& m) { return measure_network(m.view()); }

// The exact coverage: cells strictly above the mean, in integers.
double exact_coverage(const Map& m) {
  std::uint64_t sum = 0;
  for (const auto c : m.cells) sum += c;
  const auto n = static_cast<std::uint64_t>(m.cells.size());
  const auto above = std::count_if(m.cells.begin(), m.cells.end(), [&](std::uint16_t c) { return c * n > sum; });
  return static_cast<double>(above) / static_cast<double>(n);
}

class NetworkFiguresOnSize : public ::testing::TestWithParam<MapSize> {};
INSTANTIATE_TEST_SUITE_P(FigureMaps, NetworkFiguresOnSize, ::testing::Values(kDefault, kLarge),
                         [](const ::testing::TestParamInfo<MapSize>& size) {
                           return std::to_string(size.param.width) + "x" + std::to_string(size.param.height);
                         });

TEST_P(NetworkFiguresOnSize, OneRingIsOneComponentAroundOneHoleWithoutJunctions) {
  Map m(GetParam());
  constexpr double kInner = 20.0;
  constexpr double kOuter = 24.0;
  draw_annulus(m, 100, 70, kInner, kOuter);
  const NetworkFigures f = measure(m);
  EXPECT_EQ(f.components, 1U);
  EXPECT_EQ(f.holes, 1U);
  EXPECT_EQ(f.junctions, 0U);
  const double cells = GetParam().cells();
  EXPECT_DOUBLE_EQ(f.coverage, static_cast<double>(m.count(kFull)) / cells);
  EXPECT_DOUBLE_EQ(f.mean, static_cast<double>(m.count(kFull)) / cells);
  // The drawn area is the ring's within a cell's rounding along its two edges.
  const double area = std::numbers::pi * (kOuter * kOuter - kInner * kInner);
  const double edges = 2.0 * std::numbers::pi * (kOuter + kInner);
  EXPECT_NEAR(f.coverage, area / cells, 0.5 * edges / cells);
}

TEST_P(NetworkFiguresOnSize, ARingAcrossTheWrapIsStillOneComponentAroundOneHole) {
  const auto w = static_cast<int>(GetParam().width);
  const auto h = static_cast<int>(GetParam().height);
  for (const auto& [cx, cy] : {std::pair{0, 0}, std::pair{3, h / 2}, std::pair{w / 2, h - 2}, std::pair{w - 1, h - 1}}) {
    Map m(GetParam());
    draw_annulus(m, cx, cy, 20.0, 24.0);
    const NetworkFigures f = measure(m);
    EXPECT_EQ(f.components, 1U) << "ring at " << cx << ", " << cy;
    EXPECT_EQ(f.holes, 1U) << "ring at " << cx << ", " << cy;
    EXPECT_EQ(f.junctions, 0U) << "ring at " << cx << ", " << cy;
  }
}

TEST_P(NetworkFiguresOnSize, AGridHasAHolePerSquareAndAJunctionPerCrossing) {
  constexpr int kSpacing = 16;
  const auto squares = (GetParam().width / kSpacing) * (GetParam().height / kSpacing);
  for (const int width : {2, 3}) {
    for (const int offset : {0, kSpacing - 1}) {  // the second straddles the map's edges
      Map m(GetParam());
      draw_grid(m, kSpacing, width, offset);
      const NetworkFigures f = measure(m);
      EXPECT_EQ(f.components, 1U) << "width " << width << " offset " << offset;
      EXPECT_EQ(f.holes, squares) << "width " << width << " offset " << offset;
      EXPECT_EQ(f.junctions, squares) << "width " << width << " offset " << offset;
    }
  }
}

TEST_P(NetworkFiguresOnSize, DiagonalStrandsCrossAtJunctionsToo) {
  constexpr int kPeriod = 16;
  const auto crossings = 2 * (GetParam().width / kPeriod) * (GetParam().height / kPeriod);
  for (const int width : {3, 4}) {  // cells a row: 2.1 and 2.8 cells across the strand
    Map m(GetParam());
    draw_diamonds(m, kPeriod, width);
    const NetworkFigures f = measure(m);
    EXPECT_EQ(f.components, 1U) << "width " << width;
    EXPECT_EQ(f.holes, crossings) << "width " << width;
    EXPECT_EQ(f.junctions, crossings) << "width " << width;
  }
}

TEST_P(NetworkFiguresOnSize, AHoneycombHasTwoJunctionsPerHole) {
  constexpr int kBrickWidth = 32;
  constexpr int kBrickHeight = 18;  // 144 / 18 = 8 rows: the offset rows tile the torus
  const auto bricks = (GetParam().width / kBrickWidth) * (GetParam().height / kBrickHeight);
  for (const int width : {2, 3, 4}) {
    Map m(GetParam());
    draw_bricks(m, kBrickWidth, kBrickHeight, width);
    const NetworkFigures f = measure(m);
    EXPECT_EQ(f.components, 1U) << "width " << width;
    EXPECT_EQ(f.holes, bricks) << "width " << width;
    EXPECT_EQ(f.junctions, 2 * bricks) << "width " << width;
  }
}

TEST_P(NetworkFiguresOnSize, ASoftRandomNetworkHasFewComponentsManyHolesAndTwoJunctionsPerHole) {
  // About one hole per 900 cells (30 cells across), with the model's diffusion on its strands.
  const int seeds = static_cast<int>(GetParam().cells() / 900);
  for (const std::uint32_t seed : {5U, 6U}) {
    Map m = voronoi_network(GetParam(), seeds, seed);
    for (int i = 0; i < 3; ++i) diffuse(m);
    const NetworkFigures f = measure(m);
    EXPECT_EQ(f.components, 1U) << "seed " << seed;
    EXPECT_EQ(f.holes, static_cast<std::uint32_t>(seeds)) << "seed " << seed;
    // Two Voronoi corners closer than a strand's width are one place where strands meet.
    const double per_hole = static_cast<double>(f.junctions) / static_cast<double>(f.holes);
    EXPECT_GE(per_hole, 1.7) << "seed " << seed;
    EXPECT_LE(per_hole, 2.0) << "seed " << seed;
  }
}

TEST_P(NetworkFiguresOnSize, AGrainyFoamHasAHolePerBubbleAndTwoJunctionsPerHole) {
  for (const std::uint32_t seed : {1U, 2U, 3U}) {
    const auto [m, bubbles] = foam(GetParam(), seed);
    ASSERT_GE(bubbles, 10U);
    NetworkMeter meter;
    const NetworkFigures f = meter.measure(m.view());
    EXPECT_EQ(f.components, 1U) << "seed " << seed;
    // Every bubble, and now and then a darker patch of grain the size of a small hole (measured
    // over 20 seeds: up to 2 more at 256 × 144, up to 7 more, 6 %, at 512 × 288).
    EXPECT_GE(f.holes, bubbles) << "seed " << seed;
    EXPECT_LE(f.holes, bubbles + bubbles / 16 + 1) << "seed " << seed;
    const double per_hole = static_cast<double>(f.junctions) / static_cast<double>(f.holes);
    EXPECT_GE(per_hole, 1.85) << "seed " << seed;
    EXPECT_LE(per_hole, 2.05) << "seed " << seed;
    // The grain lies across the mean: a threshold above the mean would riddle the sea.
    EXPECT_LT(meter.strand_threshold(), f.mean * kFull) << "seed " << seed;
  }
}

TEST_P(NetworkFiguresOnSize, BlobsAreComponentsWithoutHolesOrJunctions) {
  Map m(GetParam());
  draw_disc(m, 40, 40, 10.0);
  draw_disc(m, 120, 60, 14.0);
  draw_disc(m, 200, 100, 8.0);
  draw_disc(m, 60, 110, 12.0);
  draw_disc(m, m.width() - 3, 2, 9.0);  // across the map's corner: one blob
  const NetworkFigures f = measure(m);
  EXPECT_EQ(f.components, 5U);
  EXPECT_EQ(f.holes, 0U);
  EXPECT_EQ(f.junctions, 0U);
}

TEST_P(NetworkFiguresOnSize, BandsAcrossTheMapEncloseNoHoles) {
  // Between bands that span the map the gaps run round the torus: they are not enclosed.
  for (const int bands : {2, 3}) {
    Map m(GetParam());
    const int gap = m.height() / bands;
    for (int b = 0; b < bands; ++b) draw_band(m, b * gap - 3, 6);  // the first straddles the top edge
    const NetworkFigures f = measure(m);
    EXPECT_EQ(f.components, static_cast<std::uint32_t>(bands));
    EXPECT_EQ(f.holes, 0U) << bands << " bands";
    EXPECT_EQ(f.junctions, 0U) << bands << " bands";
  }
}

TEST_P(NetworkFiguresOnSize, IidNoiseIsNoNetwork) {
  Map grid(GetParam());
  draw_grid(grid, 16, 2);
  const NetworkFigures network = measure(grid);
  for (const std::uint32_t seed : {1U, 2U, 3U, 42U}) {
    Map m(GetParam());
    fill_noise(m, seed, 0, kFull);
    const NetworkFigures f = measure(m);
    EXPECT_NEAR(f.mean, 0.5, 0.01) << "seed " << seed;
    EXPECT_NEAR(f.coverage, 0.5, 0.01) << "seed " << seed;
    EXPECT_DOUBLE_EQ(f.coverage, exact_coverage(m)) << "seed " << seed;
    // Smoothed, noise is an even grey over the threshold: one blob covering the map. Bounds, not
    // equalities, for the odd darker spot (measured: 1 component, 0 holes, 0 junctions).
    EXPECT_LE(f.components, 1U) << "seed " << seed;
    EXPECT_LE(f.holes, 1U) << "seed " << seed;
    EXPECT_LE(f.junctions, 2U) << "seed " << seed;
    EXPECT_LE(f.junctions * 50, network.junctions) << "seed " << seed;
  }
}

TEST_P(NetworkFiguresOnSize, ANearlyEmptyMapHasNoStrands) {
  Map m(GetParam());
  fill_noise(m, 7, 0, kFull / 100);  // all ≤ 0.01
  const NetworkFigures f = measure(m);
  EXPECT_EQ(f.components, 0U);
  EXPECT_EQ(f.holes, 0U);
  EXPECT_EQ(f.junctions, 0U);
  EXPECT_NEAR(f.mean, 0.005, 0.0005);
  EXPECT_DOUBLE_EQ(f.coverage, exact_coverage(m));
  EXPECT_NEAR(f.coverage, 0.5, 0.02);
  // A faint network is no network either while nothing reaches the floor.
  Map faint(GetParam());
  draw_grid(faint, 16, 3, 0, kFull / 100);
  const NetworkFigures g = measure(faint);
  EXPECT_EQ(g.components, 0U);
  EXPECT_EQ(g.holes, 0U);
  EXPECT_EQ(g.junctions, 0U);
}

TEST_P(NetworkFiguresOnSize, EmptyAndConstantMapsCoverNothing) {
  for (const std::uint16_t value : {std::uint16_t{0}, std::uint16_t{1}, std::uint16_t{2000}, kFull}) {
    const Map m(GetParam(), value);
    const NetworkFigures f = measure(m);
    EXPECT_EQ(f.coverage, 0.0) << "value " << value;  // nothing strictly above the mean
    EXPECT_DOUBLE_EQ(f.mean, static_cast<double>(value) / kFull) << "value " << value;
    EXPECT_EQ(f.components, 0U) << "value " << value;
    EXPECT_EQ(f.holes, 0U) << "value " << value;
    EXPECT_EQ(f.junctions, 0U) << "value " << value;
  }
}

TEST_P(NetworkFiguresOnSize, SaturatedFoodDoesNotHideFaintStrands) {
  // Strands at 0.05 of a cell (the default foam's level), and food spots held at a full cell
  // where strands cross: a threshold that followed the map's maximum would lie above every strand.
  constexpr int kSpacing = 16;
  const auto squares = (GetParam().width / kSpacing) * (GetParam().height / kSpacing);
  constexpr auto kFaint = static_cast<std::uint16_t>(0.05 * kFull);
  Map m(GetParam());
  draw_grid(m, kSpacing, 3, 0, kFaint);
  for (int i = 0; i < 6; ++i) draw_disc(m, 1 + kSpacing * (2 + 2 * i), 1 + kSpacing * (1 + i % 3), 3.0);
  NetworkMeter meter;
  const NetworkFigures f = meter.measure(m.view());
  EXPECT_LE(meter.strand_threshold(), kFaint);
  EXPECT_EQ(f.components, 1U);
  EXPECT_EQ(f.holes, squares);
  EXPECT_EQ(f.junctions, squares);
}

TEST_P(NetworkFiguresOnSize, UnevenStrandsOnANoisyGroundStillCount) {
  // Strands at 0.8 … 1, the ground at 0 … 0.2, both iid cell by cell.
  constexpr int kSpacing = 16;
  const auto squares = (GetParam().width / kSpacing) * (GetParam().height / kSpacing);
  Map m(GetParam());
  Map strands(GetParam());
  draw_grid(strands, kSpacing, 3);
  std::mt19937 draw(11);
  std::uniform_int_distribution<int> wobble(0, kFull / 5);
  for (std::size_t i = 0; i < m.cells.size(); ++i) {
    const int w = wobble(draw);
    m.cells[i] = static_cast<std::uint16_t>(strands.cells[i] != 0 ? kFull - w : w);
  }
  const NetworkFigures f = measure(m);
  EXPECT_EQ(f.components, 1U);
  EXPECT_EQ(f.holes, squares);
  EXPECT_EQ(f.junctions, squares);
}

TEST(NetworkFigures, ThreadsOneCellWideAreStrandsToo) {
  // The smoothing spreads a bright thread over 5 cells; it stays a strand.
  Map m(kDefault);
  draw_grid(m, 16, 1);
  const NetworkFigures f = measure(m);
  EXPECT_EQ(f.components, 1U);
  EXPECT_EQ(f.holes, 144U);
  EXPECT_EQ(f.junctions, 144U);
  EXPECT_DOUBLE_EQ(f.coverage, exact_coverage(m));
}

TEST(NetworkFigures, CoverageCountsOnlyCellsStrictlyAboveTheMean) {
  Map m(MapSize{30, 10});
  for (std::size_t i = 0; i < m.cells.size(); ++i) m.cells[i] = static_cast<std::uint16_t>(i % 3);  // mean 1
  EXPECT_DOUBLE_EQ(measure(m).coverage, 1.0 / 3.0);
  EXPECT_DOUBLE_EQ(measure(m).mean, 1.0 / kFull);
}

void draw_block(Map& m, int left, int top, int width, int height, std::uint16_t value = kFull) {
  for (int y = top; y < top + height; ++y) {
    for (int x = left; x < left + width; ++x) m.at(x, y) = value;
  }
}

TEST(NetworkFigures, SpecksAreNotComponents) {
  Map m(kDefault);
  draw_disc(m, 100, 70, 15.0);
  draw_block(m, 30, 30, 4, 3);  // 12 cells: still a speck once smoothed
  EXPECT_EQ(measure(m).components, 1U);
  draw_block(m, 200, 100, 6, 6);  // 36 cells: a piece
  EXPECT_EQ(measure(m).components, 2U);
}

TEST(NetworkFigures, PinholesAreNotHolesAndMakeNoJunctions) {
  Map pinhole(kDefault);
  draw_disc(pinhole, 100, 70, 15.0);
  draw_block(pinhole, 98, 68, 4, 4, 0);  // a few cells below the threshold once smoothed
  NetworkFigures f = measure(pinhole);
  EXPECT_EQ(f.components, 1U);
  EXPECT_EQ(f.holes, 0U);
  EXPECT_EQ(f.junctions, 0U);
  Map hole(kDefault);
  draw_disc(hole, 100, 70, 15.0);
  draw_block(hole, 97, 67, 7, 7, 0);
  f = measure(hole);
  EXPECT_EQ(f.components, 1U);
  EXPECT_EQ(f.holes, 1U);
  EXPECT_EQ(f.junctions, 0U);
}

TEST(NetworkFigures, ABandRoundTheMapIsOneComponentEvenOnNarrowMaps) {
  for (const MapSize size : {MapSize{16, 9}, MapSize{4, 4}, MapSize{2, 8}, MapSize{1, 6}, MapSize{6, 1},
                              MapSize{2, 2}, MapSize{1, 1}}) {
    Map m(size);
    for (int y = 0; y < m.height(); ++y) {
      m.at(0, y) = kFull;
      m.at(1, y) = kFull;
    }
    const NetworkFigures f = measure(m);
    EXPECT_EQ(f.holes, 0U) << size.width << " x " << size.height;
    EXPECT_EQ(f.junctions, 0U) << size.width << " x " << size.height;
  }
  const Map none(MapSize{0, 0});
  EXPECT_EQ(measure(none), NetworkFigures{});
}

TEST(NetworkFigures, AMeterReusedOnMapsOfAnySizeMeasuresAsAFreshOne) {
  Map ring(kLarge);
  draw_annulus(ring, 200, 100, 30.0, 35.0);
  Map grid(kDefault);
  draw_grid(grid, 16, 3);
  Map noise(kDefault);
  fill_noise(noise, 3, 0, kFull);
  Map bricks(kLarge);
  draw_bricks(bricks, 32, 18, 3);
  NetworkMeter meter;
  for (int round = 0; round < 2; ++round) {
    for (const Map* m : {&ring, &grid, &noise, &bricks, &grid}) {
      EXPECT_EQ(meter.measure(m->view()), measure(*m));
    }
  }
}

}  // namespace
}  // namespace meadow::sim::network_figures_test
