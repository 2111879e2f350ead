#pragma once
// The confusion study (docs/pond.md "The confusion effect"): the pond's predator
// (sim/pond/pond_confusion.hpp) hunting schools of every size and cohesion, several seeded runs
// each, its catch rate measured: how many fish it catches a minute, each fish's risk, how often
// fish crossing its view make it lose its target. Runs share the threads; each is deterministic, so
// the figures do not depend on the number of threads.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "sim/pond/pond_confusion.hpp"
#include "study/study_plot.hpp"

namespace meadow::study {

struct PondStudyOptions {
  std::vector<std::uint32_t> fish = {5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60};
  std::vector<double> cohesion = {0.0, 0.025, 0.05};  // pixels a step²
  double max_speed_px = sim::pond_rules::kDefaultMaxSpeedPx;
  std::uint32_t runs = 4;      // seeds 1 … runs
  double minutes = 3.0;        // of hunting a run, after the school's warm-up
  unsigned threads = 0;        // 0: every core
};

struct PondStudyPoint {
  std::uint32_t fish = 0;
  double cohesion_px = 0.0;
  double catches_per_minute = 0.0;  // mean over runs
  double risk_per_fish = 0.0;       // catches a minute ÷ fish
  double lost_per_minute = 0.0;     // targets lost to fish crossing its view
  double crossings_per_step = 0.0;  // fish across its view while it chases
  double spread_px = 0.0;           // the school's mean distance from its centre, source pixels
};

struct PondStudyResult {
  PondStudyOptions options;
  std::vector<PondStudyPoint> points;  // cohesion outer, fish inner
  double wall_seconds = 0.0;
  unsigned threads = 1;
};

using PondStudyProgress = std::function<void(std::size_t done, std::size_t total)>;

// Throws std::invalid_argument for options that cannot work (no runs, no minutes, a school or a
// cohesion outside the pond's live ranges).
[[nodiscard]] PondStudyResult run_pond_study(const PondStudyOptions& options, const PondStudyProgress& progress = {});

[[nodiscard]] std::string pond_table(const PondStudyResult& result);
// JSON: an array, one object per point: fish, cohesion, catches_per_minute, risk_per_fish,
// lost_per_minute, crossings_per_step, spread_px; runs and minutes with each.
[[nodiscard]] std::string pond_json(const PondStudyResult& result);
// Catches a minute and each fish's risk against the school's size (x: fish, evenly spaced from the
// first), one line per cohesion.
[[nodiscard]] StudyPlot pond_plot(const PondStudyResult& result);

}  // namespace meadow::study
