#include "study/mold/mold_study.hpp"

#include <fmt/format.h>
#include <time.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <exception>
#include <fstream>
#include <limits>
#include <optional>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <utility>

#include "sim/mold/cpu_mold.hpp"
#include "sim/mold/mold_rules.hpp"
#include "sim/parallel_for.hpp"
#include "study/study_jobs.hpp"
#include "study/parse_number.hpp"
#include "study/study_report.hpp"

namespace meadow::study {

namespace {

// Steps of the meadow a minute (60 a second): the plot's x axis.
constexpr double kMoldStepsPerMinute = 3600.0;
// The largest 8-bit grey of a PGM image.
constexpr std::uint32_t kPgmWhite = 255;

// --- Parsing --------------------------------------------------------------------------------------

std::string key_names() {
  std::string names;
  for (const MoldStudyKey& k : mold_study_keys()) names += (names.empty() ? "" : ", ") + std::string(k.name);
  return names;
}

const MoldStudyKey& key_named(const std::string& name, const std::string& where) {
  for (const MoldStudyKey& k : mold_study_keys()) {
    if (k.name == name) return k;
  }
  throw std::invalid_argument(where + ": unknown key '" + name + "'; the keys are " + key_names());
}

// `text` as a value of `key`, or a message for people naming `where` it came from.
double value_of(const MoldStudyKey& key, const std::string& text, const std::string& where) {
  const std::optional<double> parsed = parse_number(text);
  if (!parsed) throw std::invalid_argument(where + ": '" + text + "' is not a number");
  const double value = *parsed;
  if (value < key.min || value > key.max || (key.whole && value != std::floor(value))) {
    throw std::invalid_argument(fmt::format("{}: {} must be {}{:.10g} to {:.10g} ({}), not {}", where, key.name,
                                            key.whole ? "a whole number from " : "", key.min, key.max, key.unit,
                                            text));
  }
  return value;
}

void apply_key(sim::MoldSettings& s, const MoldStudyKey& key, double value) {
  const auto f = static_cast<float>(value);
  if (key.name == "agents") s.agents = static_cast<std::uint32_t>(value);
  if (key.name == "sensor_angle") s.sensor_angle_deg = f;
  if (key.name == "turn_angle") s.turn_angle_deg = f;
  if (key.name == "sensor_distance") s.sensor_distance = f;
  if (key.name == "deposit") s.deposit = f;
  if (key.name == "decay") s.decay = f;
  if (key.name == "diffusion") s.diffusion = f;
  if (key.name == "occupancy") s.occupancy = value != 0.0;
}

// "KEY=REST" → the pair; `form` says what was expected.
std::pair<std::string, std::string> split_key(const std::string& text, const char* option, const char* form) {
  const auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size()) {
    throw std::invalid_argument(std::string(option) + " '" + text + "': expected " + form);
  }
  return {text.substr(0, eq), text.substr(eq + 1)};
}

struct Sweep {
  const MoldStudyKey* key;
  std::vector<std::string> texts;  // as written, for the labels
  std::vector<double> values;
};

Sweep sweep_of(const std::string& text) {
  const auto [name, list] = split_key(text, "--sweep", "KEY=V1,V2,...");
  const std::string where = "--sweep " + text;
  Sweep sweep{&key_named(name, where), {}, {}};
  std::size_t from = 0;
  while (true) {
    const auto comma = list.find(',', from);
    std::string value = list.substr(from, comma == std::string::npos ? std::string::npos : comma - from);
    sweep.values.push_back(value_of(*sweep.key, value, where));
    sweep.texts.push_back(std::move(value));
    if (comma == std::string::npos) break;
    from = comma + 1;
  }
  return sweep;
}

std::string joined(const std::string& a, const std::string& b) { return a.empty() ? b : b.empty() ? a : a + " " + b; }

// --- Running --------------------------------------------------------------------------------------

// The steps after which a run measures: every `every`, and the last.
std::vector<std::uint64_t> measure_steps(const MoldStudyOptions& o) {
  std::vector<std::uint64_t> at;
  for (std::uint64_t s = o.every; s < o.steps; s += o.every) at.push_back(s);
  at.push_back(o.steps);
  return at;
}

struct MoldRun {
  std::vector<sim::NetworkFigures> figures;  // at measure_steps()
  double step_ns = 0.0;                      // CPU time of the steps alone
};

// CPU time of the calling thread (ns): a run steps on one thread, so this is its work alone, however
// busy the machine (wall time on a shared build machine read two to six times as much).
double thread_cpu_ns() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e9 + static_cast<double>(t.tv_nsec);
}

MoldRun run_mold_once(const MoldPoint& point, const MoldStudyOptions& o, std::size_t point_index, std::uint64_t seed) {
  sim::CpuMold mold(seed, sim::map_of_width(o.width), point.settings);
  sim::SerialFor serial;
  sim::NetworkMeter meter;
  const sim::MoldInputs none{};
  MoldRun out;
  std::uint64_t done = 0;
  for (const std::uint64_t next : measure_steps(o)) {
    const double started = thread_cpu_ns();
    for (; done < next; ++done) mold.step(none, serial);
    out.step_ns += thread_cpu_ns() - started;
    out.figures.push_back(meter.measure(mold.trail()));
  }
  if (!o.pgm_dir.empty()) {
    const std::filesystem::path path = o.pgm_dir / pgm_name(point_index, point.label, seed);
    std::ofstream file(path, std::ios::binary);
    file << pgm_image(mold.trail());
    if (!file) throw std::runtime_error("cannot write the image " + path.string());
  }
  return out;
}

double coverage_percent(const sim::NetworkFigures& f) { return 100.0 * f.coverage; }
double components_of(const sim::NetworkFigures& f) { return f.components; }
double holes_of(const sim::NetworkFigures& f) { return f.holes; }
double junctions_of(const sim::NetworkFigures& f) { return f.junctions; }

FigureChange change_of(const std::vector<std::vector<sim::NetworkFigures>>& runs,
                       double (*figure)(const sim::NetworkFigures&)) {
  FigureChange c;
  c.low = std::numeric_limits<double>::infinity();
  c.high = -std::numeric_limits<double>::infinity();
  for (const auto& series : runs) {
    c.first += figure(series.front()) / static_cast<double>(runs.size());
    c.last += figure(series.back()) / static_cast<double>(runs.size());
    for (std::size_t i = series.size() / 2; i < series.size(); ++i) {
      c.low = std::min(c.low, figure(series[i]));
      c.high = std::max(c.high, figure(series[i]));
    }
  }
  return c;
}

MoldPointResult summarise_point(const MoldPoint& point, const MoldStudyOptions& o, std::vector<MoldRun>& runs) {
  MoldPointResult r;
  r.label = point.label;
  r.settings = point.settings;
  r.map = sim::map_of_width(o.width);
  r.measured_at = measure_steps(o);
  double step_ns = 0.0;
  std::array<std::uint32_t, 3> counts{};
  for (MoldRun& run : runs) {
    step_ns += run.step_ns;
    r.run_verdicts.push_back(mold_verdict(run.figures));
    ++counts[static_cast<std::size_t>(r.run_verdicts.back())];
    r.junctions_per_hole += junctions_per_hole(run.figures.back()) / static_cast<double>(runs.size());
    r.runs.push_back(std::move(run.figures));
  }
  // The most runs' verdict; on a tie the lesser (counts run from the least verdict up).
  for (std::size_t v = 0; v < counts.size(); ++v) {
    if (counts[v] > r.verdict_runs) {
      r.verdict = static_cast<MoldVerdict>(v);
      r.verdict_runs = counts[v];
    }
  }
  r.coverage = change_of(r.runs, coverage_percent);
  r.components = change_of(r.runs, components_of);
  r.holes = change_of(r.runs, holes_of);
  r.junctions = change_of(r.runs, junctions_of);
  const double agent_steps =
      static_cast<double>(runs.size()) * static_cast<double>(o.steps) * static_cast<double>(point.settings.agents);
  r.ns_per_agent_step = agent_steps > 0.0 ? step_ns / agent_steps : 0.0;
  return r;
}

void check_options(const std::vector<MoldPoint>& points, const MoldStudyOptions& o) {
  if (points.empty()) throw std::invalid_argument("no setting to study");
  if (o.runs == 0) throw std::invalid_argument("--runs must be at least 1");
  if (o.steps == 0) throw std::invalid_argument("--steps must be at least 1");
  if (o.every == 0) throw std::invalid_argument("--every must be at least 1");
  if (o.width < sim::mold_rules::kMinMapWidth || o.width > sim::mold_rules::kMaxMapWidth) {
    throw std::invalid_argument(fmt::format("--width must be {} to {} cells", sim::mold_rules::kMinMapWidth,
                                            sim::mold_rules::kMaxMapWidth));
  }
  const sim::MapSize map = sim::map_of_width(o.width);
  for (const MoldPoint& p : points) {
    // With occupancy every agent needs a cell and room to move: the engine holds half the cells.
    const std::uint32_t most = p.settings.occupancy ? map.cells() / 2 : sim::mold_rules::kMaxAgents;
    if (p.settings.agents > most) {
      throw std::invalid_argument(fmt::format("{}: {} agents are more than the engine holds on a {} × {} map{} ({})",
                                              p.label, p.settings.agents, map.width, map.height,
                                              p.settings.occupancy ? " with occupancy" : "", most));
    }
  }
}

// --- Reports --------------------------------------------------------------------------------------

std::string change_cell(const FigureChange& c, const char* number) {
  return fmt::format(fmt::runtime(std::string(number) + ">" + number + " [{:g}..{:g}]"), c.first, c.last,
                     std::round(c.low * 10.0) / 10.0, std::round(c.high * 10.0) / 10.0);
}

nlohmann::ordered_json change_json(const FigureChange& c, double scale) {
  return {{"first", c.first * scale},
          {"last", c.last * scale},
          {"second_half_min", c.low * scale},
          {"second_half_max", c.high * scale}};
}

}  // namespace

// --- Points ---------------------------------------------------------------------------------------

const std::vector<MoldStudyKey>& mold_study_keys() {
  static const std::vector<MoldStudyKey> keys = {
      {"agents", 1.0, static_cast<double>(sim::mold_rules::kMaxAgents), "agents", true},
      {"sensor_angle", sim::kSensorAngleRange.min, sim::kSensorAngleRange.max, "degrees either side of the heading",
       false},
      {"turn_angle", sim::kTurnAngleRange.min, sim::kTurnAngleRange.max, "degrees turned a step", false},
      {"sensor_distance", sim::kSensorDistanceRange.min, sim::kSensorDistanceRange.max, "cells ahead", false},
      {"deposit", sim::kDepositRange.min, sim::kDepositRange.max, "of a full cell, per agent and step", false},
      {"decay", sim::kDecayRange.min, sim::kDecayRange.max, "share of the trail lost a step", false},
      {"diffusion", sim::kDiffusionRange.min, sim::kDiffusionRange.max, "0: none, 1: the 3 x 3 mean", false},
      {"occupancy", 0.0, 1.0, "1: one agent a cell, 0: any number", true},
  };
  return keys;
}

std::uint32_t mold_default_agents(std::uint32_t width) {
  const std::uint64_t cells = sim::map_of_width(width).cells();
  const std::uint64_t default_cells = sim::map_of_width(sim::mold_rules::kCpuMapWidth).cells();
  const std::uint64_t agents = (sim::mold_rules::kCpuAgents * cells + default_cells / 2) / default_cells;
  return static_cast<std::uint32_t>(std::max<std::uint64_t>(1, agents));
}

std::vector<MoldPoint> mold_points(const MoldPointArgs& args) {
  sim::MoldSettings base;
  std::string base_label;
  const std::uint32_t agents = args.agents.value_or(mold_default_agents(args.width));
  if (args.agents) {
    (void)value_of(key_named("agents", "--agents"), std::to_string(agents), "--agents");
    base_label = "agents=" + std::to_string(agents);
  }
  if (args.preset.empty()) {
    base = sim::default_mold_settings(agents);
  } else {
    const sim::MoldPreset* preset = sim::mold_preset(args.preset);
    if (preset == nullptr) {
      throw std::invalid_argument("--preset: unknown preset '" + args.preset + "'; the presets are " +
                                  sim::mold_preset_names());
    }
    base = sim::with_preset(*preset, agents);
    base_label = joined(args.preset, base_label);
  }
  for (const std::string& set : args.sets) {
    const auto [name, value] = split_key(set, "--set", "KEY=VALUE");
    const MoldStudyKey& key = key_named(name, "--set " + set);
    apply_key(base, key, value_of(key, value, "--set " + set));
    base_label = joined(base_label, name + "=" + value);
  }
  if (args.sweeps.size() > 2) {
    throw std::invalid_argument("at most two --sweep, got " + std::to_string(args.sweeps.size()));
  }
  std::vector<Sweep> sweeps;
  for (const std::string& s : args.sweeps) {
    sweeps.push_back(sweep_of(s));
    if (sweeps.size() == 2 && sweeps[0].key == sweeps[1].key) {
      throw std::invalid_argument("--sweep: " + std::string(sweeps[0].key->name) + " is swept twice");
    }
  }
  if (sweeps.empty()) return {MoldPoint{base_label.empty() ? "defaults" : base_label, base}};
  // An empty second sweep stands for "no second sweep": one value that changes nothing.
  const Sweep none{nullptr, {""}, {0.0}};
  const Sweep& outer = sweeps[0];
  const Sweep& inner = sweeps.size() == 2 ? sweeps[1] : none;
  std::vector<MoldPoint> points;
  for (std::size_t i = 0; i < outer.values.size(); ++i) {
    for (std::size_t j = 0; j < inner.values.size(); ++j) {
      MoldPoint p{fmt::format("{}={}", outer.key->name, outer.texts[i]), base};
      apply_key(p.settings, *outer.key, outer.values[i]);
      if (inner.key != nullptr) {
        apply_key(p.settings, *inner.key, inner.values[j]);
        p.label = fmt::format("{} {}={}", p.label, inner.key->name, inner.texts[j]);
      }
      p.label = joined(p.label, base_label);
      points.push_back(std::move(p));
    }
  }
  return points;
}

// --- Verdict --------------------------------------------------------------------------------------

std::string_view verdict_name(MoldVerdict verdict) {
  switch (verdict) {
    case MoldVerdict::network: return "network";
    case MoldVerdict::blobs_or_bands: return "blobs or bands";
    case MoldVerdict::no_structure: return "no structure";
  }
  return "?";
}

double junctions_per_hole(const sim::NetworkFigures& f) {
  return f.holes == 0 ? 0.0 : static_cast<double>(f.junctions) / static_cast<double>(f.holes);
}

bool is_network(const sim::NetworkFigures& f) {
  using namespace mold_verdict_rules;
  const double per_hole = junctions_per_hole(f);
  return f.components <= kMaxComponents && f.holes >= kMinHoles && per_hole >= kMinJunctionsPerHole &&
         per_hole <= kMaxJunctionsPerHole;
}

MoldVerdict mold_verdict(const std::vector<sim::NetworkFigures>& series) {
  if (series.empty() || series.back().components == 0) return MoldVerdict::no_structure;
  const std::size_t from = series.size() / 2;
  const auto networks = std::count_if(series.begin() + static_cast<std::ptrdiff_t>(from), series.end(), is_network);
  const bool steady = static_cast<double>(networks) >=
                      mold_verdict_rules::kSteadyShare * static_cast<double>(series.size() - from);
  return is_network(series.back()) && steady ? MoldVerdict::network : MoldVerdict::blobs_or_bands;
}

// --- Running --------------------------------------------------------------------------------------

std::vector<double> MoldPointResult::mean_curve(double (*figure)(const sim::NetworkFigures&)) const {
  std::vector<double> curve(measured_at.size(), 0.0);
  for (const auto& series : runs) {
    for (std::size_t i = 0; i < curve.size() && i < series.size(); ++i) {
      curve[i] += figure(series[i]) / static_cast<double>(runs.size());
    }
  }
  return curve;
}

MoldStudyResult run_mold_study(const std::vector<MoldPoint>& points, const MoldStudyOptions& options,
                               const MoldStudyProgress& progress) {
  check_options(points, options);
  if (!options.pgm_dir.empty()) {
    std::error_code error;
    std::filesystem::create_directories(options.pgm_dir, error);
    if (error) throw std::runtime_error("cannot make " + options.pgm_dir.string() + ": " + error.message());
  }
  const std::size_t total = points.size() * options.runs;
  std::vector<std::vector<MoldRun>> runs(points.size(), std::vector<MoldRun>(options.runs));
  const JobsRun jobs = run_jobs(
      total, job_threads(options.threads, total),
      [&](std::size_t job) {
        const std::size_t point = job / options.runs;
        const std::size_t run = job % options.runs;
        runs[point][run] = run_mold_once(points[point], options, point, options.first_seed + run);
      },
      progress);
  MoldStudyResult result;
  result.options = options;
  result.wall_seconds = jobs.wall_seconds;
  result.threads = jobs.threads;
  for (std::size_t i = 0; i < points.size(); ++i) result.points.push_back(summarise_point(points[i], options, runs[i]));
  return result;
}

// --- Reports --------------------------------------------------------------------------------------

std::string mold_table(const MoldStudyResult& result) {
  std::vector<std::vector<std::string>> rows;
  for (const MoldPointResult& p : result.points) {
    rows.push_back({p.label, fmt::format("{:.1f}", p.coverage.last), fmt::format("{:.1f}", p.components.last),
                    fmt::format("{:.1f}", p.holes.last), fmt::format("{:.1f}", p.junctions.last),
                    fmt::format("{:.2f}", p.junctions_per_hole),
                    fmt::format("{} {}/{}", verdict_name(p.verdict), p.verdict_runs, p.runs.size()),
                    fmt::format("{:.1f}", p.ns_per_agent_step), change_cell(p.coverage, "{:.1f}"),
                    change_cell(p.components, "{:.1f}"), change_cell(p.holes, "{:.1f}"),
                    change_cell(p.junctions, "{:.1f}")});
  }
  return text_table({{"point", 0}, {"cover%", 0}, {"comp", 0}, {"holes", 0}, {"junc", 0}, {"j/hole", 0},
                     {"verdict", 0}, {"ns/agent-step", 0}, {"cover% change", 0}, {"comp change", 0},
                     {"holes change", 0}, {"junc change", 0}},
                    rows) +
         "(last measure, mean over runs; change: first>last measure [least..most over the second half of every run])\n";
}

std::string mold_json(const MoldStudyResult& result) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();  // keys in the documented order
  for (const MoldPointResult& p : result.points) {
    const sim::MoldSettings& s = p.settings;
    nlohmann::ordered_json verdicts = nlohmann::ordered_json::array();
    for (const MoldVerdict v : p.run_verdicts) verdicts.push_back(verdict_name(v));
    out.push_back(
        {{"point", p.label},
         {"settings",
          {{"agents", s.agents},
           {"sensor_angle", s.sensor_angle_deg},
           {"turn_angle", s.turn_angle_deg},
           {"sensor_distance", s.sensor_distance},
           {"deposit", s.deposit},
           {"decay", s.decay},
           {"diffusion", s.diffusion},
           {"occupancy", s.occupancy}}},
         {"map", {{"width", p.map.width}, {"height", p.map.height}}},
         {"runs", p.runs.size()},
         {"steps", result.options.steps},
         {"final",
          {{"coverage", p.coverage.last / 100.0},
           {"components", p.components.last},
           {"holes", p.holes.last},
           {"junctions", p.junctions.last},
           {"junctions_per_hole", p.junctions_per_hole}}},
         {"change",
          {{"coverage", change_json(p.coverage, 0.01)},
           {"components", change_json(p.components, 1.0)},
           {"holes", change_json(p.holes, 1.0)},
           {"junctions", change_json(p.junctions, 1.0)}}},
         {"verdict", verdict_name(p.verdict)},
         {"verdict_runs", p.verdict_runs},
         {"run_verdicts", verdicts},
         {"ns_per_agent_step", p.ns_per_agent_step},
         {"series",
          {{"steps", p.measured_at},
           {"coverage", p.mean_curve([](const sim::NetworkFigures& f) { return f.coverage; })},
           {"components", p.mean_curve(components_of)},
           {"holes", p.mean_curve(holes_of)},
           {"junctions", p.mean_curve(junctions_of)}}}});
  }
  return out.dump(2) + "\n";
}

StudyPlot mold_plot(const MoldStudyResult& result) {
  StudyPlot plot;
  plot.x_step = static_cast<double>(result.options.every) / kMoldStepsPerMinute;
  plot.x_unit = "min";
  PlotPanel holes{"Holes (mean over runs)", {}};
  PlotPanel coverage{"Coverage: % of cells above the mean (mean over runs)", {}};
  for (const MoldPointResult& p : result.points) {
    plot.legend.push_back(p.label);
    holes.curves.push_back(p.mean_curve(holes_of));
    coverage.curves.push_back(p.mean_curve(coverage_percent));
  }
  plot.panels = {std::move(holes), std::move(coverage)};
  return plot;
}

std::string pgm_image(const sim::TrailView& trail) {
  std::string image = fmt::format("P5\n{} {}\n{}\n", trail.size.width, trail.size.height, kPgmWhite);
  const std::uint32_t brightest = trail.cells.empty() ? 0 : *std::max_element(trail.cells.begin(), trail.cells.end());
  for (const std::uint16_t v : trail.cells) {
    image += static_cast<char>(brightest == 0 ? 0 : (v * kPgmWhite + brightest / 2) / brightest);
  }
  return image;
}

std::string pgm_name(std::size_t point, const std::string& label, std::uint64_t seed) {
  std::string name;
  for (const char c : label) {
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
                       c == '-' || c == '=' || c == '_';
    name += plain ? c : '_';
  }
  return fmt::format("{:02}-{}-seed{}.pgm", point, name, seed);
}

}  // namespace meadow::study
