// The mold network's figures (sim/mold/network_figures.hpp), measured once a second on the sim
// thread: the goal is under 2 ms on the CPU engine's 256 × 144 map and under 40 ms on 1024 × 576.
// BM_mold_figures/<map width>: one iteration = one measure by a NetworkMeter kept between
// measures (as the server keeps one), of a 16:9 map that looks like the default mold: a foam of
// round holes 16 … 32 cells across in a sea of grainy trail, holes as big in cells at every width
// (they follow the sensor distance), so wider maps hold more of them.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <vector>

#include "sim/mold/network_figures.hpp"

// A namespace of this file's own: meadow-bench is built in batches (unity build), where anonymous
// namespaces of different files meet.
namespace mold_figures_bench {
namespace {

using namespace meadow::sim;

constexpr std::uint16_t kFull = mold_rules::kTrailOne;

struct Foam {
  MapSize size;
  std::vector<std::uint16_t> cells;
  std::uint16_t& at(int x, int y) {
    const auto w = static_cast<int>(size.width);
    const auto h = static_cast<int>(size.height);
    return cells[static_cast<std::size_t>((y % h + h) % h) * size.width + static_cast<std::size_t>((x % w + w) % w)];
  }
};

// One diffusion step of the model: each cell its 3 × 3 mean, on the torus.
void diffuse(Foam& m) {
  std::vector<std::uint16_t> out(m.cells.size());
  const auto w = static_cast<int>(m.size.width);
  const auto h = static_cast<int>(m.size.height);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      int sum = 0;
      for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) sum += m.at(x + dx, y + dy);
      }
      out[static_cast<std::size_t>(y * w + x)] = static_cast<std::uint16_t>(sum / 9);
    }
  }
  m.cells = std::move(out);
}

// Agents' deposits on half the cells spread by two steps of diffusion (the sea's grain), then
// round holes with brighter rims, kept 8 cells of sea apart.
Foam foam(std::uint32_t width) {
  Foam m{map_of_width(width), {}};
  m.cells.assign(m.size.cells(), 0);
  std::mt19937 draw(7);
  std::bernoulli_distribution laid(0.5);
  for (auto& c : m.cells) c = laid(draw) ? static_cast<std::uint16_t>(0.07 * kFull) : 0;
  diffuse(m);
  diffuse(m);
  const auto w = static_cast<int>(m.size.width);
  const auto h = static_cast<int>(m.size.height);
  std::uniform_int_distribution<int> along_x(0, w - 1);
  std::uniform_int_distribution<int> along_y(0, h - 1);
  std::uniform_int_distribution<int> radius(8, 16);
  struct Hole {
    int x;
    int y;
    int r;
  };
  std::vector<Hole> holes;
  const int attempts = 4 * w * h / 256;
  for (int attempt = 0; attempt < attempts; ++attempt) {
    const Hole d{along_x(draw), along_y(draw), radius(draw)};
    const bool apart = std::all_of(holes.begin(), holes.end(), [&](const Hole& o) {
      const int dx = std::min(std::abs(d.x - o.x), w - std::abs(d.x - o.x));
      const int dy = std::min(std::abs(d.y - o.y), h - std::abs(d.y - o.y));
      return std::hypot(dx, dy) >= d.r + o.r + 8;
    });
    if (apart) holes.push_back(d);
  }
  for (const Hole& d : holes) {
    for (int dy = -d.r - 2; dy <= d.r + 2; ++dy) {
      for (int dx = -d.r - 2; dx <= d.r + 2; ++dx) {
        const double r = std::hypot(dx, dy);
        if (r < d.r - 0.5) {
          m.at(d.x + dx, d.y + dy) = 0;
        } else if (r <= d.r + 1.5) {
          m.at(d.x + dx, d.y + dy) = static_cast<std::uint16_t>(0.08 * kFull);  // the rim
        }
      }
    }
  }
  diffuse(m);
  return m;
}

void BM_mold_figures(benchmark::State& state) {
  const Foam m = foam(static_cast<std::uint32_t>(state.range(0)));
  const TrailView view{m.size, m.cells};
  NetworkMeter meter;
  NetworkFigures figures = meter.measure(view);  // the buffers grow once, as on the server
  for (auto _ : state) {
    figures = meter.measure(view);
    benchmark::DoNotOptimize(figures);
  }
  state.counters["cells"] = static_cast<double>(m.size.cells());
  state.counters["holes"] = figures.holes;
  state.counters["junctions"] = figures.junctions;
  state.counters["components"] = figures.components;
}
BENCHMARK(BM_mold_figures)->Arg(256)->Arg(512)->Arg(1024)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace mold_figures_bench
