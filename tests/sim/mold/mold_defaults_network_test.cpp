// The defaults make a living network and keep it (docs/mold.md "The model"): from a uniform start,
// a network of many connected strands with holes between them within a minute of steps (3,600),
// still one two minutes in. The hour-long runs are in docs/mold.md (meadow-sim mold); this is their
// short form.
#include <gtest/gtest.h>

#include "app/worker_pool.hpp"
#include "sim/mold/cpu_mold.hpp"
#include "sim/mold/network_figures.hpp"

namespace meadow::sim {
namespace {

// A network, as docs/mold.md counts one: few pieces, many holes, a few junctions a hole. Blobs and
// bands have almost no holes; a collapsed net has a handful.
void expect_network(const NetworkFigures& f, int step) {
  EXPECT_LE(f.components, 3U) << "step " << step;
  EXPECT_GE(f.holes, 15U) << "step " << step;
  const double per_hole = static_cast<double>(f.junctions) / static_cast<double>(std::max(f.holes, 1U));
  EXPECT_GE(per_hole, 1.0) << "step " << step;
  EXPECT_LE(per_hole, 6.0) << "step " << step;
  EXPECT_GT(f.coverage, 0.3) << "step " << step;
  EXPECT_LT(f.coverage, 0.6) << "step " << step;
}

TEST(MoldDefaults, FormANetworkWithinAMinuteAndKeepIt) {
  CpuMold mold(1, map_of_width(mold_rules::kCpuMapWidth), default_mold_settings(mold_rules::kCpuAgents));
  app::WorkerPool pool(2);
  NetworkMeter meter;
  for (int step = 1; step <= 7200; ++step) {
    mold.step({}, pool);
    if (step == 3600 || step == 7200) expect_network(meter.measure(mold.trail()), step);
  }
}

}  // namespace
}  // namespace meadow::sim
