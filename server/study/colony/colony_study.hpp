#pragma once
// The colony study (docs/colony-study.md): the colony run headless, many times faster than real
// time on all cores, over many seeds and settings, to see what the meadow does when left alone.
// Each run is a Colony of its own (seed = first_seed + run), started with `flowers` dropped flowers
// and stepped for `minutes`; once a simulated second the flowers in bloom and the colony's size are
// sampled. A setting may also drop `frogs` frogs (docs/rules.md "The frog") at the start, at spots
// drawn from the run's seed. Runs are independent and deterministic, so the same options give the
// same result whatever the number of threads.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "sim/colony/colony_rules.hpp"

namespace meadow::study {

struct ColonySetting {
  std::string label;  // e.g. "sips_per_flower=60", or "defaults"
  sim::ColonyParams params;
  std::uint32_t frogs = 0;  // frogs dropped at the start of each run
};

struct ColonyStudyOptions {
  std::uint32_t runs = 20;
  double minutes = 10.0;
  std::uint32_t flowers = 3;
  std::uint64_t first_seed = 1;
  unsigned threads = 0;  // 0: every core
};

struct ColonySettingSummary {
  std::string setting;
  double bare_share = 0.0;  // share of sampled seconds with no flower in bloom
  double bloom_mean = 0.0;  // flowers in bloom, over all sampled seconds of all runs
  double bloom_p10 = 0.0;
  double bloom_p90 = 0.0;
  double colony_mean = 0.0;  // living fireflies
  std::uint32_t colony_min = 0;
  std::uint32_t colony_max = 0;
  double extinct_share = 0.0;  // share of runs whose colony died out at some point
  double eaten_mean = 0.0;     // fireflies the frogs ate, per run
  // Per sampled second (index = second), the mean over runs: for the plot.
  std::vector<double> bloom_curve;
  std::vector<double> colony_curve;
};

struct ColonyStudyResult {
  std::vector<ColonySettingSummary> settings;
  double simulated_seconds = 0.0;  // all runs together
  double wall_seconds = 0.0;
  unsigned threads = 1;
};

// Called from worker threads (serialised) after each finished run.
using ColonyStudyProgress = std::function<void(std::size_t done, std::size_t total)>;

// Throws std::invalid_argument when the options cannot work (no runs, no time, more flowers
// or frogs than the meadow takes).
[[nodiscard]] ColonyStudyResult run_colony_study(const std::vector<ColonySetting>& settings,
                                                 const ColonyStudyOptions& options,
                                                 const ColonyStudyProgress& progress = {});

}  // namespace meadow::study
