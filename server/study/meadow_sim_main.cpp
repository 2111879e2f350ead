// meadow-sim: studies of the meadow run headless, far faster than real time (docs/colony-study.md).
//   meadow-sim colony --runs R --minutes M --flowers N [--frogs F1,F2,...] [--set NAME=VALUE ...]
//                     [--sweep NAME=V1,V2,...] [--json] [--plot FILE] [--threads T]
//   meadow-sim colony --list-params
//   meadow-sim mold [--runs N] [--steps S] [--every K] [--width W] [--agents A] [--preset NAME]
//                   [--set KEY=VALUE ...] [--sweep KEY=V1,V2,... (up to two)] [--json]
//                   [--plot FILE] [--pgm DIR] [--threads T] [--seed X]
//   meadow-sim <a world's own study> …  (server/study/<world>/: `meadow-sim --help` lists them)
//   meadow-sim replay STATE_DIR [--from SNAPSHOT] [--to TICK] [--every N] [--threads T]
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdint>
#include <cstdio>
#include <exception>
#include <optional>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

#include "app/replay_run.hpp"
#include "sim/colony/colony_param_table.hpp"
#include "study/colony_study.hpp"
#include "study/mold_study.hpp"
#include "study/parse_number.hpp"
#include "study/study_commands.hpp"
#include "study/study_plot.hpp"
#include "study/study_report.hpp"

namespace {

using meadow::sim::ColonyParams;
using meadow::study::StudySetting;

// "NAME=VALUE" → the pair; throws CLI::ValidationError with a message for people.
std::pair<std::string, std::string> split_assignment(const std::string& text, const char* option) {
  const auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size()) {
    throw CLI::ValidationError(option, "expected NAME=VALUE, got '" + text + "'");
  }
  return {text.substr(0, eq), text.substr(eq + 1)};
}

double number_of(const std::string& text, const std::string& name) {
  const std::optional<double> value = meadow::study::parse_number(text);
  if (!value) throw CLI::ValidationError(name, "'" + text + "' is not a number");
  return *value;
}

void set_or_throw(ColonyParams& params, const std::string& name, double value) {
  const std::string error = meadow::sim::set_colony_param(params, name, value);
  if (!error.empty()) throw CLI::ValidationError(name, error);
}

// The base settings (defaults with every --set), then one setting per --sweep value.
std::vector<StudySetting> settings_from(const std::vector<std::string>& sets, const std::string& sweep) {
  ColonyParams base;
  std::string base_label;
  for (const std::string& set : sets) {
    const auto [name, value] = split_assignment(set, "--set");
    set_or_throw(base, name, number_of(value, name));
    base_label += (base_label.empty() ? "" : " ") + name + "=" + value;
  }
  if (sweep.empty()) return {StudySetting{base_label.empty() ? "defaults" : base_label, base}};
  const auto [name, values] = split_assignment(sweep, "--sweep");
  std::vector<StudySetting> settings;
  std::size_t from = 0;
  while (from <= values.size()) {
    const auto comma = values.find(',', from);
    const std::string value = values.substr(from, comma == std::string::npos ? std::string::npos : comma - from);
    ColonyParams params = base;
    set_or_throw(params, name, number_of(value, name));
    settings.push_back({name + "=" + value + (base_label.empty() ? "" : " " + base_label), params});
    if (comma == std::string::npos) break;
    from = comma + 1;
  }
  return settings;
}

// Each setting once per frog count, labelled with it; the settings as they are when
// no --frogs is given.
std::vector<StudySetting> with_frogs(const std::vector<StudySetting>& settings, const std::vector<std::uint32_t>& frogs) {
  if (frogs.empty()) return settings;
  std::vector<StudySetting> out;
  for (const StudySetting& s : settings) {
    for (const std::uint32_t n : frogs) {
      StudySetting each = s;
      each.frogs = n;
      each.label = (s.label == "defaults" ? "" : s.label + " ") + "frogs=" + std::to_string(n);
      out.push_back(std::move(each));
    }
  }
  return out;
}

void list_params() {
  const ColonyParams defaults;
  std::printf("%-28s %14s  %-22s %s\n", "name", "default", "unit", "meaning");
  for (const auto& p : meadow::sim::colony_param_table()) {
    std::printf("%-28s %14g  %-22s %s\n", std::string(p.name).c_str(), meadow::sim::colony_param_value(defaults, p),
                std::string(p.unit).c_str(), std::string(p.meaning).c_str());
  }
}

// A one-line progress bar on stderr, redrawn in place when stderr is a terminal.
void show_progress(std::size_t done, std::size_t total) {
  constexpr int kBar = 40;
  const int filled = static_cast<int>(kBar * done / total);
  const bool tty = isatty(STDERR_FILENO) != 0;
  if (!tty && done != total && done % std::max<std::size_t>(1, total / 10) != 0) return;
  std::fprintf(stderr, "%s[%s%s] %zu/%zu runs%s", tty ? "\r" : "", std::string(filled, '#').c_str(),
               std::string(kBar - filled, ' ').c_str(), done, total, tty && done != total ? "" : "\n");
  std::fflush(stderr);
}

std::string mold_key_help() {
  std::string help = "KEY=VALUE: override a setting; repeatable. Keys:";
  for (const auto& k : meadow::study::mold_study_keys()) {
    help += fmt::format("\n  {} ({:.10g} to {:.10g}: {})", k.name, k.min, k.max, k.unit);
  }
  return help;
}

// The mold subcommand's options (docs/mold.md "Studying the mold").
struct MoldCommand {
  meadow::study::MoldStudyOptions options;
  meadow::study::MoldPointArgs points;
  std::uint32_t agents = 0;
  CLI::Option* agents_given = nullptr;  // none on the command line: mold_default_agents(width)
  std::string pgm;
  std::string plot;
  bool json = false;
};

void add_mold_options(CLI::App& mold, MoldCommand& m) {
  mold.add_option("--runs", m.options.runs, "Runs per point (seeds X … X+N-1)")->check(CLI::PositiveNumber)
      ->capture_default_str();
  mold.add_option("--steps", m.options.steps, "Steps per run (60 a second of meadow)")->check(CLI::PositiveNumber)
      ->capture_default_str();
  mold.add_option("--every", m.options.every, "Measure the figures every K steps (and after the last)")
      ->check(CLI::PositiveNumber)->capture_default_str();
  mold.add_option("--width", m.options.width, "Map width in cells (16:9)")->capture_default_str();
  m.agents_given =
      mold.add_option("--agents", m.agents, "Agents (default: 20,480 on 512 wide, the same density on other maps)");
  mold.add_option("--threads", m.options.threads, "Threads the runs share (0: every core)")->capture_default_str();
  mold.add_option("--seed", m.options.first_seed, "The first run's seed")->capture_default_str();
  mold.add_option("--preset", m.points.preset, "Start from a preset's settings (lace, veins, cells, rivers)");
  mold.add_option("--set", m.points.sets, mold_key_help());
  mold.add_option("--sweep", m.points.sweeps, "KEY=V1,V2,...: one point per value, each with every --set; "
                                              "a second --sweep makes the grid of both");
  mold.add_flag("--json", m.json, "Print one JSON object per point instead of the table");
  mold.add_option("--plot", m.plot, "FILE: holes and coverage over time (SVG, and FILE's .png)");
  mold.add_option("--pgm", m.pgm, "DIR: each run's final map as a PGM image in DIR");
}

void run_mold(MoldCommand& m) {
  m.points.width = m.options.width;
  if (m.agents_given->count() > 0) m.points.agents = m.agents;
  m.options.pgm_dir = m.pgm;
  const auto points = meadow::study::mold_points(m.points);
  const auto result = meadow::study::run_mold_study(points, m.options, show_progress);
  std::fputs((m.json ? meadow::study::mold_json(result) : meadow::study::mold_table(result)).c_str(), stdout);
  std::fprintf(stderr, "%zu runs × %llu steps in %.1f s on %u threads\n", points.size() * m.options.runs,
               static_cast<unsigned long long>(m.options.steps), result.wall_seconds, result.threads);
  if (!m.plot.empty()) {
    std::fprintf(stderr, "%s\n", meadow::study::write_plot(meadow::study::mold_plot(result), m.plot).c_str());
  }
  if (!m.pgm.empty()) std::fprintf(stderr, "images: %s\n", m.pgm.c_str());
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"meadow-sim: the meadow's worlds run headless, far faster than real time, to study them."};
  app.require_subcommand(1);
  CLI::App* colony = app.add_subcommand(
      "colony",
      "Runs the colony left alone: R runs with seeds 1 … R per setting, each starting from N dropped\n"
      "flowers (and F frogs, one setting per count given), for M simulated minutes, on every core. Prints a\n"
      "table (share of time with no flower in bloom, flowers in bloom mean and 10th/90th percentile, colony\n"
      "size mean/min/max, share of runs that died out, fireflies the frogs ate per run);\n"
      "--plot writes flowers in bloom and colony size over time (SVG, and PNG where rsvg-convert is installed).\n"
      "Example: meadow-sim colony --runs 20 --minutes 10 --flowers 3 --sweep sips_per_flower=60,90,120");
  meadow::study::StudyOptions options;
  std::vector<std::string> sets;
  std::vector<std::uint32_t> frogs;
  std::string sweep;
  std::string plot;
  bool json = false;
  bool list = false;
  colony->add_option("--runs", options.runs, "Runs per setting (seeds 1 … R)")->check(CLI::PositiveNumber)
      ->capture_default_str();
  colony->add_option("--minutes", options.minutes, "Simulated minutes per run")->check(CLI::PositiveNumber)
      ->capture_default_str();
  colony->add_option("--flowers", options.flowers, "Flowers dropped at the start of each run")->capture_default_str();
  colony->add_option("--frogs", frogs, "F1,F2,...: frogs dropped at the start of each run, one setting per count")
      ->delimiter(',');
  colony->add_option("--set", sets, "NAME=VALUE: override a number of the rules (see --list-params); repeatable");
  colony->add_option("--sweep", sweep, "NAME=V1,V2,...: one setting per value, each with every --set");
  colony->add_flag("--json", json, "Print one JSON object per setting instead of the table");
  colony->add_option("--plot", plot, "FILE: write the plot to FILE (.svg added if missing) and FILE's .png");
  colony->add_option("--threads", options.threads, "Threads (0: every core)")->capture_default_str();
  colony->add_flag("--list-params", list, "List every overridable number with its default and unit, and exit");
  CLI::App* mold = app.add_subcommand(
      "mold",
      "Runs the mold (Jones 2010) from a uniform start: N runs with seeds X … X+N-1 per point, S steps\n"
      "each, measuring the network's figures every K steps. Prints per point the last measure's coverage,\n"
      "components, holes, junctions and junctions per hole, their change over the run, a verdict (network,\n"
      "blobs or bands, no structure) and ns per agent-step; --plot draws holes and coverage over time,\n"
      "--pgm writes each run's final map as an image.\n"
      "Example: meadow-sim mold --runs 2 --sweep sensor_angle=11.25,22.5,45 --sweep turn_angle=22.5,45");
  MoldCommand mold_command;
  add_mold_options(*mold, mold_command);
  CLI::App* replay = app.add_subcommand(
      "replay",
      "Re-runs a recording (a server's --state-dir: a snapshot and the journal of actions after it) headless on\n"
      "the CPU engines and prints the meadow's state hash (tick and hash per line) every N ticks and at the end.\n"
      "On the CPU the hashes equal those of the recorded server at the same ticks (it logs its own when it\n"
      "stops). Example: meadow-sim replay /var/lib/meadow --to 216000 --every 3600");
  meadow::app::ReplayOptions replay_options;
  std::int64_t replay_from = 0;
  std::uint64_t replay_to = 0;
  replay->add_option("state_dir", replay_options.state_dir, "The recording's folder (the server's --state-dir)")
      ->required();
  CLI::Option* from_given = replay->add_option(
      "--from", replay_from, "Snapshot id to start from (default: the oldest on the newest timeline)");
  CLI::Option* to_given = replay->add_option("--to", replay_to, "Tick to stop at (default: the last one recorded)");
  replay->add_option("--every", replay_options.every, "Also print the hash every N ticks")->capture_default_str();
  replay->add_option("--threads", replay_options.threads, "Threads for the steps (the hashes do not depend on it)")
      ->capture_default_str();
  // The studies the worlds' own folders bring (server/study/<world>/): each runs from its callback.
  for (const meadow::study::StudyCommandAdder add : meadow::study::study_commands()) add(app);
  try {
    app.parse(argc, argv);
    if (mold->parsed()) {
      run_mold(mold_command);
      return 0;
    }
    if (replay->parsed()) {
      if (from_given->count() > 0) replay_options.from_snapshot = replay_from;
      if (to_given->count() > 0) replay_options.to_tick = replay_to;
      const auto result = meadow::app::replay_recording(replay_options, [](std::uint64_t tick, std::uint64_t hash) {
        std::printf("tick %llu state-hash %016llx\n", static_cast<unsigned long long>(tick),
                    static_cast<unsigned long long>(hash));
        std::fflush(stdout);
      });
      std::fprintf(stderr, "replayed snapshot %lld from tick %llu to %llu (%zu actions) in %.2f s: %.0f× real time%s\n",
                   static_cast<long long>(result.snapshot_id), static_cast<unsigned long long>(result.from_tick),
                   static_cast<unsigned long long>(result.to_tick), result.actions, result.seconds,
                   static_cast<double>(result.to_tick - result.from_tick) / 60.0 / std::max(result.seconds, 1e-9),
                   result.journal_cut ? " (the journal's damaged tail was left out)" : "");
      return 0;
    }
    if (!colony->parsed()) return 0;  // a world's own study ran from its callback
    if (list) {
      list_params();
      return 0;
    }
    const std::vector<StudySetting> settings = with_frogs(settings_from(sets, sweep), frogs);
    const auto result = meadow::study::run_colony_study(settings, options, show_progress);
    std::fputs((json ? meadow::study::study_json(result) : meadow::study::study_table(result)).c_str(), stdout);
    const double speedup = result.simulated_seconds / std::max(result.wall_seconds, 1e-9);
    std::fprintf(stderr, "%zu runs × %.1f simulated minutes in %.1f s on %u threads: %.0f× real time\n",
                 settings.size() * options.runs, options.minutes, result.wall_seconds, result.threads, speedup);
    if (!plot.empty()) std::fprintf(stderr, "%s\n", meadow::study::write_study_plot(result, plot).c_str());
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "meadow-sim: %s\n", e.what());
    return 2;
  }
  return 0;
}
