#pragma once
// The mold study (docs/mold.md "Studying the mold"): the mold (sim::CpuMold) run headless from a
// uniform start, over seeds and settings, its network's figures (sim/mold/network_figures.hpp)
// measured every few steps, to see which settings make a network and whether it lasts. Each run
// is an engine of its own (seed = first_seed + run) on one thread (sim::SerialFor); runs share
// the threads. Runs are deterministic, so the same options give the same figures whatever the
// number of threads (only the timings differ).
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sim/mold/mold_rules.hpp"
#include "sim/mold/mold_settings.hpp"
#include "sim/mold/network_figures.hpp"
#include "sim/mold/trail_map.hpp"
#include "study/study_plot.hpp"

namespace meadow::study {

// --- The points of a study: settings from the command line --------------------------------------

struct MoldPoint {
  std::string label;  // e.g. "sensor_angle=45 turn_angle=22.5", "veins", or "defaults"
  sim::MoldSettings settings;
};

// What the command line says about the settings; `sets` are "key=value", `sweeps`
// "key=v1,v2,...". The keys: mold_study_keys().
struct MoldPointArgs {
  std::string preset;                   // empty: the defaults (sim::default_mold_settings)
  std::optional<std::uint32_t> agents;  // none: mold_default_agents(width)
  std::uint32_t width = sim::mold_rules::kCpuMapWidth;  // map cells across (for the default agents)
  std::vector<std::string> sets;
  std::vector<std::string> sweeps;      // at most two
};

// The keys --set and --sweep take, with their ranges (inclusive) and units.
struct MoldStudyKey {
  std::string_view name;
  double min;
  double max;
  std::string_view unit;
  bool whole;  // a whole number (agents, occupancy)
};
[[nodiscard]] const std::vector<MoldStudyKey>& mold_study_keys();

// The agents of the CPU engine's default (20,480 on 512 × 288: 0.14 a cell) on a map `width`
// cells wide, so that a smaller or larger map has the same density.
[[nodiscard]] std::uint32_t mold_default_agents(std::uint32_t width);

// One point per value of the sweep (first sweep outer, second inner when there are two), each
// from the preset (or the defaults) with the agents and every --set; one point with no sweep.
// Throws std::invalid_argument with a message for people: an unknown preset or key, a value that
// is not a number or out of its range, a malformed assignment, more than two sweeps, a key swept
// twice.
[[nodiscard]] std::vector<MoldPoint> mold_points(const MoldPointArgs& args);

// --- The verdict --------------------------------------------------------------------------------

namespace mold_verdict_rules {
// A network is one connected piece, or a few while pieces join (components).
inline constexpr std::uint32_t kMaxComponents = 10;
// … with many holes: a ring or two, or a ladder of bands, make a few (holes).
inline constexpr std::uint32_t kMinHoles = 8;
// … closed between junctions: a honeycomb has about 2 junctions a hole, a grid of crossing bands
// 1; more than 5 are branches that do not close into holes (a tree, a fur of spurs).
inline constexpr double kMinJunctionsPerHole = 1.0;
inline constexpr double kMaxJunctionsPerHole = 5.0;
// A network that lasts: the last measure is one, and this share of the second half's measures.
inline constexpr double kSteadyShare = 0.75;
}  // namespace mold_verdict_rules

enum class MoldVerdict : std::uint8_t {
  no_structure,    // the last measure has no strand component (an even or noisy map, or none)
  blobs_or_bands,  // strands, but not a lasting network
  network,
};
[[nodiscard]] std::string_view verdict_name(MoldVerdict verdict);

// Junctions per hole; 0 without holes.
[[nodiscard]] double junctions_per_hole(const sim::NetworkFigures& figures);
// One measure is a network: components ≤ kMaxComponents, holes ≥ kMinHoles and
// kMinJunctionsPerHole ≤ junctions per hole ≤ kMaxJunctionsPerHole.
[[nodiscard]] bool is_network(const sim::NetworkFigures& figures);
// A run's verdict from its measures in step order. The second half is the later half of the
// measures (with the last; all of them when there is one). "network": the last measure is a
// network and so are kSteadyShare of the second half's; "no structure": the last measure has no
// component; "blobs or bands" otherwise. An empty series has no structure.
[[nodiscard]] MoldVerdict mold_verdict(const std::vector<sim::NetworkFigures>& series);

// --- Running ------------------------------------------------------------------------------------

struct MoldStudyOptions {
  std::uint32_t runs = 4;
  std::uint64_t steps = 3600;  // a minute of meadow at 60 steps a second
  std::uint64_t every = 600;   // measure every this many steps, and after the last
  std::uint32_t width = sim::mold_rules::kCpuMapWidth;  // map cells across (sim::map_of_width: 16:9)
  std::uint64_t first_seed = 1;
  unsigned threads = 0;        // 0: every core
  std::filesystem::path pgm_dir;  // non-empty: each run's final map as a PGM image there
};

// A figure over the runs of a point.
struct FigureChange {
  double first = 0.0;  // the first measure, mean over runs
  double last = 0.0;   // the last measure, mean over runs
  double low = 0.0;    // the least over the second half of every run
  double high = 0.0;   // the most over the second half of every run
};

struct MoldPointResult {
  std::string label;
  sim::MoldSettings settings;  // agents: as many as the engine holds
  sim::MapSize map;
  std::vector<std::uint64_t> measured_at;  // steps of the measures
  // Per run, its measures (measured_at's steps).
  std::vector<std::vector<sim::NetworkFigures>> runs;
  std::vector<MoldVerdict> run_verdicts;
  MoldVerdict verdict = MoldVerdict::no_structure;  // most runs' (ties: the lesser verdict)
  std::uint32_t verdict_runs = 0;                   // how many runs had it
  FigureChange coverage, components, holes, junctions;
  double junctions_per_hole = 0.0;  // of the last measure, mean over runs
  double ns_per_agent_step = 0.0;   // CPU time of the steps alone (not the measures), over all runs
  // Each figure's mean over runs at each measure (the plot).
  [[nodiscard]] std::vector<double> mean_curve(double (*figure)(const sim::NetworkFigures&)) const;
};

struct MoldStudyResult {
  MoldStudyOptions options;
  std::vector<MoldPointResult> points;
  double wall_seconds = 0.0;
  unsigned threads = 1;
};

// Called (serialised) after each finished run.
using MoldStudyProgress = std::function<void(std::size_t done, std::size_t total)>;

// Throws std::invalid_argument when the options cannot work (no runs or steps, a map out of
// range, more agents than the engine holds there), std::runtime_error when the images cannot be
// written.
[[nodiscard]] MoldStudyResult run_mold_study(const std::vector<MoldPoint>& points, const MoldStudyOptions& options,
                                             const MoldStudyProgress& progress = {});

// --- Reports ------------------------------------------------------------------------------------

// A table: per point the last measure's figures (means over runs), each figure's change
// ("first>last [low..high]" over the second half), the verdict with how many runs had it, and
// ns per agent-step.
[[nodiscard]] std::string mold_table(const MoldStudyResult& result);
// JSON: an array with one object per point: point, settings {agents, sensor_angle, turn_angle,
// sensor_distance, deposit, decay, diffusion, occupancy}, map {width, height}, runs, steps,
// final {coverage, components, holes, junctions, junctions_per_hole}, change {coverage,
// components, holes, junctions: {first, last, second_half_min, second_half_max}}, verdict,
// verdict_runs, run_verdicts, ns_per_agent_step, series {steps, coverage, components, holes,
// junctions: means over runs}.
[[nodiscard]] std::string mold_json(const MoldStudyResult& result);
// Holes and coverage (%) over time, one line per point.
[[nodiscard]] StudyPlot mold_plot(const MoldStudyResult& result);

// The map as a binary PGM image (P5, 8 bits): the brightest cell white, no trail black.
[[nodiscard]] std::string pgm_image(const sim::TrailView& trail);
// The name of run `run`'s image of point `point`: "<point>-<label with spaces as _>-seed<seed>.pgm".
[[nodiscard]] std::string pgm_name(std::size_t point, const std::string& label, std::uint64_t seed);

}  // namespace meadow::study
