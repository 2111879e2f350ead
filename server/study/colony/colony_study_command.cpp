// `meadow-sim colony`: the colony study from the command line (docs/colony-study.md).
//   meadow-sim colony --runs R --minutes M --flowers N [--frogs F1,F2,...] [--set NAME=VALUE ...]
//                     [--sweep NAME=V1,V2,...] [--json] [--plot FILE] [--threads T]
//   meadow-sim colony --list-params
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sim/colony/colony_param_table.hpp"
#include "study/colony/colony_study.hpp"
#include "study/colony/colony_study_report.hpp"
#include "study/parse_number.hpp"
#include "study/study_commands.hpp"
#include "study/study_plot.hpp"
#include "study/study_progress.hpp"

namespace meadow::study {
namespace {

// "NAME=VALUE" → the pair; throws CLI::ValidationError with a message for people.
std::pair<std::string, std::string> split_assignment(const std::string& text, const char* option) {
  const auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size()) {
    throw CLI::ValidationError(option, "expected NAME=VALUE, got '" + text + "'");
  }
  return {text.substr(0, eq), text.substr(eq + 1)};
}

double colony_number_of(const std::string& text, const std::string& name) {
  const std::optional<double> value = parse_number(text);
  if (!value) throw CLI::ValidationError(name, "'" + text + "' is not a number");
  return *value;
}

void set_colony_param_or_throw(sim::ColonyParams& params, const std::string& name, double value) {
  const std::string error = sim::set_colony_param(params, name, value);
  if (!error.empty()) throw CLI::ValidationError(name, error);
}

// The base settings (defaults with every --set), then one setting per --sweep value.
std::vector<ColonySetting> colony_settings_from(const std::vector<std::string>& sets, const std::string& sweep) {
  sim::ColonyParams base;
  std::string base_label;
  for (const std::string& set : sets) {
    const auto [name, value] = split_assignment(set, "--set");
    set_colony_param_or_throw(base, name, colony_number_of(value, name));
    base_label += (base_label.empty() ? "" : " ") + name + "=" + value;
  }
  if (sweep.empty()) return {ColonySetting{base_label.empty() ? "defaults" : base_label, base}};
  const auto [name, values] = split_assignment(sweep, "--sweep");
  std::vector<ColonySetting> settings;
  std::size_t from = 0;
  while (from <= values.size()) {
    const auto comma = values.find(',', from);
    const std::string value = values.substr(from, comma == std::string::npos ? std::string::npos : comma - from);
    sim::ColonyParams params = base;
    set_colony_param_or_throw(params, name, colony_number_of(value, name));
    settings.push_back({name + "=" + value + (base_label.empty() ? "" : " " + base_label), params});
    if (comma == std::string::npos) break;
    from = comma + 1;
  }
  return settings;
}

// Each setting once per frog count, labelled with it; the settings as they are when
// no --frogs is given.
std::vector<ColonySetting> with_frogs(const std::vector<ColonySetting>& settings,
                                      const std::vector<std::uint32_t>& frogs) {
  if (frogs.empty()) return settings;
  std::vector<ColonySetting> out;
  for (const ColonySetting& s : settings) {
    for (const std::uint32_t n : frogs) {
      ColonySetting each = s;
      each.frogs = n;
      each.label = (s.label == "defaults" ? "" : s.label + " ") + "frogs=" + std::to_string(n);
      out.push_back(std::move(each));
    }
  }
  return out;
}

void list_colony_params() {
  const sim::ColonyParams defaults;
  std::printf("%-28s %14s  %-22s %s\n", "name", "default", "unit", "meaning");
  for (const auto& p : sim::colony_param_table()) {
    std::printf("%-28s %14g  %-22s %s\n", std::string(p.name).c_str(), sim::colony_param_value(defaults, p),
                std::string(p.unit).c_str(), std::string(p.meaning).c_str());
  }
}

struct ColonyCommand {
  ColonyStudyOptions options;
  std::vector<std::string> sets;
  std::vector<std::uint32_t> frogs;
  std::string sweep;
  std::string plot;
  bool json = false;
  bool list = false;
};

void run_colony_command(const ColonyCommand& c) {
  if (c.list) {
    list_colony_params();
    return;
  }
  const std::vector<ColonySetting> settings = with_frogs(colony_settings_from(c.sets, c.sweep), c.frogs);
  const ColonyStudyResult result = run_colony_study(settings, c.options, show_progress);
  std::fputs((c.json ? colony_json(result) : colony_table(result)).c_str(), stdout);
  const double speedup = result.simulated_seconds / std::max(result.wall_seconds, 1e-9);
  std::fprintf(stderr, "%zu runs × %.1f simulated minutes in %.1f s on %u threads: %.0f× real time\n",
               settings.size() * c.options.runs, c.options.minutes, result.wall_seconds, result.threads, speedup);
  if (!c.plot.empty()) std::fprintf(stderr, "%s\n", write_plot(colony_plot(result), c.plot).c_str());
}

void add_colony_command(CLI::App& app) {
  auto command = std::make_shared<ColonyCommand>();
  CLI::App* colony = app.add_subcommand(
      "colony",
      "Runs the colony left alone: R runs with seeds 1 … R per setting, each starting from N dropped\n"
      "flowers (and F frogs, one setting per count given), for M simulated minutes, on every core. Prints a\n"
      "table (share of time with no flower in bloom, flowers in bloom mean and 10th/90th percentile, colony\n"
      "size mean/min/max, share of runs that died out, fireflies the frogs ate per run);\n"
      "--plot writes flowers in bloom and colony size over time (SVG, and PNG where rsvg-convert is installed).\n"
      "Example: meadow-sim colony --runs 20 --minutes 10 --flowers 3 --sweep sips_per_flower=60,90,120");
  ColonyCommand& c = *command;
  colony->add_option("--runs", c.options.runs, "Runs per setting (seeds 1 … R)")->check(CLI::PositiveNumber)
      ->capture_default_str();
  colony->add_option("--minutes", c.options.minutes, "Simulated minutes per run")->check(CLI::PositiveNumber)
      ->capture_default_str();
  colony->add_option("--flowers", c.options.flowers, "Flowers dropped at the start of each run")->capture_default_str();
  colony->add_option("--frogs", c.frogs, "F1,F2,...: frogs dropped at the start of each run, one setting per count")
      ->delimiter(',');
  colony->add_option("--set", c.sets, "NAME=VALUE: override a number of the rules (see --list-params); repeatable");
  colony->add_option("--sweep", c.sweep, "NAME=V1,V2,...: one setting per value, each with every --set");
  colony->add_flag("--json", c.json, "Print one JSON object per setting instead of the table");
  colony->add_option("--plot", c.plot, "FILE: write the plot to FILE (.svg added if missing) and FILE's .png");
  colony->add_option("--threads", c.options.threads, "Threads (0: every core)")->capture_default_str();
  colony->add_flag("--list-params", c.list, "List every overridable number with its default and unit, and exit");
  colony->callback([command] { run_colony_command(*command); });
}

const StudyCommandRegistration kColonyCommand{&add_colony_command};

}  // namespace
}  // namespace meadow::study
